import { lstat, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EVIDENCE_CAPS } from '@scanpin/evidence';
import type { DiscordAccountEvidence } from '../evidence/document.js';
import { readNewestValue } from '../leveldb/read-key.js';
import { foldersOf } from '../paths.js';
import { type Collector, SkipSource } from './context.js';

/** Discord's desktop apps, by the folder each keeps its data in. */
const CLIENTS = ['discord', 'discordptb', 'discordcanary', 'discorddevelopment'];

/**
 * The one Local Storage key read: Discord's list of the accounts signed in on this machine. Chromium
 * keys Local Storage by origin, a NUL, a 0x01 and the item's name. The store also holds a `tokens`
 * item: it is never looked up, decoded, kept or sent (docs/scan-client.md, "What is never collected").
 */
const MULTI_ACCOUNT_KEY = Buffer.concat([
  Buffer.from('_https://discord.com'),
  Buffer.from([0, 1]),
  Buffer.from('MultiAccountStore'),
]);

/** A Local Storage value: a 0x01 byte then Latin-1, or a 0x00 byte then UTF-16LE (Chromium's encoding). */
function decodeValue(value: Uint8Array): string {
  const buf = Buffer.from(value);
  if (buf[0] === 0) return buf.subarray(1).toString('utf16le');
  return buf.subarray(1).toString('latin1');
}

/** The accounts of a MultiAccountStore value; anything not shaped like one gives none. */
export function accountsOf(json: string): Array<{ id: string; username: string }> {
  const parsed = JSON.parse(json) as { _state?: { users?: Array<{ id?: unknown; username?: unknown }> } };
  const users = parsed._state?.users ?? [];
  return users.flatMap((u) =>
    typeof u.id === 'string' &&
    /^\d{17,20}$/.test(u.id) &&
    typeof u.username === 'string' &&
    u.username !== ''
      ? [{ id: u.id, username: u.username.slice(0, 100) }]
      : [],
  );
}

function storeFolder(base: string, client: string): string {
  return join(base, client, 'Local Storage', 'leveldb');
}

/**
 * Scanners before this one copied each store to a temporary folder with this prefix and removed it
 * afterwards; a run killed in between left the copy, token included. The scanner now reads the store
 * in place, in memory, and removes such leftovers when it starts (cli/main.ts).
 */
export const STALE_COPY_PREFIX = 'scanpin-discord-';

/**
 * Removes the private copies of Discord stores that a killed scanner left in the temporary folder:
 * only real folders with the prefix, and on Unix only the user's own. Never throws.
 */
export async function removeStaleCopies(temp: string = tmpdir()): Promise<number> {
  let removed = 0;
  const names = await readdir(temp).catch(() => [] as string[]);
  const uid = process.getuid?.();
  for (const name of names) {
    if (!name.startsWith(STALE_COPY_PREFIX)) continue;
    const path = join(temp, name);
    const info = await lstat(path).catch(() => null);
    if (info === null || !info.isDirectory() || (uid !== undefined && info.uid !== uid)) continue;
    await rm(path, { recursive: true, force: true }).then(
      () => removed++,
      () => undefined,
    );
  }
  return removed;
}

/**
 * The Discord accounts signed in on this machine (docs/scan-client.md), from each Discord app's Local
 * Storage. The store is read where it is (LevelDB's lock binds LevelDB, not a reader of its files),
 * into memory only: no copy of it, token included, is ever written to the disk. Only the store
 * folder's own regular files are read, within the bounds of `readNewestValue`.
 */
export const collectDiscord: Collector<'discord'> = async (ctx) => {
  const base = foldersOf(ctx.machine).appData;
  const present: Array<{ client: string; dir: string }> = [];
  for (const client of CLIENTS) {
    const dir = storeFolder(base, client);
    if ((await lstat(dir).catch(() => null))?.isDirectory()) present.push({ client, dir });
  }
  if (present.length === 0) throw new SkipSource('No Discord app data was found on this machine.');
  const accounts: DiscordAccountEvidence[] = [];
  for (const { client, dir } of present) {
    try {
      const value = await readNewestValue(dir, MULTI_ACCOUNT_KEY);
      if (value === null) continue;
      for (const a of accountsOf(decodeValue(value))) {
        if (accounts.length >= EVIDENCE_CAPS.discordAccounts) break;
        if (!accounts.some((x) => x.id === a.id && x.client === client)) accounts.push({ ...a, client });
      }
    } catch {
      // A store that cannot be read counts as none; the others still tell.
    }
  }
  return { accounts };
};
