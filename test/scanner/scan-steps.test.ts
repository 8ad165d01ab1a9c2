import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../packages/scanner/src/cli/main.js';
import { COLLECTED, disclosedSources } from '../../packages/scanner/src/disclosure.js';
import { EVIDENCE_SOURCE_NAMES } from '../../src/domain/evidence.js';
import { scanPlanFor } from '../../src/domain/scan-plan.js';
import { type AcceptanceServer, startAcceptanceServer } from './fixtures/acceptance.js';
import { plantedMachine, plantMinecraft } from './fixtures/machine.js';

/**
 * What a player on Linux reads while and after the scan (docs/scan-client.md, "For players"): one step
 * per source the consent prompt named, and at the end the named sources that could not be read, with
 * why. The Windows records, which the prompt does not name on Linux, are neither: they stay in the
 * evidence document, skipped with their reason, for the server to read as before.
 */

/** Every step the scanner shows for a Windows-only source (packages/scanner/src/collect/run.ts). */
const WINDOWS_STEPS = [
  'Listing the modules loaded in the game and their signatures',
  'Reading Windows Prefetch',
  'Reading the last run of each program (BAM)',
  'Reading program launch records (PCA)',
  'Reading the Recycle Bin records',
  'Looking at FiveM, SA-MP, temp and macro software folders',
  'Reading the Windows event logs (System, Application, Security)',
  'Reading the file system change journal (deleted and renamed files)',
  'Reading the click macros of mouse software',
  'Checking the Windows services that keep these records',
  'Reading the programs Windows met (ShimCache)',
  'Reading the program files Windows recorded (Amcache)',
  'Checking the programs that ran: still there, signed, when',
];
const WINDOWS_ONLY = [
  ...new Set(COLLECTED.flatMap((c) => (c.platform === 'win32' && c.source !== 'hardware' ? [c.source] : []))),
];

/** Runs the scanner in this process and returns what it wrote to standard output and error. */
async function scanCapturing(argv: string[], machine: Parameters<typeof main>[1]) {
  let stdout = '';
  let stderr = '';
  const out = process.stdout.write.bind(process.stdout);
  const err = process.stderr.write.bind(process.stderr);
  process.stdout.write = ((chunk: string | Uint8Array) => {
    stdout += String(chunk);
    return true;
  }) as typeof process.stdout.write;
  process.stderr.write = ((chunk: string | Uint8Array) => {
    stderr += String(chunk);
    return true;
  }) as typeof process.stderr.write;
  try {
    return { code: await main(argv, machine), stdout, stderr };
  } finally {
    process.stdout.write = out;
    process.stderr.write = err;
  }
}

describe('the steps a Linux scan shows', () => {
  let server: AcceptanceServer;
  const roots: string[] = [];
  beforeAll(async () => {
    server = await startAcceptanceServer();
  });
  afterAll(async () => {
    await server?.close();
    for (const root of roots) rmSync(root, { recursive: true, force: true });
  });

  it('are the sources the prompt named: no Windows record, and the game’s memory skipped with why', async () => {
    const m = plantedMachine('linux');
    roots.push(m.root);
    plantMinecraft(m.minecraft);
    // No game runs: the memory and Java class checks apply on Linux but cannot run.
    const proc = join(m.root, 'proc');
    mkdirSync(proc);
    const pin = await server.t.createPin(server.owner.key, { type: 'Java' });
    const run = await scanCapturing(
      ['--server', server.url, '--pin', pin, '--yes', '--wait-seconds', '0', '--json'],
      { platform: 'linux', env: m.env, procRoot: proc, sysRoot: join(m.root, 'sys') },
    );
    expect(run.code, run.stderr).toBe(0);
    // The scan still asked for the Windows records (the Java plan does): they are left out of what is shown.
    const plan = scanPlanFor('Java');
    expect(WINDOWS_ONLY).toHaveLength(WINDOWS_STEPS.length);
    for (const source of WINDOWS_ONLY) expect(plan.sources).toContain(source);

    const consentEnds = run.stderr.indexOf('Scan started for a Java check.');
    expect(consentEnds).toBeGreaterThan(-1);
    const shown = run.stderr.slice(consentEnds);
    const steps = shown.split('\n').filter((line) => /^ {0,2}\d{1,3}% {2}/.test(line));
    for (const step of WINDOWS_STEPS) expect(shown).not.toContain(step);
    for (const source of WINDOWS_ONLY) expect(shown).not.toContain(`${source}: skipped`);
    expect(shown).not.toContain('A Windows source');
    expect(shown).not.toContain('this machine runs linux');
    // One step per named source the plan asks for, in order, the Java class check among them, then the upload.
    expect(steps.map((line) => line.replace(/^ *\d+% {2}/, ''))).toEqual([
      'Reading system information',
      'Checking network adapters',
      "Looking for the game's processes",
      "Reading the game's memory",
      'Looking for Java classes that no game or mod file holds',
      'Looking at game installations',
      'Reading the newest game logs',
      'Looking for Discord accounts',
      'Uploading the evidence',
    ]);
    // The step that applies on Linux but could not run is still accounted for, with its reason.
    expect(shown).toContain(
      '  memory: skipped (No game process was running. Start the game, join as you normally play, and scan again.)',
    );
    expect(shown).toContain('  jvm: skipped (No game process was running.');
    expect(shown).toContain('  discord: skipped (No Discord app data was found on this machine.)');

    // The evidence sent is unchanged: every section present, each Windows record skipped with its
    // reason, which the server's assurance reads as before (docs/scan-client.md, "The evidence document").
    const sent = JSON.parse(run.stdout) as {
      evidence: { sources: Record<string, { status: string; reason: string | null }> };
    };
    expect(Object.keys(sent.evidence.sources).sort()).toEqual([...EVIDENCE_SOURCE_NAMES].sort());
    for (const source of WINDOWS_ONLY) {
      expect(sent.evidence.sources[source]?.status, source).toBe('skipped');
      expect(sent.evidence.sources[source]?.reason, source).toMatch(/this machine runs linux/);
    }
    expect(sent.evidence.sources.files?.status).toBe('collected');
  });

  it('on Windows are every source of the plan, and on Linux and macOS the same list the prompt shows', () => {
    const everything = { sources: [...EVIDENCE_SOURCE_NAMES] };
    expect([...disclosedSources('win32', everything)].sort()).toEqual([...EVIDENCE_SOURCE_NAMES].sort());
    for (const platform of ['linux', 'darwin']) {
      const shown = disclosedSources(platform, everything);
      for (const source of WINDOWS_ONLY) expect(shown.has(source), `${source} on ${platform}`).toBe(false);
      expect(shown.has('memory')).toBe(true);
    }
  });
});
