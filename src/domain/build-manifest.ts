import { CLIENT_ID_PATTERN, CLIENT_KEY_BYTES } from './scanner-clients.js';
import { parseTimestamp } from './timestamp-input.js';

/**
 * The build manifest `npm run build:scanner` writes beside the executables (`scanner-clients.json`,
 * docs/scanner.md "Signed calls"): one official client per executable, each with its own id and key.
 * The server registers the ids it does not know yet. Pure: the parsed JSON in, the entries or what is
 * wrong with them out (never a key in the wording).
 */

/** The manifest's file name in its folder; it is never offered for download. */
export const BUILD_MANIFEST_FILE = 'scanner-clients.json';

export interface BuildManifestEntry {
  clientId: string;
  name: string;
  version: string | null;
  platform: string | null;
  /** base64url of 32 bytes. */
  key: string;
  /** When the executable was built (epoch ms): the order in which builds retire. */
  builtAt: number;
}

export type ManifestParse = { ok: true; entries: BuildManifestEntry[] } | { ok: false; problem: string };

const CLIENT_ID = new RegExp(CLIENT_ID_PATTERN);
const KEY = /^[A-Za-z0-9_-]{43}$/;
const SHORT_TEXT_MAX = 200;

const text = (v: unknown, max = SHORT_TEXT_MAX): v is string =>
  typeof v === 'string' && v.length > 0 && v.length <= max;

/** The manifest's entries, or the first thing wrong with it (entry index and field). */
export function parseBuildManifest(value: unknown): ManifestParse {
  const clients = (value as { clients?: unknown } | null)?.clients;
  if (typeof value !== 'object' || value === null || !Array.isArray(clients)) {
    return { ok: false, problem: 'the manifest must be an object with a "clients" list' };
  }
  const entries: BuildManifestEntry[] = [];
  for (const [i, raw] of clients.entries()) {
    const e = raw as Record<string, unknown> | null;
    const wrong = (field: string, what: string): ManifestParse => ({
      ok: false,
      problem: `clients[${i}].${field} must be ${what}`,
    });
    if (typeof e !== 'object' || e === null) return { ok: false, problem: `clients[${i}] must be an object` };
    if (typeof e.clientId !== 'string' || !CLIENT_ID.test(e.clientId))
      return wrong('clientId', '"spc_" and 24 base62 characters');
    if (!text(e.name)) return wrong('name', `text of 1 to ${SHORT_TEXT_MAX} characters`);
    if (e.version !== undefined && e.version !== null && !text(e.version, 100))
      return wrong('version', 'text of 1 to 100 characters');
    if (e.platform !== undefined && e.platform !== null && !text(e.platform, 100))
      return wrong('platform', 'text of 1 to 100 characters');
    if (
      typeof e.key !== 'string' ||
      !KEY.test(e.key) ||
      Buffer.from(e.key, 'base64url').length !== CLIENT_KEY_BYTES
    )
      return wrong('key', `${CLIENT_KEY_BYTES} bytes in base64url without padding`);
    const builtAt = typeof e.builtAt === 'string' ? parseTimestamp(e.builtAt) : undefined;
    if (builtAt === undefined) return wrong('builtAt', 'an RFC 3339 date and time');
    entries.push({
      clientId: e.clientId,
      name: e.name,
      version: typeof e.version === 'string' ? e.version : null,
      platform: typeof e.platform === 'string' ? e.platform : null,
      key: e.key,
      builtAt,
    });
  }
  return { ok: true, entries };
}
