import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../packages/scanner/src/cli/main.js';
import { javaTools } from '../scanner/jvm/support/java-programs.js';
import type { CoverageEntry } from './coverage-data.js';
import {
  buildGame,
  type GameBuild,
  type PlantedMachine,
  plantMachine,
  type Role,
  type Route,
} from './planted.js';

/**
 * The coverage harness (docs/detection.md, "Coverage"): every entry planted on a machine of its own
 * per route, each machine scanned by the scanner's own command (`main`, in this process) against a
 * real server holding the project's built-in rules, and the server's report read back.
 */

/** The server the scans go to: a PIN per scan, and the report of a finished one. */
export interface CoverageServer {
  url: string;
  createPin(): Promise<string>;
  results(pin: string): Promise<{ result: string | null; data: Record<string, unknown> }>;
}

export type RouteStatus = 'detected' | 'missed' | 'clean' | 'findings' | 'not run' | 'error';

export interface RouteOutcome {
  status: RouteStatus;
  /** Clients: the rules that named the planted thing. Legitimate: every finding beyond the baseline's. */
  findings: string[];
  /** Why it was not run, or what failed. */
  note?: string;
  seconds: number;
}

export interface EntryOutcome {
  entry: CoverageEntry;
  role: Role;
  routes: Partial<Record<Route, RouteOutcome>>;
}

export interface CoverageReport {
  clients: EntryOutcome[];
  legitimate: EntryOutcome[];
  routes: Route[];
  /** Findings on a machine with nothing planted, per route: left out of the legitimate projects'. */
  baseline: Partial<Record<Route, string[]>>;
  /** Why the memory route did not run, when it did not. */
  memoryNotRun: string | null;
  seconds: number;
  /** Time per route: planting (the JVM's start included) and scanning, summed over its machines. */
  routeSeconds: Partial<Record<Route, number>>;
}

export interface CoverageOptions {
  clients: CoverageEntry[];
  legitimate: CoverageEntry[];
  server: CoverageServer;
  routes: readonly Route[];
  /** Machines planted and scanned at once (each memory machine runs a JVM). */
  parallel: number;
  /** One line per machine scanned. */
  log?: (line: string) => void;
}

/** The report's sections a finding can be in (docs/api.md, "Reading a finished scan"). */
const GRADES = ['detections', 'suspicious', 'untrusted', 'warnings', 'integrity'] as const;

/** Every finding of a report, graded, the planted thing's place written `<planted>`. */
function findingsOf(data: Record<string, unknown>, m: { location: string; root: string }): string[] {
  const out: string[] = [];
  for (const grade of GRADES) {
    const list = data[grade];
    if (!Array.isArray(list)) continue;
    for (const f of list)
      out.push(
        `${grade}: ${String(f)
          .replaceAll(m.location, '<planted>')
          .replaceAll(m.root, '<machine>')
          .replace(/\(pid \d+\)/g, '(pid <game>)')}`,
      );
  }
  return out;
}

/**
 * A finding as compared with the baseline's: numbers (a process id, minutes since the game
 * started) differ from one machine to the next without saying anything of what was planted.
 */
const comparable = (finding: string) => finding.replace(/\d+/g, '#');

/**
 * What the scanner prints for the player (its progress on stderr, the receipt on stdout), held back
 * while scans run (several at once share the two streams) and shown only with a failed scan.
 */
const held = {
  holders: 0,
  lines: [] as string[],
  stdout: process.stdout.write,
  stderr: process.stderr.write,
};

function holdOutput(): () => string {
  if (held.holders++ === 0) {
    held.stdout = process.stdout.write;
    held.stderr = process.stderr.write;
    held.lines = [];
    const keep = ((chunk: string | Uint8Array) => {
      held.lines.push(String(chunk));
      if (held.lines.length > 2000) held.lines.splice(0, 1000);
      return true;
    }) as typeof process.stdout.write;
    process.stdout.write = keep;
    process.stderr.write = keep;
  }
  return () => {
    const said = held.lines.join('').slice(-600);
    if (--held.holders === 0) {
      process.stdout.write = held.stdout;
      process.stderr.write = held.stderr;
    }
    return said;
  };
}

/** The harness's own line, printed even while scans hold the streams back. */
function printing(log: (line: string) => void): (line: string) => void {
  return (line) => {
    if (held.holders === 0) return log(line);
    const [out, err] = [process.stdout.write, process.stderr.write];
    process.stdout.write = held.stdout;
    process.stderr.write = held.stderr;
    try {
      log(line);
    } finally {
      process.stdout.write = out;
      process.stderr.write = err;
    }
  };
}

/** The scanner's own command on one planted machine; the report the server made of it. */
async function scan(server: CoverageServer, m: PlantedMachine): Promise<Record<string, unknown>> {
  const pin = await server.createPin();
  const release = holdOutput();
  let code: number;
  let said = '';
  try {
    code = await main(['--server', server.url, '--pin', pin, '--yes', '--wait-seconds', '0'], {
      platform: 'linux',
      env: m.env,
      procRoot: m.procRoot,
      // This machine's own adapters and system facts: what they raise is in the baseline.
      sysRoot: '/sys',
    });
  } finally {
    said = release();
  }
  if (code !== 0) throw new Error(`the scanner exited ${code}: ${said}`);
  return (await server.results(pin)).data;
}

/** Runs `work` over `items`, at most `limit` at once, keeping the order of the results. */
async function pool<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return out;
}

export async function runCoverage(options: CoverageOptions): Promise<CoverageReport> {
  const started = performance.now();
  const log = printing(options.log ?? (() => undefined));
  const tools = process.platform === 'linux' ? javaTools() : { ok: false as const, missing: 'Linux' };
  const memoryNotRun = !options.routes.includes('memory')
    ? 'not asked for'
    : !tools.ok
      ? tools.missing === 'Linux'
        ? 'not run: reading a JVM needs Linux'
        : `not run: no JDK (${tools.missing} not found)`
      : process.getuid?.() !== 0
        ? 'not run: reading another process’s memory needs root'
        : null;
  const workDir = mkdtempSync(join(tmpdir(), 'scanpin-coverage-'));
  const routeSeconds: Partial<Record<Route, number>> = {};
  try {
    const game: GameBuild | null = memoryNotRun === null ? buildGame(workDir) : null;
    const runnable = options.routes.filter((r) => r !== 'memory' || memoryNotRun === null);

    const one = async (entry: CoverageEntry | null, role: Role, route: Route) => {
      const t0 = performance.now();
      const m = await plantMachine(entry, role, route, game);
      try {
        const data = await scan(options.server, m);
        return { machine: { location: m.location, root: m.root }, data, skipped: m.skipped };
      } finally {
        m.dispose();
        routeSeconds[route] = (routeSeconds[route] ?? 0) + (performance.now() - t0) / 1000;
      }
    };

    // Only the legitimate projects' findings are compared with an empty machine's.
    const baseline: Partial<Record<Route, string[]>> = {};
    for (const route of options.legitimate.length > 0 ? runnable : []) {
      const { machine, data } = await one(null, 'legitimate', route);
      baseline[route] = findingsOf(data, machine);
      log(`baseline ${route}: ${baseline[route]?.length ? baseline[route]?.join('; ') : 'no findings'}`);
    }

    const tasks = [
      ...options.clients.map((entry) => ({ entry, role: 'client' as const })),
      ...options.legitimate.map((entry) => ({ entry, role: 'legitimate' as const })),
    ].flatMap((t) => options.routes.map((route) => ({ ...t, route })));

    const outcomes = await pool(tasks, options.parallel, async ({ entry, role, route }) => {
      if (route === 'memory' && memoryNotRun !== null)
        return { status: 'not run', findings: [], note: memoryNotRun, seconds: 0 } satisfies RouteOutcome;
      const t0 = performance.now();
      let outcome: RouteOutcome;
      try {
        const { machine, data, skipped } = await one(entry, role, route);
        const { location } = machine;
        const seconds = (performance.now() - t0) / 1000;
        const note =
          skipped.length > 0 ? `${skipped.length} class names no JVM can define left out` : undefined;
        if (role === 'client') {
          const rules = (Array.isArray(data.detections) ? data.detections : [])
            .map(String)
            .filter((d) => d.includes(` in ${location}`))
            .map((d) => d.slice(0, d.indexOf(` in ${location}`)));
          outcome = {
            status: rules.length > 0 ? 'detected' : 'missed',
            findings: [...new Set(rules)],
            seconds,
            ...(note ? { note } : {}),
          };
        } else {
          const usual = new Set((baseline[route] ?? []).map(comparable));
          const extra = findingsOf(data, machine).filter((f) => !usual.has(comparable(f)));
          outcome = {
            status: extra.length > 0 ? 'findings' : 'clean',
            findings: extra,
            seconds,
            ...(note ? { note } : {}),
          };
        }
      } catch (error) {
        outcome = {
          status: 'error',
          findings: [],
          note: (error as Error).message.split('\n')[0]?.slice(0, 300) ?? 'failed',
          seconds: (performance.now() - t0) / 1000,
        };
      }
      log(
        `${role} ${entry.name} / ${route}: ${outcome.status}${outcome.findings.length ? ` (${outcome.findings.join('; ')})` : ''}${outcome.note ? ` [${outcome.note}]` : ''} ${outcome.seconds.toFixed(1)} s`,
      );
      return outcome;
    });

    const byEntry = new Map<CoverageEntry, EntryOutcome>();
    tasks.forEach((task, i) => {
      const e = byEntry.get(task.entry) ?? { entry: task.entry, role: task.role, routes: {} };
      e.routes[task.route] = outcomes[i] as RouteOutcome;
      byEntry.set(task.entry, e);
    });
    const all = [...byEntry.values()];
    return {
      clients: all.filter((e) => e.role === 'client'),
      legitimate: all.filter((e) => e.role === 'legitimate'),
      routes: [...options.routes],
      baseline,
      memoryNotRun: memoryNotRun === 'not asked for' ? null : memoryNotRun,
      seconds: (performance.now() - started) / 1000,
      routeSeconds,
    };
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}
