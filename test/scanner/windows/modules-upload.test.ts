import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plantedMachine } from '../../../packages/scanner/src/cli/self-test.js';
import type { CollectContext } from '../../../packages/scanner/src/collect/context.js';
import { modulesCollector } from '../../../packages/scanner/src/collect/windows/modules.js';
import { displayPath } from '../../../packages/scanner/src/paths.js';
import { backends } from '../../support/backends.js';
import { evidence, GAME_PROCESS, onWindows, withSections } from '../../support/evidence.js';
import { judgedUpload, judgingServerForSuite } from './support/judged-upload.js';
import { buildModuleDlls, MODULE_SIGNER, type ModuleDlls } from './support/module-dlls.js';

/**
 * The modules of the game process end to end (docs/scan-client.md, "Modules in the game process"):
 * the collector reads DLLs built here (mingw-w64, osslsigncode) as the game's modules, the document
 * goes to a real server, and the Windows pack's signals are in the result.
 */

describe.each(backends().slice(0, 1))(
  'modules in the game process, uploaded to a server on %s',
  (backend) => {
    const server = judgingServerForSuite(backend);
    let dir: string;
    let home: string;
    let dlls: ModuleDlls;

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'scanpin-modules-upload-'));
      home = join(dir, 'C', 'Users', 'Player');
      dlls = buildModuleDlls(join(dir, 'work'), join(home, 'Documents', 'overlay'));
    }, 60_000);
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    async function collect(game: Array<{ pid: number; name: string }>) {
      // The planted drive's Windows folder stands for %SystemRoot%, as on the machine it plants.
      const planted = plantedMachine(join(dir, 'C'), home);
      const machine = { ...planted, env: { ...planted.env, SystemRoot: join(dir, 'C', 'Windows') } };
      const ctx: CollectContext = {
        machine,
        game: 'FiveM',
        plan: { sources: ['processes', 'modules'] as never, hints: [] },
        display: (p) => displayPath(home, p),
        earlier: {
          processes: {
            items: game.map((g) => ({
              ...g,
              path: null,
              sha256: null,
              startedAt: null,
              commandLine: '',
              injections: [],
            })),
          },
        },
      };
      const paths = [join(dir, 'C', 'Windows', 'System32', 'ntdll.dll'), dlls.unsigned, dlls.selfSigned];
      return modulesCollector(async () => ({
        modules: paths.map((path) => ({ name: path.split('/').pop() ?? '', path, size: 4096 })),
        truncated: false,
        skipped: 0,
      }))(ctx);
    }

    it('skips without a game process, or on a machine that is not Windows', async () => {
      await expect(collect([])).rejects.toThrow(/No game process was running/);
      const ctx = {
        machine: { ...plantedMachine(join(dir, 'C'), home), platform: 'linux' as const },
        earlier: {},
      } as unknown as CollectContext;
      await expect(
        modulesCollector(async () => ({ modules: [], truncated: false, skipped: 0 }))(ctx),
      ).rejects.toThrow(/on Windows/);
    });

    it('shows the unsigned and self-signed modules from the profile in the result', async () => {
      const fields = await collect([{ pid: 4242, name: 'FiveM_GTAProcess.exe' }]);
      expect(fields.processes).toEqual([
        expect.objectContaining({ pid: 4242, readable: true, systemModules: 1, listed: 2 }),
      ]);
      const results = await judgedUpload(
        server(),
        (nonce) => {
          const base = onWindows(evidence(nonce));
          return withSections(base, {
            processes: {
              ...base.sources.processes,
              items: [{ ...GAME_PROCESS, pid: 4242, name: 'FiveM_GTAProcess.exe' }],
            },
            modules: { status: 'collected', reason: null, ...fields },
          });
        },
        { modules: 2 },
      );
      expect(results.warnings).toContain(
        'Unsigned module from a user-writable folder in the game in ~/Documents/overlay/overlay-unsigned.dll (unsigned; loaded in FiveM_GTAProcess.exe (pid 4242))',
      );
      expect(results.suspicious).toContain(
        `Self-signed module from a user-writable folder in the game in ~/Documents/overlay/overlay-selfsigned.dll (self-signed by ${MODULE_SIGNER}; loaded in FiveM_GTAProcess.exe (pid 4242))`,
      );
    });
  },
);
