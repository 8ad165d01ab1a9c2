import { execFileSync, spawn } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Budget } from '../../packages/scanner/src/bounded-read.js';
import { findInTable } from '../../packages/scanner/src/leveldb/table-file.js';
import { scanWith } from './fixtures/acceptance.js';
import { collectInChild } from './fixtures/child-collect.js';
import { craftedTable } from './fixtures/hostile-leveldb.js';
import {
  ACCOUNTS_KEY,
  buildJar,
  plant,
  plantDiscordStore,
  plantedMachine,
  WURST_ENTRIES,
} from './fixtures/machine.js';

/**
 * The review's hostile machine (docs/scan-client.md, "Bounds"): links to devices, FIFOs, a crafted
 * LevelDB table, a huge log, and a scanner killed mid-scan. Each collector must finish in bounded
 * time and memory, read nothing it should not, and leave no copy of the Discord store behind. The
 * collectors run in a child process that is killed after 15 s, so a regression fails instead of
 * hanging the test run.
 */

const TOKEN = 'mfa.HOSTILE-MACHINE-DISCORD-TOKEN-5e4d3c2b1a';
const PLAYER = { id: '512345678901234567', username: 'HostilePlayer' };
const bin = 'packages/scanner/bin/scanpin-scan.js';

function mkfifo(path: string): void {
  execFileSync('mkfifo', [path]);
}

/** Every file under a folder whose bytes contain `text`. */
function filesHolding(dir: string, text: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!e.isFile()) continue;
    const path = join(e.parentPath, e.name);
    if (readFileSync(path).includes(text)) out.push(path);
  }
  return out;
}

describe.skipIf(process.platform !== 'linux')('a hostile machine', () => {
  const roots: string[] = [];
  const machine = () => {
    const m = plantedMachine('linux');
    roots.push(m.root);
    return m;
  };
  afterAll(() => {
    for (const r of roots) rmSync(r, { recursive: true, force: true });
  });

  it('Discord: a .log linked to /dev/zero, a FIFO and the crafted .ldb are passed over, the accounts still read', async () => {
    const m = machine();
    const store = await plantDiscordStore(m.discordBase, [PLAYER], TOKEN);
    symlinkSync('/dev/zero', join(store, '000900.log'));
    mkfifo(join(store, '000901.log'));
    writeFileSync(join(store, '000902.ldb'), craftedTable(ACCOUNTS_KEY));
    // A link out of the store to a real store elsewhere is not followed either.
    const elsewhere = await plantDiscordStore(
      m.root,
      [{ id: '612345678901234567', username: 'Elsewhere' }],
      TOKEN,
      {
        client: 'other',
      },
    );
    symlinkSync(
      join(elsewhere, readdirSync(elsewhere).find((n) => n.endsWith('.log')) as string),
      join(store, '000001.log'),
    );

    const run = await collectInChild('discord', m.env);
    expect(run.error).toBeUndefined();
    expect(run.result).toEqual({ accounts: [{ ...PLAYER, client: 'discord' }] });
    expect(run.ms).toBeLessThan(5_000);
    expect(run.maxRssMiB).toBeLessThan(400);
  });

  it('the crafted .ldb is read once per block, and a budget stops any table that is still too costly', () => {
    const table = craftedTable(ACCOUNTS_KEY);
    const started = performance.now();
    expect(findInTable(table, ACCOUNTS_KEY, new Budget(Number.MAX_SAFE_INTEGER, 60_000))).toEqual([]);
    expect(performance.now() - started).toBeLessThan(3_000);
    let clock = 0;
    const budget = new Budget(Number.MAX_SAFE_INTEGER, 1_000, () => clock++);
    expect(() => findInTable(table, ACCOUNTS_KEY, budget)).toThrow(/time limit/);
  });

  it('logs: of a 1.9 GB sparse latest.log only the tail is read, in bounded memory', async () => {
    const m = machine();
    const log = join(m.minecraft, 'logs/latest.log');
    mkdirSync(join(m.minecraft, 'logs'), { recursive: true });
    const fd = openSync(log, 'w');
    const line = '[23:59:59] [Render thread/INFO]: [KillAura] enabled\n';
    writeSync(fd, `\n${line}`, 1_900_000_000);
    closeSync(fd);
    expect(statSync(log).size).toBeGreaterThan(1_900_000_000);

    const run = await collectInChild('logs', m.env);
    expect(run.error).toBeUndefined();
    expect(run.result).toEqual({ items: [{ path: '~/.minecraft/logs/latest.log', lines: [line.trim()] }] });
    expect(run.maxRssMiB).toBeLessThan(400);
  });

  it('logs: a latest.log that is a FIFO, or a link to /dev/zero, is not read', async () => {
    const m = machine();
    mkdirSync(join(m.minecraft, 'logs'), { recursive: true });
    mkfifo(join(m.minecraft, 'logs/latest.log'));
    const second = join(m.home, '.lunarclient');
    mkdirSync(join(second, 'logs'), { recursive: true });
    symlinkSync('/dev/zero', join(second, 'logs/latest.log'));
    const run = await collectInChild('logs', m.env);
    expect(run.result).toEqual({ items: [] });
    expect(run.maxRssMiB).toBeLessThan(400);
  });

  it('files: a jar linked to /dev/zero and a FIFO named .jar are passed over', async () => {
    const m = machine();
    plant(join(m.minecraft, 'mods/cheat.jar'), buildJar(WURST_ENTRIES));
    symlinkSync('/dev/zero', join(m.minecraft, 'mods/zero.jar'));
    mkfifo(join(m.minecraft, 'mods/pipe.jar'));
    const run = await collectInChild('files', m.env);
    expect(run.error).toBeUndefined();
    const { items, itemsTotal } = run.result as { items: Array<{ path: string }>; itemsTotal: number };
    expect(items.map((i) => i.path)).toEqual(['~/.minecraft/mods/cheat.jar']);
    expect(itemsTotal).toBe(1);
    expect(run.maxRssMiB).toBeLessThan(400);
  });

  it('no copy of the Discord store is ever written: a scan killed mid-read leaves nothing in TMPDIR', async () => {
    const m = machine();
    const store = await plantDiscordStore(m.discordBase, [PLAYER], TOKEN);
    // A store large enough that reading it takes a while (a copy of it took about a second).
    writeFileSync(join(store, '000800.ldb'), Buffer.alloc(48 * 1024 * 1024, 0x41));
    const temp = mkdtempSync(join(tmpdir(), 'scanpin-hostile-tmp-'));
    roots.push(temp);
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGKILL'] as const) {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '-e', SCAN_DISCORD_ONLY],
        {
          env: { ...m.env, PATH: process.env.PATH ?? '', TMPDIR: temp, NODE_OPTIONS: '' },
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
      child.kill(signal);
      await new Promise((resolve) => child.once('exit', resolve));
      expect(filesHolding(temp, TOKEN), `after ${signal}`).toEqual([]);
    }
  });

  it('a private copy left by an older scanner that was killed is removed at the next start', async () => {
    const temp = mkdtempSync(join(tmpdir(), 'scanpin-stale-tmp-'));
    roots.push(temp);
    plant(join(temp, 'scanpin-discord-AbC123/000003.log'), `tokens ${TOKEN}`);
    // Not followed out of the temporary folder: a link with the prefix leaves its target alone.
    const outside = mkdtempSync(join(tmpdir(), 'scanpin-outside-'));
    roots.push(outside);
    plant(join(outside, 'keep.txt'), 'not ours');
    symlinkSync(outside, join(temp, 'scanpin-discord-link'));

    // Refused before any server is contacted: the leftovers are removed all the same.
    const run = await scanWith(
      'node',
      [bin, '--server', 'http://scan.example.org', '--pin', 'ABCDEFGH', '--yes'],
      {
        TMPDIR: temp,
      },
    );
    expect(run.code).toBe(2);
    expect(existsSync(join(temp, 'scanpin-discord-AbC123'))).toBe(false);
    expect(filesHolding(temp, TOKEN)).toEqual([]);
    expect(readFileSync(join(outside, 'keep.txt'), 'utf8')).toBe('not ours');
  });
});

/** A child that reads the planted machine's Discord store over and over, saying when it has begun. */
const SCAN_DISCORD_ONLY = `
const { collectDiscord } = await import(${JSON.stringify(join(process.cwd(), 'packages/scanner/src/collect/discord.ts'))});
const machine = { platform: 'linux', env: process.env, procRoot: '/proc', sysRoot: '/sys' };
const ctx = { machine, game: 'Java', plan: { sources: ['discord'], hints: [] }, display: (p) => p, earlier: {} };
let first = true;
for (;;) {
  const pending = collectDiscord(ctx);
  if (first) { process.stdout.write('reading\\n'); first = false; }
  await pending;
}
`;
