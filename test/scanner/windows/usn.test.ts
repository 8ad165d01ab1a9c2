import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseUsnJournalData } from '../../../packages/scanner/src/windows/usn/journal-data.js';
import {
  ntfsReferenceParts,
  readJournalRequest,
} from '../../../packages/scanner/src/windows/usn/read-request.js';
import { hasReason, USN_REASON, usnReasonNames } from '../../../packages/scanner/src/windows/usn/reasons.js';
import { parseUsnRecords } from '../../../packages/scanner/src/windows/usn/usn-records.js';
import {
  filetimeOfIso,
  usnJournalData,
  usnPage,
  usnRecordV2,
  usnRecordV3,
  usnRecordV4,
} from './support/usn-builder.js';

/**
 * The USN change journal as `FSCTL_READ_USN_JOURNAL` / `FSCTL_QUERY_USN_JOURNAL` return it, from
 * buffers laid out in the test per Microsoft's winioctl.h structures. There is no Debian tool that
 * reads these DeviceIoControl buffers (libfsntfs's `fsntfsinfo` reads `$UsnJrnl:$J` from a volume
 * image, and no Debian tool writes an NTFS volume with a journal), so the oracle is the documented
 * layout itself, spelled out independently in support/usn-builder.ts.
 */

// The USN_REASON_* values as Microsoft Learn lists them, written out here rather than imported.
const FILE_CREATE = 0x100;
const FILE_DELETE = 0x200;
const RENAME_OLD_NAME = 0x1000;
const RENAME_NEW_NAME = 0x2000;
const BASIC_INFO_CHANGE = 0x8000;
const CLOSE = 0x8000_0000;

/** An NTFS reference: sequence number in the high 16 bits, MFT entry in the low 48. */
/** A Reason mask as the unsigned DWORD the record holds (JavaScript's `|` is signed). */
const mask = (...flags: number[]) => flags.reduce((a, b) => a | b, 0) >>> 0;

const ref = (entry: bigint, sequence: bigint) => (sequence << 48n) | entry;

describe('USN_REASON flags', () => {
  it('are the documented values', () => {
    expect(USN_REASON.FILE_CREATE).toBe(FILE_CREATE);
    expect(USN_REASON.FILE_DELETE).toBe(FILE_DELETE);
    expect(USN_REASON.RENAME_OLD_NAME).toBe(RENAME_OLD_NAME);
    expect(USN_REASON.RENAME_NEW_NAME).toBe(RENAME_NEW_NAME);
    expect(USN_REASON.BASIC_INFO_CHANGE).toBe(BASIC_INFO_CHANGE);
    expect(USN_REASON.CLOSE).toBe(CLOSE);
    expect(USN_REASON.DATA_EXTEND).toBe(0x2);
    expect(USN_REASON.SECURITY_CHANGE).toBe(0x800);
    expect(USN_REASON.HARD_LINK_CHANGE).toBe(0x10000);
    expect(USN_REASON.STREAM_CHANGE).toBe(0x200000);
  });

  it('names the bits of a mask, CLOSE (the sign bit) included', () => {
    expect(usnReasonNames(FILE_DELETE | CLOSE)).toEqual(['FILE_DELETE', 'CLOSE']);
    expect(usnReasonNames(0x4000_0000)).toEqual([]);
    expect(hasReason(FILE_DELETE | CLOSE, CLOSE)).toBe(true);
    expect(hasReason(FILE_CREATE, FILE_DELETE)).toBe(false);
  });
});

describe('USN_RECORD_V2 / V3 pages', () => {
  const created = filetimeOfIso('2026-11-28T08:00:00.000Z');

  it('reads V2 records with every field, and the next USN', () => {
    const page = parseUsnRecords(
      usnPage(
        0x5000n,
        usnRecordV2({
          fileReference: ref(0x1234n, 7n),
          parentReference: ref(5n, 5n),
          usn: 0x4000n,
          timeStamp: created + 1234n,
          reason: mask(FILE_CREATE, CLOSE),
          sourceInfo: 0,
          securityId: 0x10a,
          fileAttributes: 0x20,
          fileName: 'cheat.exe',
        }),
        usnRecordV2({
          fileReference: ref(0x1234n, 7n),
          parentReference: ref(5n, 5n),
          usn: 0x4060n,
          timeStamp: created + 10_000_000n,
          reason: mask(FILE_DELETE, CLOSE),
          sourceInfo: 0x4,
          fileName: 'cheat.exe',
        }),
      ),
    );
    expect(page.stopped).toBeNull();
    expect(page.nextUsn).toBe(0x5000n);
    expect(page.rangeRecordsSkipped).toBe(0);
    expect(page.records).toHaveLength(2);
    expect(page.records[0]).toEqual({
      majorVersion: 2,
      minorVersion: 0,
      fileReference: ref(0x1234n, 7n),
      parentReference: ref(5n, 5n),
      usn: 0x4000n,
      timeStamp: '2026-11-28T08:00:00.000Z',
      reason: mask(FILE_CREATE, CLOSE),
      sourceInfo: 0,
      securityId: 0x10a,
      fileAttributes: 0x20,
      fileName: 'cheat.exe',
    });
    expect(page.records[1]?.timeStamp).toBe('2026-11-28T08:00:01.000Z');
    expect(page.records[1]?.sourceInfo).toBe(4);
    expect(ntfsReferenceParts(page.records[0]?.fileReference ?? 0n)).toEqual({ entry: 0x1234, sequence: 7 });
  });

  it('reads V3 records with 128-bit references, mixed with V2 and skipping V4 range records', () => {
    const wide = (1n << 100n) | 0xabcdefn;
    const page = parseUsnRecords(
      usnPage(
        0x9000n,
        usnRecordV2({
          fileReference: ref(40n, 1n),
          parentReference: ref(5n, 5n),
          usn: 0x100n,
          timeStamp: created,
          reason: RENAME_OLD_NAME,
          fileName: 'vape.jar',
        }),
        usnRecordV4(0x160n, [
          [0n, 4096n],
          [8192n, 4096n],
        ]),
        usnRecordV3({
          fileReference: wide,
          parentReference: 0xffff_ffff_ffff_ffff_ffffn,
          usn: 0x200n,
          timeStamp: created,
          reason: mask(RENAME_NEW_NAME, CLOSE),
          fileName: 'minecraft-lib.jar',
          minorVersion: 0,
        }),
      ),
    );
    expect(page.stopped).toBeNull();
    expect(page.rangeRecordsSkipped).toBe(1);
    expect(page.records.map((r) => [r.majorVersion, r.fileName, r.usn])).toEqual([
      [2, 'vape.jar', 0x100n],
      [3, 'minecraft-lib.jar', 0x200n],
    ]);
    expect(page.records[1]?.fileReference).toBe(wide);
    expect(page.records[1]?.parentReference).toBe(0xffff_ffff_ffff_ffff_ffffn);
    expect(page.records[1]?.reason).toBe(mask(RENAME_NEW_NAME, CLOSE));
  });

  it('reads a name at an offset past the fixed part, of any length, and non-ASCII', () => {
    const names = ['a', 'ab', 'abc', 'Привет мир.exe', '😀.dll', 'x'.repeat(255)];
    const page = parseUsnRecords(
      usnPage(
        1n,
        ...names.map((fileName, i) =>
          (i % 2 === 0 ? usnRecordV2 : usnRecordV3)({
            fileReference: BigInt(i),
            parentReference: 5n,
            usn: BigInt(i * 0x100),
            timeStamp: created,
            reason: BASIC_INFO_CHANGE,
            fileName,
            nameGap: i === 1 ? 6 : i === 2 ? 10 : 0,
          }),
        ),
      ),
    );
    expect(page.stopped).toBeNull();
    expect(page.records.map((r) => r.fileName)).toEqual(names);
  });

  it('reads an empty page (only the next USN) and a zero time as null', () => {
    expect(parseUsnRecords(usnPage(0x42n))).toEqual({
      nextUsn: 0x42n,
      records: [],
      rangeRecordsSkipped: 0,
      stopped: null,
    });
    const page = parseUsnRecords(
      usnPage(
        1n,
        usnRecordV2({
          fileReference: 1n,
          parentReference: 5n,
          usn: 8n,
          timeStamp: 0n,
          reason: 0,
          fileName: 'x',
        }),
      ),
    );
    expect(page.records[0]?.timeStamp).toBeNull();
  });
});

describe('damaged pages stop with a reason', () => {
  const good = () =>
    usnRecordV2({
      fileReference: 1n,
      parentReference: 5n,
      usn: 0x10n,
      timeStamp: filetimeOfIso('2026-01-01T00:00:00Z'),
      reason: FILE_DELETE,
      fileName: 'kept.exe',
    });

  function withSecond(edit: (record: DataView) => void, second = good()): Uint8Array {
    const copy = second.slice();
    edit(new DataView(copy.buffer));
    return usnPage(9n, good(), copy);
  }

  it('a buffer shorter than the next USN', () => {
    const page = parseUsnRecords(new Uint8Array(5));
    expect(page.nextUsn).toBeNull();
    expect(page.stopped?.code).toBe('truncated');
  });

  it('a truncated buffer keeps the whole records before the cut', () => {
    const full = usnPage(9n, good(), good());
    for (const cut of [full.length - 1, full.length - 8, full.length - 60, 8 + good().length + 3]) {
      const page = parseUsnRecords(full.subarray(0, cut));
      expect(page.records).toHaveLength(1);
      expect(['truncated', 'past-buffer']).toContain(page.stopped?.code);
      expect(page.stopped?.offset).toBe(8 + good().length);
    }
  });

  it('a zero length', () => {
    const page = parseUsnRecords(withSecond((v) => v.setUint32(0, 0, true)));
    expect(page.records).toHaveLength(1);
    expect(page.stopped).toMatchObject({ code: 'zero-length', offset: 8 + good().length });
  });

  it('a length that is not a multiple of 8', () => {
    const page = parseUsnRecords(withSecond((v) => v.setUint32(0, v.getUint32(0, true) - 2, true)));
    expect(page.stopped?.code).toBe('misaligned-length');
  });

  it('a length past the buffer', () => {
    const page = parseUsnRecords(withSecond((v) => v.setUint32(0, 0x7fff_fff8, true)));
    expect(page.stopped?.code).toBe('past-buffer');
  });

  it('a length shorter than the version', () => {
    const short = new Uint8Array(56);
    new DataView(short.buffer).setUint32(0, 56, true);
    new DataView(short.buffer).setUint16(4, 2, true);
    expect(parseUsnRecords(usnPage(1n, short)).stopped?.code).toBe('too-short-for-version');
    const v3 = good().slice(0, 72);
    new DataView(v3.buffer).setUint32(0, 72, true);
    new DataView(v3.buffer).setUint16(4, 3, true);
    expect(parseUsnRecords(usnPage(1n, v3)).stopped?.code).toBe('too-short-for-version');
  });

  it('a name outside its record, odd or overlapping the fixed part', () => {
    expect(parseUsnRecords(withSecond((v) => v.setUint16(56, 400, true))).stopped?.code).toBe(
      'name-outside-record',
    );
    expect(parseUsnRecords(withSecond((v) => v.setUint16(56, 3, true))).stopped?.code).toBe(
      'name-outside-record',
    );
    expect(parseUsnRecords(withSecond((v) => v.setUint16(58, 20, true))).stopped?.code).toBe(
      'name-outside-record',
    );
  });

  it('an unknown version', () => {
    const page = parseUsnRecords(withSecond((v) => v.setUint16(4, 9, true)));
    expect(page.stopped).toMatchObject({ code: 'unknown-version', offset: 8 + good().length });
    expect(page.stopped?.reason).toMatch(/version 9/);
  });
});

describe('random bytes', () => {
  it('never throw, never loop, and only return records that lie inside the buffer', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2048 }), (bytes) => {
        const page = parseUsnRecords(bytes);
        expect(page.records.length).toBeLessThanOrEqual(Math.floor(bytes.length / 60));
        if (page.stopped !== null) expect(page.stopped.offset).toBeLessThanOrEqual(bytes.length);
        const journal = parseUsnJournalData(bytes);
        expect(typeof journal.ok).toBe('boolean');
      }),
      { numRuns: 3000 },
    );
  });

  it('mutated valid pages never throw', () => {
    const base = usnPage(
      0x99n,
      usnRecordV2({
        fileReference: 1n,
        parentReference: 5n,
        usn: 8n,
        timeStamp: 1n,
        reason: 1,
        fileName: 'a.exe',
      }),
      usnRecordV3({
        fileReference: 2n,
        parentReference: 5n,
        usn: 9n,
        timeStamp: 1n,
        reason: 2,
        fileName: 'b.dll',
      }),
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat({ max: base.length - 1 }), fc.integer({ min: 0, max: 255 })), {
          maxLength: 8,
        }),
        fc.nat({ max: base.length }),
        (edits, cut) => {
          const bytes = base.slice(0, cut);
          for (const [at, value] of edits) if (at < bytes.length) bytes[at] = value;
          const page = parseUsnRecords(bytes);
          expect(page.records.length).toBeLessThanOrEqual(2);
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe('USN_JOURNAL_DATA', () => {
  const fields = {
    journalId: 0x01d9_1234_5678_9abcn,
    firstUsn: 0x1_0000_0000n,
    nextUsn: 0x1_0200_0000n,
    lowestValidUsn: 0n,
    maxUsn: 0x7fff_ffff_ffff_0000n,
    maximumSize: 0x2000000n,
    allocationDelta: 0x800000n,
  };

  it('reads V0, V1 and V2 by the length of the answer', () => {
    const v0 = parseUsnJournalData(usnJournalData(0, fields));
    expect(v0).toEqual({
      ok: true,
      journal: {
        version: 0,
        ...fields,
        minSupportedMajorVersion: null,
        maxSupportedMajorVersion: null,
        flags: null,
      },
    });
    const v1 = parseUsnJournalData(usnJournalData(1, { ...fields, minSupported: 2, maxSupported: 3 }));
    expect(v1.ok && v1.journal).toMatchObject({
      version: 1,
      minSupportedMajorVersion: 2,
      maxSupportedMajorVersion: 3,
      flags: null,
    });
    const v2 = parseUsnJournalData(usnJournalData(2, { ...fields, flags: 1 }));
    expect(v2.ok && v2.journal).toMatchObject({ version: 2, maxSupportedMajorVersion: 4, flags: 1 });
    expect(v2.ok && v2.journal.journalId).toBe(fields.journalId);
  });

  it('refuses a short answer and a first USN past the next one', () => {
    const short = parseUsnJournalData(new Uint8Array(48));
    expect(short.ok).toBe(false);
    expect(!short.ok && short.reason).toMatch(/48 bytes/);
    const backwards = parseUsnJournalData(usnJournalData(0, { ...fields, firstUsn: 10n, nextUsn: 5n }));
    expect(backwards.ok).toBe(false);
  });
});

describe('READ_USN_JOURNAL_DATA_V0', () => {
  it('is 40 bytes: StartUsn, every reason, every record, no wait, the journal id', () => {
    const bytes = readJournalRequest(0x1234n, 0xabcdn);
    const v = new DataView(bytes.buffer);
    expect(bytes.length).toBe(40);
    expect(v.getBigInt64(0, true)).toBe(0x1234n);
    expect(v.getUint32(8, true)).toBe(0xffff_ffff);
    expect(v.getUint32(12, true)).toBe(0);
    expect(v.getBigUint64(16, true)).toBe(0n);
    expect(v.getBigUint64(24, true)).toBe(0n);
    expect(v.getBigUint64(32, true)).toBe(0xabcdn);
  });
});
