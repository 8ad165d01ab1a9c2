import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Machine } from '../collect/context.js';
import { collectEvidence, SOURCE_ORDER } from '../collect/run.js';
import type { EvidenceSources, ProgramEvidence } from '../evidence/document.js';
import { displayPath } from '../paths.js';
import { SCANNER_VERSION } from '../version.js';
import { FORENSIC_SERVICES } from '../windows/services.js';
import { parseAppCompatCache } from '../windows/shimcache.js';

export const SELF_TEST_USAGE = `Usage: scanpin-scan --self-test <folder> [--user NAME] [--game GAME] [--marker TEXT]…

  Runs every collector against <folder> laid out like a Windows drive (Windows\\Prefetch,
  Windows\\System32\\config\\SYSTEM, Windows\\appcompat\\pca, $Recycle.Bin, Users\\<user>), and the
  live process list, memory, modules loaded in the game, network adapters, registry BAM and volume
  names of this machine.
  Prints what it found as JSON on stdout and a short summary on stderr. Nothing is sent anywhere.

  --user NAME    the user profile under Users to read (default: the first that is not Public/Default)
  --game GAME    whose processes count as the game, for the memory source (default: FiveM)
  --marker TEXT  a string to look for in the game processes' memory (may repeat)`;

const NOT_PEOPLE = new Set(['public', 'default', 'default user', 'all users']);

/** The profile under `<root>/Users` to read: the one named, else the first real one. */
async function profileOf(root: string, wanted: string | undefined): Promise<string> {
  const users = join(root, 'Users');
  const names = await readdir(users).catch(() => [] as string[]);
  const name =
    wanted === undefined
      ? names.sort().find((n) => !NOT_PEOPLE.has(n.toLowerCase()))
      : names.find((n) => n.toLowerCase() === wanted.toLowerCase());
  if (name === undefined)
    throw new Error(`No user profile${wanted === undefined ? '' : ` named ${wanted}`} under ${users}`);
  return join(users, name);
}

/** This machine's other drives (`D:`…), so a live process's executable is found where it is. */
async function otherDrives(): Promise<Record<string, string>> {
  if (process.platform !== 'win32') return {};
  const out: Record<string, string> = {};
  for (const letter of 'DEFGHIJKLMNOPQRSTUVWXYZ') {
    const root = `${letter}:\\`;
    if (
      await stat(root).then(
        (s) => s.isDirectory(),
        () => false,
      )
    )
      out[`${letter}:`] = root;
  }
  return out;
}

/**
 * The tree as drive `C:` of a Windows machine whose processes, memory, adapters and registry are
 * this machine's own: the folder-based sources read the tree, the live ones call Windows, and the
 * machine's other drives stay where they are (under Wine, `Z:` is the Linux root).
 */
export function plantedMachine(root: string, home: string, others: Record<string, string> = {}): Machine {
  const localAppData = join(home, 'AppData', 'Local');
  return {
    platform: 'win32',
    env: {
      USERPROFILE: home,
      APPDATA: join(home, 'AppData', 'Roaming'),
      LOCALAPPDATA: localAppData,
      TEMP: join(localAppData, 'Temp'),
      SystemRoot: 'C:\\Windows',
    },
    procRoot: '/nonexistent',
    sysRoot: '/nonexistent',
    windows: { drives: { 'C:': root, ...others } },
  };
}

/** The execution sources of a program's timeline (a file time alone does not say it ran). */
const RAN = new Set(['process', 'prefetch', 'bam', 'pca']);
const LABEL: Record<string, string> = {
  process: 'process start',
  prefetch: 'Prefetch',
  bam: 'BAM',
  pca: 'PCA',
};

/** One line per program that ran: executed, and whether its file is still there, with the times. */
export function programLines(programs: readonly ProgramEvidence[]): string[] {
  const lines: string[] = [];
  for (const p of programs) {
    const ran = p.timeline.filter((e) => RAN.has(e.source));
    if (ran.length === 0) continue;
    const bySource = new Map<string, string[]>();
    for (const e of ran) bySource.set(e.source, [...(bySource.get(e.source) ?? []), e.at]);
    const times = [...bySource].map(([s, at]) => `${LABEL[s] ?? s} ${at.join(', ')}`).join('; ');
    lines.push(`${p.path}: executed, ${p.exists ? 'file present' : 'file deleted'} (ran: ${times})`);
  }
  return lines;
}

function summary(sources: EvidenceSources, tookMs: number): string {
  const out = [`scanpin-scan ${SCANNER_VERSION} self-test on ${process.platform}-${process.arch}`];
  for (const name of SOURCE_ORDER) {
    const s = sources[name] as { status: string; reason: string | null } | undefined;
    if (s === undefined) continue;
    out.push(`  ${name.padEnd(12)} ${s.status}${s.reason === null ? '' : `: ${s.reason}`}`);
  }
  out.push('Programs that ran:');
  for (const line of programLines(sources.programs?.items ?? [])) out.push(`  ${line}`);
  for (const m of sources.memory?.items ?? [])
    out.push(
      `Memory of ${m.process} (pid ${m.pid}): ${m.readable ? `${m.bytesScanned} bytes, ${m.strings.length} hinted strings` : m.reason}`,
    );
  out.push(`Collected in ${tookMs} ms.`);
  return out.join('\n');
}

/**
 * `--self-test <folder>` (docs/scan-client.md, "The Windows build under Wine"): every collector on
 * a planted Windows tree and this machine's live state, printed instead of uploaded. Returns the
 * exit code: 0 when it ran, whatever it found.
 */
export async function selfTest(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...argv],
    options: {
      'self-test': { type: 'boolean' },
      user: { type: 'string' },
      game: { type: 'string', default: 'FiveM' },
      marker: { type: 'string', multiple: true, default: [] },
    },
    strict: true,
    allowPositionals: true,
  });
  const root = positionals[0];
  if (root === undefined || positionals.length > 1) {
    process.stderr.write(`${SELF_TEST_USAGE}\n`);
    return 2;
  }
  const home = await profileOf(root, values.user);
  const machine = plantedMachine(root, home, await otherDrives());
  const started = performance.now();
  const sources = await collectEvidence(
    machine,
    values.game,
    { sources: SOURCE_ORDER, hints: values.marker },
    (p) => displayPath(home, p),
    () => {},
  );
  const tookMs = Math.round(performance.now() - started);
  const live = await liveWindows(root);
  let isSea = false;
  try {
    isSea = (await import('node:sea')).isSea();
  } catch {
    // Node without node:sea: not a single executable.
  }
  process.stdout.write(
    `${JSON.stringify(
      {
        scanner: SCANNER_VERSION,
        platform: process.platform,
        arch: process.arch,
        isSea,
        tookMs,
        programs: programLines(sources.programs?.items ?? []),
        sources,
        live,
      },
      null,
      2,
    )}\n`,
  );
  process.stderr.write(`${summary(sources, tookMs)}\n`);
  return 0;
}

/** This machine's registry BAM and volume names, which the tree cannot stand in for. */
async function liveWindows(root: string): Promise<Record<string, unknown>> {
  if (process.platform !== 'win32') return { skipped: `not Windows (${process.platform})` };
  const attempt = async <T>(read: () => Promise<T>) => {
    try {
      return { ok: true, value: await read() };
    } catch (error) {
      return { ok: false, error: (error as Error).message };
    }
  };
  return {
    bam: await attempt(async () => (await import('../windows/live/registry-bam.js')).readLiveBam()),
    volumes: await attempt(async () => (await import('../windows/live/dos-devices.js')).liveVolumes()),
    services: await attempt(async () =>
      (await import('../windows/live/services.js')).readLiveServices(FORENSIC_SERVICES),
    ),
    shimcache: await attempt(async () => {
      const value = await (await import('../windows/live/registry-shimcache.js')).readLiveAppCompatCache();
      return value === null ? null : parseAppCompatCache(value);
    }),
    elevated: await attempt(async () => (await import('../windows/live/elevation.js')).isElevated()),
    usnJournal: await attempt(async () =>
      (await import('../windows/live/usn-journal.js')).readLiveUsnJournals({
        since: Date.now() - 86_400_000,
      }),
    ),
    // The tree's Amcache.hve through RegLoadAppKeyW, as a scan reads it when Windows holds the file
    // (docs/scan-client.md, "Amcache"); with `--self-test C:\` on a real Windows, the machine's own.
    amcache: await attempt(async () => {
      const file = join(root, 'Windows', 'AppCompat', 'Programs', 'Amcache.hve');
      const read = await (await import('../windows/live/amcache-app-hive.js')).readLiveAmcache(file);
      return { records: read.entries.length, badFileIds: read.badFileIds, newest: read.entries.slice(0, 5) };
    }),
    // The System log copied by the event log service (EvtExportLog), as a scan reads a log Windows holds
    // open (docs/scan-client.md, "Event logs").
    eventLogs: await attempt(async () => {
      const bytes = await (await import('../windows/live/event-log-export.js')).exportLiveLog('System');
      const read = (await import('../windows/evtx/evtx.js')).readEvtx(bytes);
      return { bytes: bytes.length, records: read.events.length, problems: read.problems.slice(0, 5) };
    }),
  };
}
