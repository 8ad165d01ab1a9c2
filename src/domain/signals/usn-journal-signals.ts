import type { EvidenceDocument } from '../evidence.js';
import { ms, type Signal, shownTime } from './signal.js';

/**
 * Signals from the NTFS change journal (docs/scan-client.md, "USN journal"):
 * - `usn-journal-recreated-after-logon`: a journal that has dropped none of its own records (FirstUsn
 *   is its LowestValidUsn) and whose oldest record is after the logon began after the logon: it was
 *   deleted (`fsutil usn deletejournal`) and created again during this session;
 * - `usn-journal-inactive`: the system volume has no active journal (deleted and not created again);
 * - `prefetch-deleted-after-logon`: a `.pf` file deleted or renamed away after logon, while the
 *   Prefetch folder is not at Windows' own 1,024-file limit (where Windows deletes the oldest itself);
 * - `executable-removed-before-scan`: an `.exe` or `.jar` deleted or renamed in the minutes before the
 *   scan (updaters do this too, hence only a warning in the pack).
 */
export const USN_SIGNAL_CODES = [
  'usn-journal-recreated-after-logon',
  'usn-journal-inactive',
  'prefetch-deleted-after-logon',
  'executable-removed-before-scan',
] as const;
type UsnSignalCode = (typeof USN_SIGNAL_CODES)[number];

/** How long before the scan a removed program counts as removed for it. */
export const REMOVED_BEFORE_SCAN_MS = 30 * 60_000;
/** Windows keeps at most 1,024 Prefetch files (Windows 8 and later) and deletes the oldest past that. */
export const PREFETCH_TRIM_FILES = 1_000;

const extension = (name: string | null) => {
  const dot = name?.lastIndexOf('.') ?? -1;
  return name === null || dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
};

export function* usnJournalSignals(doc: EvidenceDocument): Generator<Signal<UsnSignalCode>> {
  const usn = doc.sources.usnJournal;
  if (usn === undefined || usn.status !== 'collected') return;
  const { system, prefetch } = doc.sources;
  const sessionStart = ms(system.logonAt ?? system.bootedAt);
  const since = system.logonAt !== null ? 'logon' : 'boot';
  const scanAt = ms(system.clientTime);
  for (const [index, v] of usn.volumes.entries()) {
    // The drive's own row (`volumes`), not a change: the signal is about the journal.
    const ref = { source: 'usnJournalVolumes' as const, index, value: v.volume };
    if (v.state === 'inactive' && v.system) {
      yield {
        code: 'usn-journal-inactive',
        proves: 'this-session',
        where: `${v.volume} (${v.note ?? 'no active change journal'})`,
        ref,
      };
      continue;
    }
    const oldest = ms(v.oldestRecordAt);
    if (v.state === 'read' && v.wrapped === false && Number.isFinite(sessionStart) && oldest > sessionStart) {
      yield {
        code: 'usn-journal-recreated-after-logon',
        proves: 'this-session',
        where: `${v.volume} (journal ${v.journalId ?? 'id unknown'}, its first record ${shownTime(v.oldestRecordAt as string)}, after ${since} at ${shownTime(new Date(sessionStart).toISOString())})`,
        ref,
      };
    }
  }
  const trimming =
    prefetch !== undefined && prefetch.status === 'collected' && prefetch.filesTotal >= PREFETCH_TRIM_FILES;
  for (const [index, c] of usn.items.entries()) {
    if (c.kind === 'basic-info-changed') continue;
    const at = ms(c.at);
    const shown = c.kind === 'renamed' ? `${c.oldName ?? '?'} → ${c.name ?? '?'}` : (c.name ?? '?');
    const place = c.folder === null ? `, on ${c.volume}, folder unknown` : '';
    const where = `${c.folder === null ? '' : `${c.folder}/`}${shown} (${c.kind}${c.at === null ? '' : ` ${shownTime(c.at)}`}${place})`;
    const ref = { source: 'usnJournal' as const, index, value: c.oldName ?? c.name ?? '' };
    const removedName = c.kind === 'renamed' ? c.oldName : c.name;
    if (extension(removedName) === 'pf' && !trimming && Number.isFinite(sessionStart) && at > sessionStart) {
      yield { code: 'prefetch-deleted-after-logon', proves: 'this-session', where, ref };
      continue;
    }
    const program = ['exe', 'jar'].includes(extension(removedName));
    if (program && Number.isFinite(scanAt) && at <= scanAt && scanAt - at <= REMOVED_BEFORE_SCAN_MS)
      yield { code: 'executable-removed-before-scan', proves: 'this-session', where, ref };
  }
}
