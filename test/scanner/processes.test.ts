import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectMemory } from '../../packages/scanner/src/collect/memory.js';
import { collectProcesses } from '../../packages/scanner/src/collect/processes.js';
import { contextFor } from './fixtures/context.js';
import { type GameProcess, startGameProcess } from './fixtures/game-process.js';

const SECRET = 'SECRET-ACCESS-TOKEN-123';

describe.skipIf(process.platform !== 'linux')('the game process and its memory on Linux', () => {
  let game: GameProcess;

  beforeAll(async () => {
    game = await startGameProcess({
      ascii: ['net/wurstclient/WurstClient', 'KillAura enabled'],
      utf16: ['meteordevelopment/meteorclient/MeteorClient'],
      args: [
        '-javaagent:/tmp/agent.jar',
        '--username',
        'Steve',
        '--accessToken',
        SECRET,
        '--version',
        '1.20.4',
      ],
    });
  });
  afterAll(() => game?.stop());

  it('lists it with its executable hash, start time and a redacted command line', async () => {
    const ctx = contextFor({ env: { HOME: '/nonexistent' } });
    const { items } = await collectProcesses(ctx);
    const me = items.find((p) => p.pid === game.pid);
    expect(me).toMatchObject({ name: 'java', injections: ['-javaagent:/tmp/agent.jar'] });
    expect(me?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(Math.abs(Date.parse(me?.startedAt ?? '') - Date.now())).toBeLessThan(120_000);
    expect(me?.commandLine).toContain('--accessToken <redacted>');
    expect(JSON.stringify(items)).not.toContain(SECRET);
  });

  it('reads its memory: class names in ASCII and UTF-16LE and hinted strings, never raw bytes', async () => {
    const ctx = contextFor({ env: { HOME: '/nonexistent' } });
    const processes = await collectProcesses(ctx);
    const { items } = await collectMemory({ ...ctx, earlier: { processes } });
    const mine = items.find((m) => m.pid === game.pid);
    if (process.getuid?.() !== 0 && mine?.readable === false) {
      console.warn(`NOT TESTED: reading another process's memory needs root here (${mine.reason})`);
      return;
    }
    expect(mine).toMatchObject({ readable: true, process: 'java' });
    expect(mine?.classNames).toEqual(
      expect.arrayContaining(['net/wurstclient/WurstClient', 'meteordevelopment/meteorclient/MeteorClient']),
    );
    expect(mine?.strings).toContain('KillAura enabled');
    expect(mine?.bytesScanned).toBeGreaterThan(1_000_000);
  });

  it('says why memory that cannot be read was not, with what to do', async () => {
    const ctx = contextFor({ env: { HOME: '/nonexistent' } });
    const gone = {
      pid: 2 ** 22 + 12345,
      name: 'java',
      path: null,
      sha256: null,
      startedAt: null,
      commandLine: '',
      injections: [],
    };
    const { items } = await collectMemory({ ...ctx, earlier: { processes: { items: [gone] } } });
    expect(items[0]).toMatchObject({ readable: false, bytesScanned: 0 });
    expect(items[0]?.reason).toMatch(/ended while it was being read|could not be read/);
  });

  it('reads a game name longer than the 15 characters the kernel keeps of it', async () => {
    const roblox = await startGameProcess({ name: 'RobloxPlayerBeta' });
    try {
      const ctx = contextFor({ env: { HOME: '/nonexistent' } }, { game: 'Roblox' });
      const { items } = await collectProcesses(ctx);
      expect(items.find((p) => p.pid === roblox.pid)?.name).toBe('RobloxPlayerBeta');
    } finally {
      roblox.stop();
    }
  });

  it('skips memory, saying why, when no game runs', async () => {
    const ctx = contextFor({ env: { HOME: '/nonexistent' } }, { game: 'Roblox' });
    await expect(collectMemory({ ...ctx, earlier: { processes: { items: [] } } })).rejects.toThrow(
      /No game process/,
    );
  });
});
