import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { EVIDENCE_CAPS } from '@scanpin/evidence';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plantedMachine } from '../../../packages/scanner/src/cli/self-test.js';
import type { Machine } from '../../../packages/scanner/src/collect/context.js';
import { collectEvidence } from '../../../packages/scanner/src/collect/run.js';
import type { EvidenceSources } from '../../../packages/scanner/src/evidence/document.js';
import { displayPath } from '../../../packages/scanner/src/paths.js';
import { backends } from '../../support/backends.js';
import { startScan, uploadEvidence } from '../../support/evidence.js';
import { type Owner, startTestApp, type TestApp } from '../../support/test-app.js';

/**
 * PCA's general log in the programs section (docs/scan-client.md, "Windows execution records" and
 * "Programs that ran"). Windows writes most of its paths through a folder variable
 * (`%programfiles%\…`, `%USERPROFILE%\…`) or without a drive (`\musicbee\…`); each record must still
 * reach the program it names, with the log's description, vendor, version and program id kept.
 * Checked on the real PCA files of ../shared/fixtures/windows-real/pca/ (never copied into the
 * repository: into a temporary planted tree only) and on a tree of our own.
 */

const REAL = join(process.cwd(), '..', 'shared', 'fixtures', 'windows-real', 'pca');

/** A Windows tree in a temporary folder: drive `C:` (the home in it) and `D:`. */
function plantTree(): { root: string; c: string; d: string; home: string; pca: string } {
  const root = mkdtempSync(join(tmpdir(), 'scanpin-pca-'));
  const c = join(root, 'C');
  const d = join(root, 'D');
  const home = join(c, 'Users', 'Player');
  mkdirSync(home, { recursive: true });
  mkdirSync(d, { recursive: true });
  return { root, c, d, home, pca: join(c, 'Windows', 'appcompat', 'pca') };
}

function collect(machine: Machine, home: string, sources = ['pca', 'programs']): Promise<EvidenceSources> {
  return collectEvidence(
    machine,
    'FiveM',
    { sources: sources as never, hints: [] },
    (p) => displayPath(home, p),
    () => {},
  );
}

type PcaItem = NonNullable<EvidenceSources['pca']>['items'][number];
type ProgramItem = NonNullable<EvidenceSources['programs']>['items'][number];

/** A general-log record reaches the programs section: a program of its name has its time, from PCA. */
function reaches(programs: ProgramItem[], record: PcaItem): boolean {
  const name = (record.path.split(/[\\/]/).pop() ?? '').toLowerCase();
  return programs.some(
    (p) =>
      p.name.toLowerCase() === name && p.timeline.some((t) => t.source === 'pca' && t.at === record.time),
  );
}

const generalOf = (sources: EvidenceSources) =>
  (sources.pca?.items ?? []).filter((i) => i.file !== 'PcaAppLaunchDic.txt');

if (!existsSync(REAL))
  console.warn(`NOT TESTED: the real PCA files are absent (${REAL}); PCA was checked on our own files only.`);

describe.skipIf(!existsSync(REAL))('PCA general-log records of real Windows 11 machines', () => {
  const trees: string[] = [];
  afterAll(() => {
    for (const t of trees) rmSync(t, { recursive: true, force: true });
  });

  async function collectSample(sample: string): Promise<EvidenceSources> {
    const tree = plantTree();
    trees.push(tree.root);
    cpSync(join(REAL, sample), tree.pca, { recursive: true });
    return collect(plantedMachine(tree.c, tree.home), tree.home);
  }

  // Before the fix, none of these records reached the programs section (0 of 176 and 0 of 3): every
  // path was a folder variable or had no drive, and the path splitter dropped it. Now every record
  // does but those whose path names neither a drive nor a folder variable, which the planted tree
  // does not hold and no other source places on a drive: not finding `\downloads\tool.exe` under an
  // unknown folder is no sign it was deleted, so those stay in the PCA section only.
  it('RathbunVM (Windows 11): 175 of its 176 general-log records reach the programs section', async () => {
    const sources = await collectSample('win11-rathbunvm');
    expect(sources.pca?.status, sources.pca?.reason ?? '').toBe('collected');
    expect(sources.pca?.skippedLines).toBe(0);
    expect(sources.pca?.items).toHaveLength(231);
    const general = generalOf(sources);
    expect(general).toHaveLength(176);
    const programs = sources.programs?.items ?? [];
    const reached = general.filter((r) => reaches(programs, r));
    expect(reached).toHaveLength(175);
    const left = general.filter((r) => !reaches(programs, r));
    expect(left.map((r) => r.path.startsWith('\\') || r.path.startsWith('/'))).toEqual([true]);

    // The details are kept, as the log wrote them.
    expect(general[0]).toEqual({
      file: 'PcaGeneralDb0.txt',
      path: '%programfiles%\\freefilesync\\freefilesync.exe',
      time: '2022-05-12T19:48:09.548Z',
      runStatus: '2',
      exitCode: 'Abnormal process exit with code 0x2',
      description: 'freefilesync',
      vendor: 'freefilesync.org',
      version: '11.20',
      programId: '000617915288ba535b4198ae58be4d9e2a4200000904',
    });
    // `%USERPROFILE%` is the player's home.
    expect(general.map((r) => r.path)).toContain('~/appdata/local/markdown monster/markdownmonster.exe');
    // A path without a drive meets the same program's launch on drive K: (PcaAppLaunchDic.txt).
    const musicbee = programs.filter((p) => p.name.toLowerCase() === 'musicbee.exe');
    expect(musicbee).toHaveLength(1);
    expect(musicbee[0]?.timeline).toEqual(
      expect.arrayContaining([
        { source: 'pca', at: '2022-12-28T16:07:48.304Z' },
        { source: 'pca', at: '2022-12-28T16:07:48.536Z' },
      ]),
    );
  });

  it('plaso’s test file: 2 of its 3 general-log records reach the programs section (the third names no drive); empty details are left out', async () => {
    const sources = await collectSample('plaso');
    const general = generalOf(sources);
    expect(general).toHaveLength(3);
    expect(general.filter((r) => reaches(sources.programs?.items ?? [], r))).toHaveLength(2);
    const ripgrep = general.find((r) => r.path.endsWith('rg.exe'));
    expect(ripgrep).toEqual({
      file: 'PcaGeneralDb0.txt',
      path: '%programfiles%\\microsoft vs code\\resources\\app\\node_modules.asar.unpacked\\@vscode\\ripgrep\\bin\\rg.exe',
      time: '2022-11-15T00:00:11.751Z',
      runStatus: '2',
      exitCode: 'Abnormal process exit with code 0x1',
      programId: '0000e6b26ba7b04397534ea87b0142a0deae0000ffff',
    });
  });
});

/** Our own general log: every path form Windows writes, and one variable nobody knows. */
const LONG_DESCRIPTION = 'd'.repeat(EVIDENCE_CAPS.text + 100);
const OWN_LOG = [
  '2024-03-10 18:00:00.000|2|%programfiles%\\Aim\\aim.exe|Aim Helper|Aim Corp|1.2.3|0006aaaa|Abnormal process exit with code 0x2',
  '2024-03-10 18:10:00.000|3|%USERPROFILE%\\Downloads\\cheat.exe|cheat|||0000bbbb|PCA resolve is called, resolver name: DetectorShim_KernelDriver, result: 0',
  `2024-03-10 18:20:00.000|2|%PROGRAMFILES(X86)%\\Tool\\tool.exe|${LONG_DESCRIPTION}|Tool Ltd|2.0|0006cccc|Abnormal process exit with code 0x1`,
  '2024-03-10 18:30:00.000|2|\\Games\\game.exe||||0000dddd|Abnormal process exit with code 0x1',
  '2024-03-10 18:40:00.000|2|%mystery%\\thing.exe||||0000eeee|Abnormal process exit with code 0x1',
];

function plantOwn(): ReturnType<typeof plantTree> {
  const tree = plantTree();
  const put = (path: string, data: string | Buffer) => {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, data);
  };
  put(join(tree.pca, 'PcaGeneralDb0.txt'), Buffer.from(`\uFEFF${OWN_LOG.join('\r\n')}\r\n`, 'utf16le'));
  put(join(tree.c, 'Program Files', 'Aim', 'aim.exe'), 'MZ aim');
  put(join(tree.c, 'Program Files (x86)', 'Tool', 'tool.exe'), 'MZ tool');
  put(join(tree.d, 'Games', 'game.exe'), 'MZ game');
  return tree;
}

/** The planted machine, with `%ProgramFiles%` known (as on a live machine) or not. */
function ownMachine(tree: ReturnType<typeof plantTree>, programFiles: boolean): Machine {
  const machine = plantedMachine(tree.c, tree.home, { 'D:': tree.d });
  return programFiles ? { ...machine, env: { ...machine.env, ProgramFiles: 'C:\\Program Files' } } : machine;
}

describe('PCA general-log records of our own Windows tree', () => {
  let tree: ReturnType<typeof plantOwn>;
  let sources: EvidenceSources;

  beforeAll(async () => {
    tree = plantOwn();
    sources = await collect(ownMachine(tree, true), tree.home);
  });
  afterAll(() => rmSync(tree.root, { recursive: true, force: true }));

  const shown = (local: string) => local.replaceAll('\\', '/');

  it('resolves the folder variables it knows, and keeps the others as written', () => {
    expect(sources.pca?.status, sources.pca?.reason ?? '').toBe('collected');
    expect(sources.pca?.items.map((i) => i.path)).toEqual([
      shown(join(tree.c, 'Program Files', 'Aim', 'aim.exe')),
      '~/Downloads/cheat.exe',
      '%PROGRAMFILES(X86)%\\Tool\\tool.exe',
      '\\Games\\game.exe',
      '%mystery%\\thing.exe',
    ]);
  });

  it('keeps description, vendor, version and program id, capped, and leaves out empty ones', () => {
    const [aim, cheat, tool, game] = sources.pca?.items ?? [];
    expect(aim).toMatchObject({
      description: 'Aim Helper',
      vendor: 'Aim Corp',
      version: '1.2.3',
      programId: '0006aaaa',
      runStatus: '2',
      exitCode: 'Abnormal process exit with code 0x2',
    });
    expect(cheat).toEqual({
      file: 'PcaGeneralDb0.txt',
      path: '~/Downloads/cheat.exe',
      time: '2024-03-10T18:10:00.000Z',
      runStatus: '3',
      exitCode: 'PCA resolve is called, resolver name: DetectorShim_KernelDriver, result: 0',
      description: 'cheat',
      programId: '0000bbbb',
    });
    expect(tool?.description).toBe(LONG_DESCRIPTION.slice(0, EVIDENCE_CAPS.text));
    expect(game).not.toHaveProperty('description');
  });

  it('puts each record with a known folder in the programs timeline, found on the drive that holds it', () => {
    const programs = sources.programs?.items ?? [];
    const byName = (name: string) => programs.find((p) => p.name.toLowerCase() === name);
    expect(byName('aim.exe')).toMatchObject({
      exists: true,
      path: shown(join(tree.c, 'Program Files', 'Aim', 'aim.exe')),
      timeline: expect.arrayContaining([{ source: 'pca', at: '2024-03-10T18:00:00.000Z' }]),
    });
    expect(byName('cheat.exe')).toMatchObject({
      exists: false,
      path: '~/Downloads/cheat.exe',
      timeline: [{ source: 'pca', at: '2024-03-10T18:10:00.000Z' }],
    });
    // `%ProgramFiles(x86)%` is not known on this machine: looked for at Windows' default folder.
    expect(byName('tool.exe')).toMatchObject({
      exists: true,
      path: shown(join(tree.c, 'Program Files (x86)', 'Tool', 'tool.exe')),
    });
    // No drive written: found on D:.
    expect(byName('game.exe')).toMatchObject({
      exists: true,
      path: shown(join(tree.d, 'Games', 'game.exe')),
    });
    // A variable with no known folder names no file to look for: it stays in the PCA section only.
    expect(byName('thing.exe')).toBeUndefined();
    const general = generalOf(sources);
    expect(general.filter((r) => reaches(programs, r))).toHaveLength(4);
  });

  it('without the machine’s %ProgramFiles%, keeps the path as written and still finds the file', async () => {
    const again = await collect(ownMachine(tree, false), tree.home);
    expect(again.pca?.items[0]?.path).toBe('%programfiles%\\Aim\\aim.exe');
    const aim = again.programs?.items.find((p) => p.name.toLowerCase() === 'aim.exe');
    expect(aim).toMatchObject({ exists: true, path: shown(join(tree.c, 'Program Files', 'Aim', 'aim.exe')) });
  });
});

describe.each(backends().slice(0, 1))('PCA general-log details on a real server (%s)', (backend) => {
  let t: TestApp;
  let owner: Owner;
  let tree: ReturnType<typeof plantOwn>;

  beforeAll(async () => {
    tree = plantOwn();
    t = await startTestApp(backend);
    owner = await t.createOwner();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    rmSync(tree.root, { recursive: true, force: true });
  });

  async function upload(pca: unknown, programs?: unknown) {
    const scan = await startScan(t, owner.key, 'FiveM');
    const sources = await collect(ownMachine(tree, true), tree.home, [
      'system',
      'prefetch',
      'bam',
      'pca',
      'recycleBin',
      'gameFolders',
      'programs',
    ]);
    const doc = {
      schema: 2,
      nonce: scan.nonce,
      client: { version: '0.1.0', platform: 'win32', arch: 'x64' },
      sources: {
        ...sources,
        ...(pca === undefined ? {} : { pca }),
        ...(programs === undefined ? {} : { programs }),
        processes: { status: 'skipped', reason: 'Not asked for.', items: [] },
      },
    };
    return { scan, sources, res: await uploadEvidence(t, scan.token, doc) };
  }

  it('accepts the details, and reports the deleted program PCA saw as executed, file deleted', async () => {
    const { scan, res } = await upload(undefined);
    expect(res.statusCode, res.body).toBe(200);
    const results = (await t.api('GET', `/v1/pins/${scan.pin}/results`, { key: owner.key })).json()
      .data as Record<string, string[]>;
    expect(results.suspicious).toContainEqual(
      'Executed, file deleted in ~/Downloads/cheat.exe (ran: PCA 2024-03-10 18:10:00 UTC)',
    );
  });

  /** A PCA section of one general-log record of the deleted program, with `extra` fields. */
  const pcaWith = (extra: Record<string, unknown>) => ({
    status: 'collected',
    reason: null,
    skippedLines: 0,
    items: [
      {
        file: 'PcaGeneralDb0.txt',
        path: '~/Downloads/cheat.exe',
        time: '2024-03-10T18:10:00.000Z',
        runStatus: '3',
        exitCode: 'x',
        ...extra,
      },
    ],
  });

  it('still accepts a PCA record without them (an older scanner)', async () => {
    const { res } = await upload(pcaWith({}));
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a description past its cap, as a clear 400', async () => {
    const { res } = await upload(pcaWith({ description: LONG_DESCRIPTION }));
    expect(res.statusCode, res.body).toBe(400);
  });
});
