import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildScanner } from '../../packages/scanner/scripts/build-sea.js';
import {
  type AcceptanceServer,
  canReadMemory,
  expectCheatingScan,
  PLAYER,
  plantCheatingMachine,
  scanWith,
  startAcceptanceServer,
  startCheatingGame,
} from './fixtures/acceptance.js';
import type { GameProcess } from './fixtures/game-process.js';

const linuxX64 = process.platform === 'linux' && process.arch === 'x64';

describe.skipIf(!linuxX64 || !canReadMemory)('the Linux single executable', () => {
  let exe: string;
  let server: AcceptanceServer;
  let game: GameProcess;

  beforeAll(async () => {
    [exe = ''] = await buildScanner(['linux-x64'], null);
    server = await startAcceptanceServer();
    game = await startCheatingGame();
  }, 180_000);
  afterAll(async () => {
    game?.stop();
    await server?.close();
  });

  it('runs on its own and gives the same acceptance scan', async () => {
    const version = await scanWith(exe, ['--version'], {});
    expect(version.stdout.trim()).toBe('scanpin-scan 0.1.0');
    const m = await plantCheatingMachine();
    const pin = await server.t.createPin(server.owner.key, { type: 'Java', playerDiscordId: PLAYER.id });
    const scan = await scanWith(exe, ['--server', server.url, '--pin', pin, '--yes', '--json'], m.env);
    await expectCheatingScan(server, pin, scan, game.pid);
    rmSync(m.root, { recursive: true, force: true });
  });
});
if (!linuxX64 || !canReadMemory)
  console.warn('NOT TESTED: the Linux single executable is built and run on linux-x64 as root only.');
