import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectEvidence } from '../../../packages/scanner/src/collect/run.js';
import type { EvidenceSources } from '../../../packages/scanner/src/evidence/document.js';
import { displayPath } from '../../../packages/scanner/src/paths.js';
import { backends } from '../../support/backends.js';
import { judgedUpload, judgingServerForSuite } from './support/judged-upload.js';
import { CHEAT, type PlantedWindows, plantWindows, TOOL } from './support/planted-windows.js';

/**
 * The Windows sources end to end (docs/scan-client.md, "Programs that ran"): a planted Windows tree
 * read by the collectors, the document uploaded to a real server, and the report it makes. The
 * cheat was run and deleted: Prefetch, BAM, PCA and the Recycle Bin remember it, so the report says
 * "executed, file deleted" with its execution times.
 */

const WINDOWS_SOURCES = ['system', 'prefetch', 'bam', 'pca', 'recycleBin', 'gameFolders', 'programs'];

async function collect(planted: PlantedWindows, game = 'FiveM'): Promise<EvidenceSources> {
  return collectEvidence(
    planted.machine,
    game,
    { sources: WINDOWS_SOURCES as never, hints: [] },
    (p) => displayPath(planted.home, p),
    () => {},
  );
}

describe('the Windows sources on a planted Windows tree', () => {
  let planted: PlantedWindows;
  let sources: EvidenceSources;

  beforeAll(async () => {
    planted = plantWindows();
    sources = await collect(planted);
  }, 60_000);
  afterAll(() => rmSync(planted.root, { recursive: true, force: true }));

  it('reads Prefetch with its run times, and that Prefetch is on', () => {
    const prefetch = sources.prefetch;
    expect(prefetch?.status, prefetch?.reason ?? '').toBe('collected');
    expect(prefetch?.enabled).toBe(true);
    expect(prefetch?.filesTotal).toBe(2);
    const cheat = prefetch?.items.find((f) => f.executable === 'CHEAT.EXE');
    expect(cheat).toMatchObject({
      version: 30,
      hash: '1A2B3C4D',
      runCount: 2,
      lastRuns: CHEAT.prefetchRuns,
      path: 'C:/Windows/Prefetch/CHEAT.EXE-1A2B3C4D.pf'.replace('C:', planted.drive),
    });
    // The volume path's inner path is the home folder's, whatever its case: shown as `~`.
    expect(cheat?.executablePath).toBe('~/DOWNLOADS/CHEAT.EXE');
  });

  it('reads BAM from the SYSTEM hive file, device paths through the volume to `~`', () => {
    const bam = sources.bam;
    expect(bam?.status, bam?.reason ?? '').toBe('collected');
    expect(bam?.from).toBe('hive-file');
    expect(bam?.controlSet).toBe('ControlSet001');
    expect(bam?.items).toContainEqual({
      service: 'bam',
      sid: expect.stringMatching(/^S-1-5-21-/),
      program: CHEAT.shown,
      lastRun: CHEAT.bamRun,
    });
  });

  it('reads PCA and the Recycle Bin', () => {
    expect(sources.pca?.items).toContainEqual({
      file: 'PcaAppLaunchDic.txt',
      path: CHEAT.shown,
      time: CHEAT.pcaRun,
      runStatus: null,
      exitCode: null,
    });
    expect(sources.recycleBin?.drives).toEqual(['C:']);
    expect(sources.recycleBin?.items).toEqual([
      expect.objectContaining({
        originalPath: CHEAT.shown,
        size: 48_128,
        deletedAt: CHEAT.deletedAt,
        dataPresent: false,
      }),
    ]);
  });

  it('lists the game folders beyond Minecraft, and only the files worth listing', () => {
    const items = sources.gameFolders?.items ?? [];
    const paths = items.map((i) => `${i.folder}: ${i.path}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'FiveM plugins: ~/AppData/Local/FiveM/FiveM.app/plugins/menu.dll',
        'FiveM citizen: ~/AppData/Local/FiveM/FiveM.app/citizen/common/data/aim.asi',
        'FiveM crashes: ~/AppData/Local/FiveM/FiveM.app/crashes/dump-2024-03-10.dmp',
        'temp: ~/AppData/Local/Temp/JNativeHook-2.2.2.x86_64.dll',
        expect.stringMatching(/^SA-MP cleo: .*GTA San Andreas\/cleo\/aimbot\.cs$/),
        expect.stringMatching(/^SA-MP game folder: .*GTA San Andreas\/s0beit\.asi$/),
        expect.stringMatching(/^macro software: Bloody7: .*\/Bloody7$/),
      ]),
    );
    expect(paths.join('\n')).not.toMatch(/gameconfig\.xml|notes\.txt|gta_sa\.exe/);
    expect(items.find((i) => i.path.endsWith('menu.dll'))?.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('joins the sources per program: the deleted cheat with every time, the signed tool that is there', () => {
    const programs = sources.programs?.items ?? [];
    const cheat = programs.find((p) => p.name.toLowerCase() === 'cheat.exe');
    expect(cheat).toMatchObject({ path: CHEAT.shown, exists: false, sha256: null, signature: null });
    expect(cheat?.timeline).toEqual([
      { source: 'prefetch', at: CHEAT.prefetchRuns[1] },
      { source: 'pca', at: CHEAT.pcaRun },
      { source: 'prefetch', at: CHEAT.prefetchRuns[0] },
      { source: 'bam', at: CHEAT.bamRun },
      { source: 'recycle-bin', at: CHEAT.deletedAt },
    ]);
    const tool = programs.find((p) => p.name === 'tool.exe');
    expect(tool?.exists).toBe(true);
    expect(tool?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(tool?.signature).toMatchObject({ status: 'signed-valid', signer: TOOL.signer, selfSigned: true });
    expect(tool?.timeline.map((e) => e.source)).toEqual(
      expect.arrayContaining(['prefetch', 'bam', 'pca', 'file-modified']),
    );
  });

  it('never sends the planted root or the home folder in full', () => {
    const text = JSON.stringify(sources);
    expect(text).not.toContain(planted.home);
    expect(text).not.toContain('Users/Player');
  });

  it('skips every Windows source on a machine that is not Windows, saying why', async () => {
    const linux = await collectEvidence(
      { platform: 'linux', env: { HOME: planted.home }, procRoot: '/proc', sysRoot: '/sys' },
      'FiveM',
      { sources: WINDOWS_SOURCES as never, hints: [] },
      (p) => p,
      () => {},
    );
    for (const name of ['prefetch', 'bam', 'pca', 'recycleBin', 'gameFolders', 'programs'] as const) {
      expect(linux[name]?.status).toBe('skipped');
      expect(linux[name]?.reason).toContain('this machine runs linux');
    }
  });

  it('without knowing the volumes, still matches device paths by their path inside the volume', async () => {
    const unmapped = {
      ...planted,
      machine: { ...planted.machine, windows: { drives: { 'C:': planted.drive } } },
    };
    const again = await collect(unmapped);
    expect(again.bam?.items.map((b) => b.program)).toContain(CHEAT.shown);
    const cheat = again.programs?.items.find((p) => p.name.toLowerCase() === 'cheat.exe');
    expect(cheat?.exists).toBe(false);
    expect(cheat?.timeline.map((e) => e.source)).toEqual(
      expect.arrayContaining(['prefetch', 'bam', 'pca', 'recycle-bin']),
    );
  });
});

describe.each(backends().slice(0, 1))('the planted Windows scan judged by a real server on %s', (backend) => {
  const server = judgingServerForSuite(backend);
  let planted: PlantedWindows;

  beforeAll(() => {
    planted = plantWindows();
  }, 60_000);
  afterAll(() => rmSync(planted.root, { recursive: true, force: true }));

  it('reports the deleted cheat as executed, file deleted, with its execution times', async () => {
    const { t } = server();
    const results = await judgedUpload(
      server(),
      async (nonce) => ({
        schema: 2,
        nonce,
        client: { version: '0.1.0', platform: 'win32', arch: 'x64' },
        sources: {
          ...(await collect(planted)),
          processes: { status: 'skipped', reason: 'Not asked for.', items: [] },
        },
      }),
      { prefetchFiles: 2, programs: 2, recycleBinItems: 1 },
    );
    expect(results.suspicious).toEqual(
      expect.arrayContaining([
        `Executed, file deleted in ${CHEAT.shown} (ran: Prefetch 2024-03-10 18:45:12 UTC, 2024-03-09 21:00:00 UTC; BAM 2024-03-10 18:45:13 UTC; PCA 2024-03-10 18:45:11 UTC)`,
        'JNativeHook (global mouse and keyboard hook, used by autoclickers) in ~/AppData/Local/Temp/JNativeHook-2.2.2.x86_64.dll',
      ]),
    );
    expect(results.warnings).toEqual(
      expect.arrayContaining([
        'FiveM plugin in ~/AppData/Local/FiveM/FiveM.app/plugins/menu.dll',
        'FiveM crash dump in ~/AppData/Local/FiveM/FiveM.app/crashes/dump-2024-03-10.dmp',
        'ASI plugin in ~/AppData/Local/FiveM/FiveM.app/citizen/common/data/aim.asi',
      ]),
    );
    // The tool ran and is there: no deletion, no anti-forensics. Only what this Windows-only
    // collection left out of the server's plan lowers the trust (docs/scan-client.md, "Trust"); a
    // version 2 document predates the USN journal, so its absence is not held against it.
    expect(JSON.stringify(results)).not.toContain('tool.exe');
    expect(results.integrity).toEqual([
      'The scan left out the running processes (Not asked for.).',
      'The scan left out the game’s memory (Not asked for by this scan’s plan.).',
    ]);

    const stored = await t.deps.store.db
      .selectFrom('scan_evidence')
      .select(['findings'])
      .executeTakeFirstOrThrow();
    // Kept as the judgement: the listed findings and, per rule, the places past their bounds.
    const { findings } = JSON.parse(stored.findings) as {
      findings: Array<{ rule: string; kind: string; proves: string; evidence: unknown }>;
    };
    expect(findings.find((f) => f.rule === 'Executed, file deleted')).toMatchObject({
      kind: 'signal',
      proves: 'execution',
      evidence: { source: 'programs', value: 'executed-file-deleted' },
    });
    expect(findings.find((f) => f.rule === 'FiveM plugin')?.proves).toBe('possession');
  }, 60_000);
});
