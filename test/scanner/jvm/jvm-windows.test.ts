import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plantedMachine } from '../../../packages/scanner/src/cli/self-test.js';
import type { CollectContext } from '../../../packages/scanner/src/collect/context.js';
import { collectJvm } from '../../../packages/scanner/src/collect/jvm.js';
import { displayPath } from '../../../packages/scanner/src/paths.js';
import { GAME_PROCESS } from '../../support/evidence.js';

/**
 * The Java traces on a planted Windows tree (docs/scan-client.md, "Java agents and attach traces"):
 * `%TEMP%\hsperfdata_<user>\<pid>`, a left `.attach_pid<pid>`, the agents the process source found;
 * the loaded classes are not compared on Windows yet, and the item says so.
 */
describe('the Java traces on a planted Windows tree', () => {
  let dir: string;
  let home: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'scanpin-jvm-win-'));
    home = join(dir, 'C', 'Users', 'Player');
    const temp = join(home, 'AppData', 'Local', 'Temp');
    mkdirSync(join(temp, 'hsperfdata_Player'), { recursive: true });
    writeFileSync(join(temp, 'hsperfdata_Player', '4242'), Buffer.alloc(32 * 1024));
    writeFileSync(join(temp, '.attach_pid4242'), '');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const ctx = (injections: string[]): CollectContext => ({
    machine: plantedMachine(join(dir, 'C'), home),
    game: 'Java',
    plan: { sources: [], hints: [] },
    display: (p) => displayPath(home, p),
    earlier: { processes: { items: [{ ...GAME_PROCESS, name: 'javaw', injections }] } },
  });

  it('reads hsperfdata, the attach request and the agents, and says the classes were not compared', async () => {
    const { items } = await collectJvm(ctx([`-javaagent:${home}\\tools\\probe.jar=debug`]));
    expect(items).toEqual([
      expect.objectContaining({
        pid: 4242,
        process: 'javaw',
        readable: false,
        reason: expect.stringMatching(/loaded classes are not compared/),
        agents: [{ kind: 'javaagent', target: '~/tools/probe.jar', from: 'command line' }],
        attachListener: null,
        attachRequestFiles: ['~/AppData/Local/Temp/.attach_pid4242'],
        perfData: true,
        unknownPackages: [],
      }),
    ]);
  });

  it('skips when no game runs', async () => {
    await expect(collectJvm({ ...ctx([]), earlier: { processes: { items: [] } } })).rejects.toThrow(
      /No game process was running/,
    );
  });
});
