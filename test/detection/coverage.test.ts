import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { javaTools } from '../scanner/jvm/support/java-programs.js';
import { backends } from '../support/backends.js';
import { type Owner, startTestApp, type TestApp } from '../support/test-app.js';
import { stubClass } from './class-file.js';
import {
  type CoverageEntry,
  DEFAULT_DATA_FILE,
  parseCoverageData,
  readCoverageData,
} from './coverage-data.js';
import { type CoverageReport, runCoverage } from './harness.js';
import { ROUTES } from './planted.js';
import { END_MARKER, goalsOf, renderTable, START_MARKER, writeIntoDocs } from './table.js';

/**
 * The coverage harness's short real pass (docs/detection.md, "Coverage"): three clients and three
 * legitimate mods, each planted by every route (a jar in `mods`, the jar renamed, the classes only in
 * a real JVM's memory), scanned by the scanner's own command against a real server with the
 * project's built-in rules, one machine at a time. The whole list runs behind
 * `npm run coverage:detection`. The sample is the first three of each list of the repository's
 * coverage list (detection/minecraft/clients.json), which must be there.
 */
const entry = (name: string, project: string, classPaths: string[], fileName: string): CoverageEntry => ({
  name,
  project,
  source: `https://github.com/${project}`,
  commit: '',
  licence: '',
  classPaths,
  fileNames: [fileName],
  resources: ['fabric.mod.json'],
});
/**
 * Classes of a client no rule names; one obfuscated name starts with NUL, as real ones do: the JVM
 * defines it and the scan carries it.
 */
const UNLISTED = [
  'org/example/unlistedcheat/Main.class',
  'org/example/unlistedcheat/KillAura.class',
  'org/example/unlistedcheat/\u0000a.class',
];
// The list is kept in the repository: without it the pass would check nothing real.
if (!existsSync(DEFAULT_DATA_FILE))
  throw new Error(
    `The coverage list ${DEFAULT_DATA_FILE} is missing; it is part of the repository (docs/detection.md, "Coverage"): restore it.`,
  );
const data = readCoverageData(DEFAULT_DATA_FILE);
const SAMPLE = {
  clients: data.clients.slice(0, 3),
  legitimate: data.legitimate.slice(0, 3),
};

const tools = process.platform === 'linux' ? javaTools() : { ok: false as const, missing: 'Linux' };
const canReadMemory = tools.ok && process.getuid?.() === 0;
if (!canReadMemory)
  console.warn(
    `NOT TESTED: the coverage harness's memory route needs a JDK and root on Linux (${tools.ok ? 'not root' : `no ${tools.missing}`}); it reports "not run"`,
  );

describe('the coverage harness', () => {
  it('refuses a list with an entry that has no class to plant, naming the entry', () => {
    const bad = {
      clients: [{ ...entry('X', 'x/x', ['a.txt'], 'x.jar'), classPaths: ['a.txt'] }],
      legitimate: [],
    };
    expect(() => parseCoverageData(bad, 'list.json')).toThrow(
      'list.json: clients[0] (X) lists no class file',
    );
    expect(() => parseCoverageData({ clients: [{ name: 'Y' }], legitimate: [] }, 'list.json')).toThrow(
      /list\.json is not a coverage list:\n {2}\/clients\/0/,
    );
  });

  it.skipIf(!tools.ok)('writes stub classes the JDK’s javap reads, odd names included', () => {
    const dir = mkdtempSync(join(tmpdir(), 'scanpin-stub-'));
    try {
      for (const name of ['net/wurstclient/WurstClient', 'a/b/Kt$Companion', 'x/y/é'])
        writeFileSync(join(dir, `${name.replaceAll('/', '_')}.class`), stubClass(name));
      const out = execFileSync('javap', [join(dir, 'a_b_Kt$Companion.class'), join(dir, 'x_y_é.class')], {
        encoding: 'utf8',
      });
      expect(out).toContain('public class a.b.Kt$Companion {');
      expect(out).toContain('public void start();');
      expect(out).toContain('public class x.y.é {');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('puts the table between its markers, and a rerun replaces it, leaving the rest of the page', () => {
    const dir = mkdtempSync(join(tmpdir(), 'scanpin-docs-'));
    try {
      const page = join(dir, 'detection.md');
      writeFileSync(page, '# Detection\n\n## Minecraft: Java Edition clients\n\nTheirs.\n');
      writeIntoDocs(page, 'first table');
      writeIntoDocs(page, 'second table');
      const text = readFileSync(page, 'utf8');
      expect(text).toBe(
        `# Detection\n\n## Minecraft: Java Edition clients\n\nTheirs.\n\n## Coverage\n\n${START_MARKER}\nsecond table\n${END_MARKER}\n`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.each(backends().slice(0, 1))('a short real pass of the coverage harness ($name)', (backend) => {
  let t: TestApp;
  let owner: Owner;
  let report: CoverageReport;
  let control: CoverageReport;
  const lines: string[] = [];

  beforeAll(async () => {
    // Twenty-one scans in a few seconds: more than the default per-minute budgets allow.
    t = await startTestApp(backend, {
      SCANNER_START_PER_MINUTE: '1000',
      EVIDENCE_UPLOADS_PER_MINUTE: '1000',
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    owner = await t.createOwner();
    const started = performance.now();
    const server = {
      url: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`,
      createPin: () => t.createPin(owner.key, { type: 'Java' }),
      async results(pin: string) {
        return (await t.api('GET', `/v1/pins/${pin}/results`, { key: owner.key })).json();
      },
    };
    report = await runCoverage({
      ...SAMPLE,
      server,
      routes: ROUTES,
      parallel: 1,
      log: (line) => lines.push(line),
    });
    // A client no rule names: the harness must say it was missed, not read any finding as a detection.
    control = await runCoverage({
      clients: [entry('Unlisted', 'example/unlisted', UNLISTED, 'unlisted.jar')],
      legitimate: [],
      server,
      routes: ['jar', 'memory'],
      parallel: 1,
    });
    console.log(
      `coverage sample: ${((performance.now() - started) / 1000).toFixed(1)} s\n${lines.join('\n')}`,
    );
    // 13 s alone; past 60 s beside the browser and crash suites on a busy two-core machine (real JVMs).
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  it('detects each client by every route, on machines of their own', () => {
    for (const c of report.clients) {
      expect([c.entry.name, c.routes.jar?.status, c.routes.renamed?.status]).toEqual([
        c.entry.name,
        'detected',
        'detected',
      ]);
      if (canReadMemory) expect([c.entry.name, c.routes.memory?.status]).toEqual([c.entry.name, 'detected']);
      else
        expect(c.routes.memory).toMatchObject({
          status: 'not run',
          note: expect.stringMatching(/^not run: /),
        });
    }
    expect(report.memoryNotRun).toBe(canReadMemory ? null : expect.any(String));
  });

  it('reports a client no rule names as missed, by jar and in memory', () => {
    const [unlisted] = control.clients;
    expect(unlisted?.routes.jar).toMatchObject({ status: 'missed', findings: [] });
    expect(unlisted?.routes.memory).toMatchObject(
      canReadMemory ? { status: 'missed', findings: [] } : { status: 'not run' },
    );
    expect(goalsOf(control)[0]).toMatchObject({ result: '0/1 (0 %)', met: false });
  });

  it('finds nothing on the legitimate mods beyond what an empty machine shows', () => {
    for (const l of report.legitimate)
      for (const route of ROUTES)
        expect([l.entry.name, route, l.routes[route]?.findings]).toEqual([l.entry.name, route, []]);
    // The baseline is shown, never hidden: it holds at least the development copy's notice.
    expect(report.baseline.jar?.join('\n')).toMatch(/development copy of the scanner/);
  });

  it('prints the table: the goals, a row per client and per legitimate project, a column per route', () => {
    const table = renderTable(report, 'Context.');
    const rows = table.split('\n');
    expect(rows[0]).toBe('Context.');
    expect(rows).toContain('| goal | result | met |');
    const header =
      '| client | project | jar in `mods` | renamed `.dat` | in memory only | rules that named it |';
    expect(rows).toContain(header);
    const memory = canReadMemory ? 'yes' : report.memoryNotRun;
    for (const c of SAMPLE.clients)
      expect(rows.find((r) => r.startsWith(`| ${c.name} | ${c.project} |`))).toMatch(
        new RegExp(`^\\| [^|]+ \\| [^|]+ \\| yes \\| yes \\| ${memory} \\| [^|]+ \\|$`),
      );
    for (const l of SAMPLE.legitimate)
      expect(rows).toContain(
        `| ${l.name} (${l.project}) | none | none | ${canReadMemory ? 'none' : report.memoryNotRun} |`,
      );
    // Three clients and three mods meet the detection goals but not the thirty mods of the goal.
    const goals = goalsOf(report);
    expect(goals.map((g) => g.met)).toEqual([true, true, canReadMemory, false]);
    expect(goals[3]?.result).toBe('3/3');
  });
});
