import { existsSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { collectDiscord } from '../../packages/scanner/src/collect/discord.js';
import { readNewestValue } from '../../packages/scanner/src/leveldb/read-key.js';
import { contextFor } from './fixtures/context.js';
import { ACCOUNTS_KEY, plantDiscordStore, plantedMachine } from './fixtures/machine.js';

const TOKEN = 'mfa.SECRET-DISCORD-TOKEN-abcdef123456';
const PLAYER = { id: '123456789012345678', username: 'Player' };
const ALT = { id: '223456789012345678', username: 'AltAccount' };

describe.each([
  ['linux', false],
  ['linux', true],
  ['win32', true],
  ['darwin', false],
] as const)(
  'Discord accounts from Local Storage (%s layout, compacted into a table: %s)',
  (layout, compact) => {
    const m = plantedMachine(layout);
    afterAll(() => rmSync(m.root, { recursive: true, force: true }));

    it('reads the accounts and never the token, from a copy it removes', async () => {
      await plantDiscordStore(m.discordBase, [PLAYER, ALT], TOKEN, { compact });
      await plantDiscordStore(m.discordBase, [ALT], TOKEN, { client: 'discordptb' });
      const before = readdirSync(tmpdir()).filter((n) => n.startsWith('scanpin-discord-'));
      const { accounts } = await collectDiscord(contextFor({ env: m.env, platform: layout }));
      expect(accounts).toEqual([
        { ...PLAYER, client: 'discord' },
        { ...ALT, client: 'discord' },
        { ...ALT, client: 'discordptb' },
      ]);
      expect(JSON.stringify(accounts)).not.toContain(TOKEN);
      const after = readdirSync(tmpdir()).filter((n) => n.startsWith('scanpin-discord-'));
      expect(after).toEqual(before);
    });

    it('finds the newest value of a key as LevelDB itself stores it', async () => {
      const dir = await plantDiscordStore(m.root, [PLAYER], TOKEN, { compact, client: 'direct' });
      const value = await readNewestValue(dir, ACCOUNTS_KEY);
      expect(Buffer.from(value ?? []).toString('latin1')).toContain(PLAYER.id);
      expect(existsSync(dir)).toBe(true);
    });
  },
);

it('skips, saying why, when no Discord app is installed', async () => {
  const m = plantedMachine('linux');
  await expect(collectDiscord(contextFor({ env: m.env }))).rejects.toThrow(/No Discord/);
  rmSync(m.root, { recursive: true, force: true });
});
