import { UsnChangeCollector } from './journal-changes.js';
import type { UsnJournalData } from './journal-data.js';
import { type JournalWalkLimits, type PageReader, walkJournal } from './journal-walk.js';
import type { UsnVolumeReport } from './volume-report.js';

/**
 * How much of a journal is read and kept (docs/scan-client.md, "USN journal"): the changes of the
 * last `WINDOW_HOURS` hours, at most `MAX_CHANGES` per volume (the newest), from at most
 * `MAX_JOURNAL_BYTES` of records read in at most `MAX_SECONDS` per volume. Windows 10 and 11 size the
 * system volume's journal at 32 MiB by default, so the budget reads it whole; a larger journal is read
 * from its newest end.
 */
export const USN_WINDOW_HOURS = 24;
export const USN_MAX_CHANGES = 500;
export const USN_LIMITS: JournalWalkLimits = { maxBytes: 256 * 1024 * 1024, maxMs: 20_000 };

export interface VolumeJournalOptions {
  /** Changes before this time (epoch ms) are left out. */
  since: number;
  maxChanges?: number;
  limits?: JournalWalkLimits;
  /** The folder a parent reference stands for, when it can be found cheaply; null otherwise. */
  folderOf?: (parentReference: string) => string | null;
  now?: () => number;
}

export function readVolumeJournal(
  volume: string,
  journal: UsnJournalData,
  read: PageReader,
  options: VolumeJournalOptions,
): UsnVolumeReport {
  const collector = new UsnChangeCollector(options.maxChanges ?? USN_MAX_CHANGES, options.since);
  const walk = walkJournal(journal, read, (r) => collector.add(r), options.limits ?? USN_LIMITS, options.now);
  const folders = new Map<string, string | null>();
  const folderOf = (parent: string) => {
    if (!folders.has(parent)) folders.set(parent, options.folderOf?.(parent) ?? null);
    return folders.get(parent) ?? null;
  };
  return {
    volume,
    state: walk.pages === 0 && walk.note !== null ? 'not-read' : 'read',
    note: walk.note,
    journalId: journal.journalId.toString(16),
    firstUsn: journal.firstUsn.toString(),
    nextUsn: journal.nextUsn.toString(),
    lowestValidUsn: journal.lowestValidUsn.toString(),
    wrapped: journal.firstUsn > journal.lowestValidUsn,
    oldestRecordAt: walk.oldestRecordAt,
    complete: walk.complete,
    bytesRead: walk.bytesRead,
    changes: collector.finish().map((c) => ({ ...c, folder: folderOf(c.parentReference) })),
    changesDropped: collector.dropped,
  };
}
