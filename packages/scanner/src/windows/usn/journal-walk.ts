import type { UsnJournalData } from './journal-data.js';
import { parseUsnRecords, type UsnRecord } from './usn-records.js';

/**
 * Reads a volume's journal forward, one `FSCTL_READ_USN_JOURNAL` page at a time, within a byte and a
 * time budget (docs/scan-client.md, "USN journal"). The journal is a log whose oldest records are
 * dropped as it grows past its maximum size, so:
 * - the first page, at `FirstUsn`, gives the oldest record's time (how far back the journal goes);
 * - when the journal holds more than the byte budget, the walk goes on from `NextUsn - budget`, so the
 *   budget is spent on the newest records (those nearest the scan). Microsoft's page on
 *   READ_USN_JOURNAL_DATA says the answer tells "at which record the read operation actually started";
 *   the jump is trusted only if that first page parses and its records are at or past the start,
 *   else the walk goes on from the first page forward and says it did not reach the end;
 * - the walk stops at the `NextUsn` the journal had when it was queried (records written during the
 *   scan are the scan's own), at an empty page, or when a budget runs out.
 * Pure: the caller passes the page reader (the live one is windows/live/usn-journal.ts).
 */

/** A page as FSCTL_READ_USN_JOURNAL returned it; empty at the journal's end. */
export type PageRead = { ok: true; bytes: Uint8Array } | { ok: false; reason: string };
export type PageReader = (startUsn: bigint) => PageRead;

export interface JournalWalkLimits {
  /** Journal bytes read at most per volume. */
  maxBytes: number;
  /** Milliseconds spent at most per volume. */
  maxMs: number;
}

export interface JournalWalk {
  /** The time of the oldest record still in the journal; null when none could be read. */
  oldestRecordAt: string | null;
  /** Journal bytes read (the records, without each page's 8-byte next USN). */
  bytesRead: number;
  pages: number;
  /** True when the walk reached the journal's end as queried. */
  complete: boolean;
  /** Why the walk stopped before the end, or why a part was passed over; null when complete and whole. */
  note: string | null;
}

const MIB = 1024 * 1024;
const PAGE_HEADER = 8;

function size(bytes: number | bigint): string {
  const n = Number(bytes);
  return n >= MIB ? `${Math.round(n / MIB)} MiB` : `${Math.round(n / 1024)} KiB`;
}

export function walkJournal(
  journal: UsnJournalData,
  read: PageReader,
  onRecord: (record: UsnRecord) => void,
  limits: JournalWalkLimits,
  now: () => number = Date.now,
): JournalWalk {
  const started = now();
  const walk: JournalWalk = { oldestRecordAt: null, bytesRead: 0, pages: 0, complete: false, note: null };
  const end = journal.nextUsn;
  const notes: string[] = [];
  let start = journal.firstUsn;
  /** Where the first page ended: the walk goes on from there if the jump to the tail fails. */
  let afterFirstPage: bigint | null = null;
  let checkJump = false;
  while (start < end) {
    if (walk.bytesRead >= limits.maxBytes) {
      notes.push(`stopped after ${size(walk.bytesRead)}, the most read per volume`);
      break;
    }
    if (now() - started > limits.maxMs) {
      notes.push(`stopped after ${Math.round(limits.maxMs / 1000)} s, the longest spent per volume`);
      break;
    }
    const answer = read(start);
    if (!answer.ok) {
      notes.push(answer.reason);
      break;
    }
    // An empty answer is the end of the journal (ERROR_HANDLE_EOF).
    if (answer.bytes.length === 0) {
      start = end;
      break;
    }
    const page = parseUsnRecords(answer.bytes);
    walk.pages++;
    walk.bytesRead += Math.max(0, answer.bytes.length - PAGE_HEADER);
    if (walk.pages === 1)
      walk.oldestRecordAt = page.records.find((r) => r.timeStamp !== null)?.timeStamp ?? null;
    if (checkJump) {
      checkJump = false;
      const from = start;
      if (page.stopped !== null || !page.records.every((r) => r.usn >= from) || afterFirstPage === null) {
        notes.push('the newest part could not be reached directly, so the journal was read from its start');
        start = afterFirstPage ?? end;
        continue;
      }
    }
    for (const record of page.records) if (record.usn < end) onRecord(record);
    if (page.stopped !== null) notes.push(`a damaged page at USN ${start}: ${page.stopped.reason}`);
    const next = page.nextUsn;
    const empty = page.records.length === 0 && page.rangeRecordsSkipped === 0;
    if (next === null || next <= start || empty) {
      if (page.stopped === null) notes.push(`the journal gave nothing past USN ${start}`);
      break;
    }
    start = next;
    // The budget left after the first page goes to the journal's newest records.
    const tail = end - BigInt(Math.max(0, limits.maxBytes - walk.bytesRead));
    if (walk.pages === 1 && tail > start) {
      notes.push(
        `the journal holds ${size(end - journal.firstUsn)}; only its oldest page and newest ${size(end - tail)} were read`,
      );
      afterFirstPage = start;
      start = tail - (tail % 8n);
      checkJump = true;
    }
  }
  walk.complete = start >= end;
  walk.note = notes.length === 0 ? null : notes.join('; ');
  return walk;
}
