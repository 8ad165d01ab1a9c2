import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer as createNetServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildScanner, MANIFEST } from '../../packages/scanner/scripts/build-sea.js';
import { sqliteBackend } from '../support/backends.js';
import { selfSignedCodeSigner } from '../support/code-signing.js';
import { startTestApp } from '../support/test-app.js';
import { type AcceptanceServer, startAcceptanceServer } from './fixtures/acceptance.js';
import { runInTerminal } from './fixtures/terminal.js';
import { filetimeOf } from './windows/fixtures/regf-image.js';
import { buildModuleDlls, MODULE_SIGNER, type ModuleDlls } from './windows/support/module-dlls.js';
import { AMCACHE_CHEAT_SHA1, plantAmcache } from './windows/support/planted-amcache.js';
import {
  CHEAT,
  DEVICE_C,
  PLAYER_SID,
  type PlantedWindows,
  plantWindows,
} from './windows/support/planted-windows.js';
import { windows10Value } from './windows/support/shimcache-builder.js';
import {
  createWinePrefix,
  markerProgram,
  regFile,
  regHex,
  requireWine,
  type WinePrefix,
} from './windows/support/wine.js';

/** The ShimCache written into the prefix's registry, read back through the registry API. */
const SHIMCACHE_IN_REGISTRY = [
  { path: 'C:\\Users\\Player\\Downloads\\autoclicker.exe', modified: '2024-03-09T20:00:00.000Z' },
  { path: 'C:\\Windows\\System32\\notepad.exe', modified: '2023-01-01T00:00:00.000Z' },
];

/**
 * The Windows single executable, run under Debian's Wine with Windows version 10
 * (docs/scan-client.md, "The Windows build under Wine"): `--self-test` reads a planted Windows tree
 * with every collector, and through koffi calls the live Windows API: Toolhelp for the process list,
 * VirtualQueryEx and ReadProcessMemory for the memory of another Wine process (a mingw-w64 program
 * named as FiveM's game process, holding a marker), GetAdaptersAddresses, the registry for BAM, and
 * QueryDosDeviceW. It needs wine64 and mingw-w64, and fails naming them when they are missing.
 */

/** A port nothing listens on now, for a server whose public address must be known before it starts. */
function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createNetServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => done(port));
    });
    probe.on('error', fail);
  });
}

const CHEAT_IN_REGISTRY = `${DEVICE_C}\\Users\\Player\\Downloads\\cheat.exe`;

interface SelfTestReport {
  platform: string;
  isSea: boolean;
  tookMs: number;
  programs: string[];
  // biome-ignore lint/suspicious/noExplicitAny: the evidence document, read field by field below.
  sources: Record<string, any>;
  // biome-ignore lint/suspicious/noExplicitAny: the live section, read field by field below.
  live: Record<string, any>;
}

/*
 * The Windows executable is built from the Node that runs the tests (a single executable's blob must
 * come from the same version as its node.exe). Node 24's node.exe does not start under Debian's Wine 8:
 * V8 aborts with "Fatal process out of memory: SegmentedTable::InitializeTable" while reserving its
 * address space, before any of our code runs (docs/scan-client.md, "Live Windows calls and the
 * Windows build under Wine"). So this runs on the Node 20 and 22 lines and says so loudly on 24.
 */
const NODE_MAJOR = Number(process.versions.node.split('.')[0]);
const WINE_RUNS_THIS_NODE = NODE_MAJOR < 24;
if (!WINE_RUNS_THIS_NODE) {
  console.warn(
    `\n*** NOT RUN: the Windows executable under Wine. Node ${process.versions.node}'s node.exe aborts under Wine 8 ` +
      '(V8: SegmentedTable::InitializeTable out of memory); this test runs on Node 20 and 22. ***\n',
  );
}

describe.skipIf(!WINE_RUNS_THIS_NODE)('the Windows single executable under Wine', () => {
  let planted: PlantedWindows;
  let wine: WinePrefix;
  let report: SelfTestReport;
  let summary: string;
  let dlls: ModuleDlls;
  let out: string;
  let exe: string;
  let server: AcceptanceServer | undefined;
  const token = `${process.pid}-${Date.now().toString(36)}`;
  const marker = `SCANPIN-MARKER-${token}`;
  const timings: Record<string, number> = {};

  beforeAll(async () => {
    requireWine();
    let at = Date.now();
    const lap = (name: string) => {
      timings[name] = Date.now() - at;
      at = Date.now();
    };
    planted = plantWindows();
    plantAmcache(planted.drive);
    out = join(planted.root, 'build');
    mkdirSync(out, { recursive: true });
    [exe = ''] = await buildScanner(['win-x64'], null, out);
    lap('build');
    const bamTime = new Uint8Array(24);
    new DataView(bamTime.buffer).setBigUint64(0, filetimeOf(CHEAT.bamRun), true);
    wine = createWinePrefix(
      regFile([
        { key: 'HKEY_CURRENT_USER\\Software\\Wine', values: [['Version', '"win10"']] },
        {
          key: `HKEY_LOCAL_MACHINE\\SYSTEM\\CurrentControlSet\\Services\\bam\\State\\UserSettings\\${PLAYER_SID}`,
          values: [
            ['Version', 'dword:00000001'],
            [CHEAT_IN_REGISTRY, regHex(bamTime)],
          ],
        },
        {
          key: 'HKEY_LOCAL_MACHINE\\SYSTEM\\CurrentControlSet\\Control\\Session Manager\\AppCompatCache',
          values: [['AppCompatCache', regHex(windows10Value(SHIMCACHE_IN_REGISTRY))]],
        },
      ]),
    );
    lap('wineboot');
    const game = markerProgram(out, 'FiveM_GTAProcess.exe');
    dlls = buildModuleDlls(join(planted.root, 'module-work'), join(planted.home, 'Documents', 'overlay'));
    await wine.start(game, [token, wine.windowsPath(dlls.unsigned), wine.windowsPath(dlls.selfSigned)]);
    lap('marker');
    const run = wine.run(exe, [
      '--self-test',
      wine.windowsPath(planted.drive),
      '--game',
      'FiveM',
      '--marker',
      marker,
    ]);
    lap('self-test');
    report = JSON.parse(run.stdout) as SelfTestReport;
    summary = run.stderr;
    console.log(`Wine test timings (ms): ${JSON.stringify(timings)}; collectors ${report.tookMs} ms`);
  }, 300_000);
  afterAll(async () => {
    await server?.close();
    wine?.dispose();
    if (planted !== undefined) rmSync(planted.root, { recursive: true, force: true });
  });

  it('reads the tree’s Amcache.hve, and refuses what Wine’s RegLoadAppKeyW stub answers, saying why', () => {
    const amcache = report.sources.amcache;
    expect(amcache.status, amcache.reason).toBe('collected');
    expect(amcache.from).toBe('hive-file');
    expect(amcache.items).toEqual([
      expect.objectContaining({ path: '~/downloads/cheat.exe', sha1: AMCACHE_CHEAT_SHA1, exists: false }),
    ]);
    // Wine implements RegLoadAppKeyW as a stub answering success with a handle to nothing: the call
    // runs through koffi, and the scanner reports that it could not read the hive that way.
    expect(report.live.amcache).toEqual({
      ok: false,
      error: 'Windows opened Amcache.hve but showed no Root key in it.',
    });
  });

  it('runs as the Windows single executable', () => {
    expect(report.platform).toBe('win32');
    expect(report.isSea).toBe(true);
  });

  it('finds the planted evidence: the deleted cheat with its Prefetch, BAM and PCA times', () => {
    const s = report.sources;
    for (const name of ['prefetch', 'bam', 'pca', 'recycleBin', 'gameFolders', 'programs'])
      expect(s[name]?.status, `${name}: ${s[name]?.reason}`).toBe('collected');
    expect(
      s.prefetch.items.find((f: { executable: string }) => f.executable === 'CHEAT.EXE')?.lastRuns,
    ).toEqual(CHEAT.prefetchRuns);
    expect(s.bam.from).toBe('hive-file');
    expect(s.bam.items.map((b: { program: string }) => b.program)).toContain(CHEAT.shown);
    expect(s.recycleBin.items[0]).toMatchObject({ originalPath: CHEAT.shown, deletedAt: CHEAT.deletedAt });
    expect(report.programs).toContain(
      `${CHEAT.shown}: executed, file deleted (ran: Prefetch ${CHEAT.prefetchRuns[1]}, ${CHEAT.prefetchRuns[0]}; PCA ${CHEAT.pcaRun}; BAM ${CHEAT.bamRun})`,
    );
    expect(summary).toContain(`${CHEAT.shown}: executed, file deleted`);
    // The tool that is still there is one program, its PCA line included, whatever the drive's folder.
    const tool = report.programs.filter((line) => line.includes('tool.exe'));
    expect(tool).toEqual([expect.stringMatching(/: executed, file present \(ran: .*PCA .*\)$/)]);
  });

  it("reads another Wine process's memory through ReadProcessMemory and finds the marker", () => {
    const processes = report.sources.processes;
    expect(processes.status, processes.reason).toBe('collected');
    expect(processes.items.map((p: { name: string }) => p.name)).toContain('FiveM_GTAProcess.exe');
    // The other programs, one per executable, from the same Toolhelp list (docs/scan-client.md, "Other
    // running programs"): Wine's own services, by name and path, the game listed above instead.
    const others: Array<{ name: string; path: string | null }> = processes.others.items;
    expect(others).toContainEqual(
      expect.objectContaining({
        name: 'services.exe',
        path: expect.stringMatching(/system32\/services\.exe$/i),
      }),
    );
    expect(others.map((p) => p.name)).not.toContain('FiveM_GTAProcess.exe');
    expect(processes.others).toMatchObject({ total: others.length, truncated: false });
    // Its executable is found on Wine's Z: drive (the Linux root), next to the scanner.
    expect(report.programs).toContainEqual(
      expect.stringMatching(/FiveM_GTAProcess\.exe: executed, file present \(ran: process start /),
    );
    const memory = report.sources.memory;
    expect(memory.status, memory.reason).toBe('collected');
    const game = memory.items.find((m: { process: string }) => m.process === 'FiveM_GTAProcess.exe');
    expect(game?.readable, game?.reason).toBe(true);
    expect(game.bytesScanned).toBeGreaterThan(0);
    expect(game.strings.join('\n')).toContain(marker);
  });

  it('asks whether it is elevated and queries each volume’s change journal without failing', () => {
    expect(report.live.elevated.ok, report.live.elevated.error).toBe(true);
    const usn = report.live.usnJournal;
    expect(usn.ok, usn.error).toBe(true);
    // Wine keeps no change journal: each volume says why it was not read (docs/scan-client.md, "USN journal").
    expect(usn.value.length).toBeGreaterThan(0);
    for (const v of usn.value) {
      expect(v.state, JSON.stringify(v)).toBe('not-read');
      expect(v.note).toMatch(/change journal|refused to open the volume/);
    }
  });

  it('reads BAM through the registry API, adapters and volume names through the Windows API', () => {
    expect(report.live.bam.ok, report.live.bam.error).toBe(true);
    expect(report.live.bam.value.entries).toContainEqual({
      service: 'bam',
      sid: PLAYER_SID,
      program: CHEAT_IN_REGISTRY,
      lastRun: CHEAT.bamRun,
    });
    expect(report.live.volumes.ok, report.live.volumes.error).toBe(true);
    const network = report.sources.network;
    expect(network.status, network.reason).toBe('collected');
    expect(network.adapters.length).toBeGreaterThan(0);
  });

  it('reads the services through the service manager and the ShimCache through the registry', () => {
    const services = report.live.services;
    expect(services.ok, services.error).toBe(true);
    type Live = { name: string; imagePath: string | null; state: string | null };
    const by = new Map<string, Live>(services.value.map((s: Live) => [s.name, s]));
    // Wine's service manager knows EventLog (wine.inf: automatic, in svchost) and none of the others.
    expect(by.get('EventLog')).toMatchObject({
      present: true,
      start: 2,
      startType: 'automatic',
      type: 32,
      displayName: 'Event Log',
      problem: null,
    });
    expect(by.get('EventLog')?.imagePath).toMatch(/svchost\.exe -k LocalServiceNetworkRestricted$/i);
    expect(by.get('EventLog')?.state).toMatch(/^(running|stopped|start-pending)$/);
    expect(by.get('SysMain')).toMatchObject({ present: false, state: null, startType: null });
    const shimcache = report.live.shimcache;
    expect(shimcache.ok, shimcache.error).toBe(true);
    expect(shimcache.value.format).toBe('windows-10');
    expect(
      shimcache.value.entries.map((e: { path: string; lastModified: string }) => [e.path, e.lastModified]),
    ).toEqual(SHIMCACHE_IN_REGISTRY.map((e) => [e.path, e.modified]));
    // The planted tree's SYSTEM hive file, read by the collectors.
    expect(report.sources.services.from).toBe('hive-file');
    expect(report.sources.shimcache.items[0].path).toBe(CHEAT.shown);
  });

  it('reads the planted event logs inside the executable; Wine cannot copy a live log (a stub EvtExportLog)', () => {
    const eventLogs = report.sources.eventLogs;
    expect(eventLogs.status, eventLogs.reason).toBe('collected');
    type Log = { name: string; status: string; records: number };
    expect(eventLogs.logs.map((l: Log) => [l.name, l.status, l.records])).toEqual([
      ['System', 'read', 3],
      ['Application', 'read', 1],
      ['Security', 'read', 1],
    ]);
    expect(eventLogs.items).toEqual([]);
    expect(report.live.eventLogs).toEqual({
      ok: false,
      error: 'This Windows cannot copy event logs (EvtExportLog: error 120, not implemented).',
    });
  });

  it("lists the game process's modules through Toolhelp with their Authenticode verdicts", () => {
    const modules = report.sources.modules;
    expect(modules.status, modules.reason).toBe('collected');
    const game = modules.processes.find((p: { process: string }) => p.process === 'FiveM_GTAProcess.exe');
    expect(game?.readable, game?.reason).toBe(true);
    // Wine's own DLLs (ntdll, kernel32, msvcrt, …) are in C:\windows: counted, not listed.
    expect(game.systemModules).toBeGreaterThan(2);
    const listed = (name: string) => modules.items.find((m: { path: string }) => m.path.endsWith(name));
    expect(listed('overlay-unsigned.dll')).toMatchObject({
      path: '~/Documents/overlay/overlay-unsigned.dll',
      verdict: 'unsigned',
      folder: 'user-profile',
      userWritable: true,
      pids: [game.pid],
    });
    expect(listed('overlay-selfsigned.dll')).toMatchObject({
      verdict: 'self-signed',
      folder: 'user-profile',
      userWritable: true,
      signature: { signer: MODULE_SIGNER, selfSigned: true },
    });
    // The game's own executable, on Wine's Z: drive outside the profile.
    expect(listed('FiveM_GTAProcess.exe')).toMatchObject({ verdict: 'unsigned', folder: 'elsewhere' });
  });

  /*
   * A whole scan, as a player runs it: the official build talks to a real server over the network.
   * The Windows tree planted above is copied into the prefix's own drive C:, so the scan reads it where
   * Windows keeps it. Before the scanner spoke HTTP through `node:http`, this could not run: Node's
   * fetch turns TCP keep-alive on before connecting, Wine 8 lacks that socket option, and every call
   * failed with `connect UNKNOWN` (docs/scan-client.md, "Live Windows calls and the Windows build
   * under Wine").
   */
  it('double-clicked (a console of its own) and without a server, says so and waits for a key', async () => {
    // `script` gives Wine a terminal, whose console the executable has alone, as after a double-click.
    const run = await runInTerminal(
      `wine '${exe}' --no-elevate`,
      wine.env,
      /Press any key to close this window/,
      'x',
    );
    expect(run.output).toContain('does not know which server to send the scan to');
    // It waited for the key (pressed once the line showed) before it ended.
    expect(run.output).toContain('Press any key to close this window.');
    expect(run.code, run.output).toBe(2);
  }, 120_000);

  it('scans end to end against a real server, signed as the official build', async () => {
    server = await startAcceptanceServer({ SCANNER_DOWNLOADS_DIR: out, SCANNER_ACCEPT: 'official' });
    const driveC = join(wine.dir, 'drive_c');
    cpSync(join(planted.drive, 'Windows'), join(driveC, 'windows'), { recursive: true });
    cpSync(join(planted.drive, '$Recycle.Bin'), join(driveC, '$Recycle.Bin'), { recursive: true });
    const pin = await server.t.createPin(server.owner.key, { type: 'FiveM' });
    let scan: { stdout: string; stderr: string };
    try {
      scan = await wine.runAsync(exe, [
        '--server',
        server.url,
        '--pin',
        pin,
        '--yes',
        '--json',
        '--wait-seconds',
        '0',
      ]);
    } catch (error) {
      throw new Error(
        `the scan under Wine failed: ${(error as Error).message}\nserver log: ${server.logs.slice(-5).join('')}`,
      );
    }
    const answer = await server.t.api('GET', `/v1/pins/${pin}/results`, { key: server.owner.key });
    expect(answer.statusCode, `${answer.body}\n${scan.stderr}`).toBe(200);
    const results = answer.json();
    expect(results.data.assurance.client.kind).toBe('official');
    // The deleted cheat that Prefetch, BAM and PCA remember is found from the prefix's own Windows folder.
    expect(results.data.suspicious).toContainEqual(
      expect.stringMatching(/^Executed, file deleted in .*\/Users\/Player\/Downloads\/cheat\.exe/i),
    );
    expect(results.result).toBe('suspicious');
  }, 180_000);

  it('signed by the operator and downloaded from /scan/<PIN>, finds its server and PIN in its signature', async () => {
    // The build signed with Authenticode as an operator signs a release (osslsigncode, a certificate
    // made here), in a downloads folder of its own with the build's manifest, so the server knows
    // the build's key (docs/scan-client.md, "Signing for release").
    const downloads = join(planted.root, 'signed-downloads');
    mkdirSync(downloads, { recursive: true });
    cpSync(join(out, MANIFEST), join(downloads, MANIFEST));
    selfSignedCodeSigner(downloads, 'Wine Community');
    const signed = join(downloads, 'scanpin-scan-win-x64.exe');
    execFileSync(
      'osslsigncode',
      ['sign', '-certs', 'cert.pem', '-key', 'key.pem', '-h', 'sha256', '-in', exe, '-out', signed],
      { cwd: downloads, stdio: 'pipe' },
    );
    const port = await freePort();
    const own = await startTestApp(sqliteBackend(), {
      SCANNER_DOWNLOADS_DIR: downloads,
      SCANNER_ACCEPT: 'official',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    });
    try {
      await own.app.listen({ host: '127.0.0.1', port });
      const { key } = await own.createOwner('Wine Community');
      const pin = await own.createPin(key, { type: 'FiveM' });
      const res = await fetch(`http://127.0.0.1:${port}/scan/${pin}/download/windows`);
      expect(res.status).toBe(200);
      const downloaded = join(downloads, `scanpin-scan-${pin}.exe`);
      writeFileSync(downloaded, Buffer.from(await res.arrayBuffer()));
      const verify = spawnSync(
        'osslsigncode',
        ['verify', '-CAfile', join(downloads, 'cert.pem'), '-in', downloaded],
        { encoding: 'utf8' },
      );
      expect(verify.stdout, verify.stderr).toMatch(/^Signature verification: ok$/m);
      // No --server and no --pin: the executable reads both from its own certificate table.
      const scan = await wine.runAsync(downloaded, ['--yes', '--json', '--wait-seconds', '0']);
      const status = (await own.api('GET', `/v1/pins/${pin}/status`, { key })).json();
      expect(status.status, scan.stderr).toBe('finished');
      const results = (await own.api('GET', `/v1/pins/${pin}/results`, { key })).json();
      expect(results.data.assurance.client.kind).toBe('official');
    } finally {
      await own.close();
    }
  }, 180_000);
});
