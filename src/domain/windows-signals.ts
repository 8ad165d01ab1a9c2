import type { EvidenceDocument, ProgramEvidence, TimelineSource } from './evidence.js';
import { plural } from './plural.js';
import type { EvidenceRef } from './rules.js';
import { amcacheSignals } from './signals/amcache-signals.js';
import { eventLogSignals } from './signals/event-log-signals.js';
import { JVM_SIGNAL_CODES, jvmSignals } from './signals/jvm-signals.js';
import { macroSignals } from './signals/macro-signals.js';
import { MODULE_SIGNAL_CODES, moduleSignals } from './signals/module-signals.js';
import { RESOURCE_PACK_SIGNAL_CODES, resourcePackSignals } from './signals/resource-pack-signals.js';
import { SERVICE_SIGNAL_CODES, serviceSignals } from './signals/service-signals.js';
import { ms, type Signal as SourceSignal, shownTime } from './signals/signal.js';
import { USN_SIGNAL_CODES, usnJournalSignals } from './signals/usn-journal-signals.js';

/**
 * Facts the Windows sources give only when read together (docs/scan-client.md, "Cross-checks and
 * anti-forensics"): a program that ran and is gone, Prefetch emptied, times that disagree, a clock
 * turned back, a game started just before the scan. Pure: they are derived from the document, and
 * rules of kind `signal` (pattern: the code) decide whether each is a finding and in which field, so
 * an operator can disable or re-grade any of them.
 */

export const SIGNAL_CODES = [
  'executed-file-deleted',
  'prefetch-empty',
  'prefetch-emptied-after-logon',
  'prefetch-file-newer-than-runs',
  'executable-newer-than-runs',
  'bam-after-prefetch',
  'clock-changed',
  'game-started-before-scan',
  ...SERVICE_SIGNAL_CODES,
  'fast-click-macro',
  'eventlog-cleared',
  'eventlog-usn-journal-deleted',
  'eventlog-service-stopped',
  'eventlog-service-start-changed',
  'eventlog-driver-installed',
  'eventlog-time-changed',
  'eventlog-logging-stopped',
  'eventlog-unexpected-shutdown',
  'eventlog-missing',
  ...MODULE_SIGNAL_CODES,
  ...JVM_SIGNAL_CODES,
  'amcache-file-deleted',
  ...USN_SIGNAL_CODES,
  ...RESOURCE_PACK_SIGNAL_CODES,
] as const;
export type SignalCode = (typeof SIGNAL_CODES)[number];

/** A signal of any source (signals/signal.ts); `shownTime` is re-exported for the sources that import it here. */
export type Signal = SourceSignal<SignalCode>;
export { shownTime };

/** Windows writes a Prefetch file about ten seconds after a program starts; this leaves room for that. */
export const PREFETCH_WRITE_MARGIN_MS = 10 * 60_000;
/** BAM may record a later moment of the same run than Prefetch does (docs/scan-client.md). */
export const BAM_AFTER_PREFETCH_MARGIN_MS = 5 * 60_000;
/** An execution record this far past the machine's own clock means the clock was turned back. */
export const CLOCK_BACK_MARGIN_MS = 5 * 60_000;
/** A game process younger than this when the scan ran was started just before it. */
export const RECENT_GAME_START_MS = 10 * 60_000;

const EXECUTION_SOURCES: readonly TimelineSource[] = ['process', 'prefetch', 'bam', 'pca'];
const LABEL: Record<TimelineSource, string> = {
  process: 'process start',
  prefetch: 'Prefetch',
  bam: 'BAM',
  pca: 'PCA',
  'file-created': 'file created',
  'file-modified': 'file modified',
  'recycle-bin': 'Recycle Bin',
};

/** "Prefetch 2024-… UTC, 2024-… UTC; BAM 2024-… UTC": a program's execution times, newest first per source. */
export function executionTimes(program: ProgramEvidence): string {
  const parts: string[] = [];
  for (const source of EXECUTION_SOURCES) {
    const times = program.timeline
      .filter((e) => e.source === source)
      .map((e) => e.at)
      .sort((a, b) => ms(b) - ms(a));
    if (times.length > 0) parts.push(`${LABEL[source]} ${times.map(shownTime).join(', ')}`);
  }
  return parts.join('; ');
}

function latest(program: ProgramEvidence, source: TimelineSource): number {
  return Math.max(...program.timeline.filter((e) => e.source === source).map((e) => ms(e.at)));
}

function ranPerRecords(program: ProgramEvidence): boolean {
  return program.timeline.some((e) => e.source !== 'process' && EXECUTION_SOURCES.includes(e.source));
}

function* programSignals(doc: EvidenceDocument): Generator<Signal> {
  const programs = doc.sources.programs;
  if (programs === undefined || programs.status !== 'collected') return;
  for (const [index, p] of programs.items.entries()) {
    const ref = (value: string): EvidenceRef => ({ source: 'programs', index, value });
    if (!p.exists && ranPerRecords(p)) {
      yield {
        code: 'executed-file-deleted',
        proves: 'execution',
        where: `${p.path} (ran: ${executionTimes(p)})`,
        ref: ref(p.path),
      };
    }
    const prefetchLast = latest(p, 'prefetch');
    const bamLast = latest(p, 'bam');
    if (Number.isFinite(prefetchLast) && bamLast > prefetchLast + BAM_AFTER_PREFETCH_MARGIN_MS) {
      yield {
        code: 'bam-after-prefetch',
        proves: 'execution',
        where: `${p.path} (BAM ${shownTime(new Date(bamLast).toISOString())}, Prefetch's last run ${shownTime(new Date(prefetchLast).toISOString())})`,
        ref: ref(p.path),
      };
    }
    const own = Math.min(
      ...[p.createdAt, p.modifiedAt].map(ms).filter((t) => Number.isFinite(t)),
      Number.POSITIVE_INFINITY,
    );
    if (p.exists && Number.isFinite(prefetchLast) && own > prefetchLast + PREFETCH_WRITE_MARGIN_MS) {
      yield {
        code: 'executable-newer-than-runs',
        proves: 'execution',
        where: `${p.path} (file dated ${shownTime(new Date(own).toISOString())}, Prefetch's last run ${shownTime(new Date(prefetchLast).toISOString())})`,
        ref: ref(p.path),
      };
    }
  }
}

function* prefetchSignals(doc: EvidenceDocument): Generator<Signal> {
  const prefetch = doc.sources.prefetch;
  if (prefetch === undefined || prefetch.status !== 'collected' || prefetch.enabled === false) return;
  const { system } = doc.sources;
  const sessionStart = ms(system.logonAt ?? system.bootedAt);
  const folder = prefetch.folder ?? 'the Prefetch folder';
  if (prefetch.filesTotal === 0) {
    const emptiedAt = ms(prefetch.folderModifiedAt);
    const thisSession = Number.isFinite(sessionStart) && emptiedAt > sessionStart;
    yield {
      code: 'prefetch-empty',
      proves: thisSession ? 'this-session' : 'execution',
      where: `${folder}${Number.isFinite(emptiedAt) ? ` (last changed ${shownTime(prefetch.folderModifiedAt as string)})` : ''}`,
      ref: { source: 'prefetch', index: 0, value: folder },
    };
    return;
  }
  // Only when every file was read: a capped list cannot say that none is older.
  if (Number.isFinite(sessionStart) && prefetch.items.length === prefetch.filesTotal) {
    const oldest = Math.min(
      ...prefetch.items.flatMap((f) =>
        [...f.lastRuns, f.createdAt, f.modifiedAt].map(ms).filter((t) => Number.isFinite(t)),
      ),
    );
    if (oldest > sessionStart) {
      yield {
        code: 'prefetch-emptied-after-logon',
        proves: 'this-session',
        where: `${folder} (${plural(prefetch.filesTotal, 'file')}, the oldest from ${shownTime(new Date(oldest).toISOString())}, after ${system.logonAt !== null ? 'logon' : 'boot'} at ${shownTime(new Date(sessionStart).toISOString())})`,
        ref: { source: 'prefetch', index: 0, value: folder },
      };
    }
  }
  for (const [index, f] of prefetch.items.entries()) {
    const lastRun = ms(f.lastRuns[0]);
    const written = ms(f.modifiedAt);
    if (Number.isFinite(lastRun) && written > lastRun + PREFETCH_WRITE_MARGIN_MS) {
      yield {
        code: 'prefetch-file-newer-than-runs',
        proves: 'execution',
        where: `${f.path} (written ${shownTime(f.modifiedAt as string)}, last run ${shownTime(f.lastRuns[0] as string)})`,
        ref: { source: 'prefetch', index, value: f.path },
      };
    }
  }
}

function* clockSignals(doc: EvidenceDocument): Generator<Signal> {
  const { system, prefetch, bam, pca } = doc.sources;
  const clock = ms(system.clientTime);
  if (system.status !== 'collected' || !Number.isFinite(clock)) return;
  const records: Array<{ at: string; label: string; ref: EvidenceRef }> = [
    ...(prefetch?.items ?? []).flatMap((f, index) =>
      f.lastRuns.map((at) => ({
        at,
        label: `Prefetch ${f.path}`,
        ref: { source: 'prefetch' as const, index, value: at },
      })),
    ),
    ...(bam?.items ?? []).map((b, index) => ({
      at: b.lastRun,
      label: `BAM ${b.program}`,
      ref: { source: 'bam' as const, index, value: b.lastRun },
    })),
    ...(pca?.items ?? []).map((p, index) => ({
      at: p.time,
      label: `PCA ${p.path}`,
      ref: { source: 'pca' as const, index, value: p.time },
    })),
  ];
  const ahead = records.filter((r) => ms(r.at) > clock + CLOCK_BACK_MARGIN_MS);
  if (ahead.length === 0) return;
  const newest = ahead.reduce((a, b) => (ms(b.at) > ms(a.at) ? b : a));
  yield {
    code: 'clock-changed',
    proves: 'execution',
    where: `${plural(ahead.length, 'execution record')} dated after the machine's clock (${shownTime(system.clientTime)}), the latest ${newest.label} at ${shownTime(newest.at)}`,
    ref: newest.ref,
  };
}

function* gameStartSignals(doc: EvidenceDocument): Generator<Signal> {
  const { system, processes } = doc.sources;
  const clock = ms(system.clientTime);
  if (processes.status !== 'collected' || !Number.isFinite(clock)) return;
  const started = processes.items
    .map((p, index) => ({ p, index, at: ms(p.startedAt) }))
    .filter((s) => Number.isFinite(s.at));
  if (started.length === 0) return;
  const first = started.reduce((a, b) => (b.at < a.at ? b : a));
  const age = clock - first.at;
  if (age < 0 || age > RECENT_GAME_START_MS) return;
  yield {
    code: 'game-started-before-scan',
    proves: 'this-session',
    // Under a minute shows as 1 minute, never as "1 minutes".
    where: `process ${first.p.name} (pid ${first.p.pid}), started ${plural(Math.max(1, Math.round(age / 60_000)), 'minute')} before the scan`,
    ref: { source: 'processes', index: first.index, value: first.p.name },
  };
}

/** Every signal of a document, in a stable order. */
export function windowsSignals(doc: EvidenceDocument): Signal[] {
  return [
    ...programSignals(doc),
    ...prefetchSignals(doc),
    ...clockSignals(doc),
    ...gameStartSignals(doc),
    ...serviceSignals(doc),
    ...macroSignals(doc),
    ...eventLogSignals(doc),
    ...moduleSignals(doc),
    ...jvmSignals(doc),
    ...amcacheSignals(doc),
    ...usnJournalSignals(doc),
    ...resourcePackSignals(doc),
  ];
}
