import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AcceptanceServer,
  canReadMemory,
  expectCheatingScan,
  PLAYER,
  plantCheatingMachine,
  plantCleanMachine,
  scanWith,
  startAcceptanceServer,
  startCheatingGame,
} from './fixtures/acceptance.js';
import type { GameProcess } from './fixtures/game-process.js';

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
    const pin = await server.t.createPin(server.owner.key, { type: 'Java', playerDiscordId: PLAYER.id });
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
    // The game is not running: no wait for it here (game-wait.test.ts tests the wait).
    const scan = await scanWith(
      'npx',
      [
        '--no-install',
        'scanpin-scan',
        '--server',
        server.url,
        '--pin',
        pin,
        '--yes',
        '--json',
        '--wait-seconds',
        '0',
      ],
      m.env,
    );
    expect(scan.code, scan.stderr).toBe(0);
    const results = (await server.t.api('GET', `/v1/pins/${pin}/results`, { key: server.owner.key })).json();
    expect(results.result).not.toBe('cheating');
    // Found on the machine, but no one named or proved it: it counts only inside the Enterprise.
    expect(results.data.discord).toEqual([{ ...PLAYER, provenance: 'seen', reach: 'enterprise' }]);
    rmSync(m.root, { recursive: true, force: true });
  });
});
if (!canReadMemory)
  console.warn('NOT TESTED: the acceptance scan reads another process’s memory, which needs root on Linux.');
