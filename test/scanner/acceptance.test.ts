import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { backends } from '../support/backends.js';
import { type Owner, startTestApp, type TestApp } from '../support/test-app.js';
import { type GameProcess, startGameProcess } from './fixtures/game-process.js';
import {
  buildJar,
  HARMLESS_ENTRIES,
  METEOR_ENTRIES,
  plant,
  plantDiscordStore,
  plantedMachine,
  WURST_ENTRIES,
} from './fixtures/machine.js';

const run = promisify(execFile);
const TOKEN = 'mfa.ACCEPTANCE-DISCORD-TOKEN-9f8e7d6c5b4a';
const ACCESS_TOKEN = 'LAUNCHER-ACCESS-TOKEN-0a1b2c3d4e5f';
const PLAYER = { id: '412345678901234567', username: 'ScannedPlayer' };
const PRIVATE = 'org/example/privatecheat/Loader';
const canReadMemory = process.platform === 'linux' && process.getuid?.() === 0;

export interface ScanRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a scanner command (npx, or a built executable) against a planted machine. */
export async function scanWith(
  command: string,
  args: string[],
  env: Record<string, string>,
): Promise<ScanRun> {
  try {
    const { stdout, stderr } = await run(command, args, {
      env: { PATH: process.env.PATH ?? '', ...env },
      cwd: process.cwd(),
      maxBuffer: 64 * 1024 * 1024,
      timeout: 120_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : 1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

/** The machine of the acceptance check: cheats under harmless names, a harmless mod, Discord. */
export async function plantCheatingMachine() {
  const m = plantedMachine('linux');
  plant(join(m.minecraft, 'mods/fps-booster.jar'), buildJar(WURST_ENTRIES));
  plant(join(m.minecraft, 'mods/shaders-readme.txt'), buildJar(METEOR_ENTRIES));
  plant(join(m.minecraft, 'mods/harmless-mod-1.0.jar'), buildJar(HARMLESS_ENTRIES));
  await plantDiscordStore(m.discordBase, [PLAYER], TOKEN);
  return m;
}

export async function plantCleanMachine() {
  const m = plantedMachine('linux');
  plant(join(m.minecraft, 'mods/harmless-mod-1.0.jar'), buildJar(HARMLESS_ENTRIES));
  await plantDiscordStore(m.discordBase, [PLAYER], TOKEN);
  return m;
}

/** The game: a process named java holding the markers, one of them only as UTF-16LE. */
export function startCheatingGame(): Promise<GameProcess> {
  return startGameProcess({
    ascii: ['net/wurstclient/WurstClient', PRIVATE],
    utf16: ['meteordevelopment/meteorclient/MeteorClient'],
    args: ['--username', PLAYER.username, '--accessToken', ACCESS_TOKEN],
  });
}

export interface AcceptanceServer {
  t: TestApp;
  owner: Owner;
  url: string;
  logs: string[];
  close(): Promise<void>;
}

export async function startAcceptanceServer(): Promise<AcceptanceServer> {
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const sqlite = backends()[0];
  if (sqlite === undefined) throw new Error('no SQLite backend');
  const t = await startTestApp(sqlite, { LOG_LEVEL: 'trace' }, undefined, {
    logger: createLogger('trace', sink),
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const owner = await t.createOwner();
  // A rule only the server has: no client could know to hide from it.
  await t.admin('POST', '/admin/v1/rules', {
    name: 'Private loader',
    kind: 'memory-string',
    pattern: 'org/example/privatecheat/',
    severity: 'detection',
    games: ['Java'],
  });
  return {
    t,
    owner,
    url: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`,
    logs,
    close: () => t.close(),
  };
}

/** Every row of every table, as text. */
export async function dumpStore(t: TestApp): Promise<string> {
  const db = t.deps.store.db;
  const parts: string[] = [];
  for (const table of await db.introspection.getTables()) {
    // biome-ignore lint/suspicious/noExplicitAny: every table, whatever its columns.
    parts.push(JSON.stringify(await (db as any).selectFrom(table.name).selectAll().execute()));
  }
  return parts.join('\n');
}

/** The checks of the acceptance scan, whichever scanner build ran it. */
export async function expectCheatingScan(
  server: AcceptanceServer,
  pin: string,
  scan: ScanRun,
  gamePid: number,
) {
  expect(scan.code, scan.stderr).toBe(0);
  const printed = JSON.parse(scan.stdout) as { result: string; evidence: unknown };
  expect(printed.result).toBe('cheating');
  const results = await server.t.api('GET', `/v1/pins/${pin}/results`, { key: server.owner.key });
  const data = results.json().data as { detections: string[]; discord: unknown[] };
  expect(data.detections).toEqual(
    expect.arrayContaining([
      'Wurst in ~/.minecraft/mods/fps-booster.jar',
      'Meteor Client in ~/.minecraft/mods/shaders-readme.txt',
      `Wurst in memory of java (pid ${gamePid})`,
      `Meteor Client in memory of java (pid ${gamePid})`,
      `Private loader in memory of java (pid ${gamePid})`,
    ]),
  );
  expect(JSON.stringify(data)).not.toContain('harmless-mod');
  expect(data.discord).toEqual([PLAYER]);
  // The tokens are nowhere: not in what was sent or printed, the store or the server's logs.
  const everywhere = [scan.stdout, scan.stderr, await dumpStore(server.t), server.logs.join('')].join('\n');
  expect(everywhere).not.toContain(TOKEN);
  expect(everywhere).not.toContain(ACCESS_TOKEN);
  expect(scan.stdout).toContain('--accessToken <redacted>');
}

describe.skipIf(!canReadMemory)('the acceptance scan with `npx scanpin-scan --yes --json`', () => {
  let server: AcceptanceServer;
  let game: GameProcess;

  beforeAll(async () => {
    server = await startAcceptanceServer();
    game = await startCheatingGame();
  });
  afterAll(async () => {
    game?.stop();
    await server?.close();
  });

  it('finds each client by its contents, names the Discord account, leaves the harmless mod, leaks no token', async () => {
    const m = await plantCheatingMachine();
    const pin = await server.t.createPin(server.owner.key, { type: 'Java' });
    const scan = await scanWith(
      'npx',
      ['--no-install', 'scanpin-scan', '--server', server.url, '--pin', pin, '--yes', '--json'],
      m.env,
    );
    await expectCheatingScan(server, pin, scan, game.pid);
    rmSync(m.root, { recursive: true, force: true });
  });

  it('is not cheating on the same machine without the game and the cheats', async () => {
    game.stop();
    const m = await plantCleanMachine();
    const pin = await server.t.createPin(server.owner.key, { type: 'Java' });
    const scan = await scanWith(
      'npx',
      ['--no-install', 'scanpin-scan', '--server', server.url, '--pin', pin, '--yes', '--json'],
      m.env,
    );
    expect(scan.code, scan.stderr).toBe(0);
    expect(JSON.parse(scan.stdout).result).not.toBe('cheating');
    const results = (await server.t.api('GET', `/v1/pins/${pin}/results`, { key: server.owner.key })).json();
    expect(results.data.discord).toEqual([PLAYER]);
    rmSync(m.root, { recursive: true, force: true });
  });
});
if (!canReadMemory)
  console.warn('NOT TESTED: the acceptance scan reads another process’s memory, which needs root on Linux.');
