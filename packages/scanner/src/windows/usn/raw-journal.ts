import type { UsnJournalData } from './journal-data.js';
import type { PageReader } from './journal-walk.js';

/**
 * A copy of a volume's `$Extend\$UsnJrnl:$J` stream (what forensic collectors such as KAPE copy, and
 * what a planted test drive holds), read through the same walk as the live journal. The stream is the
 * journal's records back to back at their USNs (a record's USN is its offset in the stream), with the
 * part already dropped from the journal's start, and the rest of a page the journal did not fill,
 * left as zeros. So a page is made here as FSCTL_READ_USN_JOURNAL makes one: the zeros passed over,
 * whole records up to the page size, the next USN first. A record whose length makes no sense ends
 * the page there, and the walk's parser says why.
 *
 * What the copy does not hold is the journal's identity: `$Max` is not read, so the report of such a
 * copy has no journal id and does not say whether the journal wrapped.
 */

const PAGE_BYTES = 64 * 1024;

function firstRecordAt(view: DataView, from: number): number {
  let at = from + ((8 - (from % 8)) % 8);
  while (at + 8 <= view.byteLength && view.getUint32(at, true) === 0) at += 8;
  return at;
}

export function rawJournal(stream: Uint8Array): { journal: UsnJournalData; read: PageReader } {
  const view = new DataView(stream.buffer, stream.byteOffset, stream.byteLength);
  const first = firstRecordAt(view, 0);
  const end = stream.byteLength - (stream.byteLength % 8);
  const journal: UsnJournalData = {
    version: 0,
    journalId: 0n,
    firstUsn: BigInt(Math.min(first, end)),
    nextUsn: BigInt(end),
    lowestValidUsn: BigInt(Math.min(first, end)),
    maxUsn: BigInt(Number.MAX_SAFE_INTEGER),
    maximumSize: BigInt(end),
    allocationDelta: 0n,
    minSupportedMajorVersion: null,
    maxSupportedMajorVersion: null,
    flags: null,
  };
  const read: PageReader = (startUsn) => {
    const start = firstRecordAt(view, Number(startUsn));
    if (start >= end) return { ok: true, bytes: new Uint8Array(0) };
    let at = start;
    while (at + 8 <= end && at - start < PAGE_BYTES) {
      const length = view.getUint32(at, true);
      if (length === 0) break;
      if (length % 8 !== 0 || at + length > end) {
        // Give the parser the damaged record, so that it says what is wrong with it.
        at = Math.min(end, at + Math.max(8, Math.min(length, PAGE_BYTES)));
        break;
      }
      at += length;
    }
    const page = new Uint8Array(8 + at - start);
    new DataView(page.buffer).setBigInt64(0, BigInt(at), true);
    page.set(stream.subarray(start, at), 8);
    return { ok: true, bytes: page };
  };
  return { journal, read };
}
