import { describe, expect, it } from 'vitest';
import { UsnChangeCollector } from '../../../packages/scanner/src/windows/usn/journal-changes.js';
import type { UsnJournalData } from '../../../packages/scanner/src/windows/usn/journal-data.js';
import { type PageReader, walkJournal } from '../../../packages/scanner/src/windows/usn/journal-walk.js';
import { rawJournal } from '../../../packages/scanner/src/windows/usn/raw-journal.js';
import type { UsnRecord } from '../../../packages/scanner/src/windows/usn/usn-records.js';
import { filetimeOfIso, type RecordFields, usnPage, usnRecordV2 } from './support/usn-builder.js';

/**
 * The journal walk and the changes kept from it, over a journal laid out in the test: records
 * (USN_RECORD_V2, per Microsoft's structure) at their USNs in a `$J`-like stream, and a page reader
 * that answers like FSCTL_READ_USN_JOURNAL: from the first record at or after the USN asked for, whole
 * records up to the page size, then the USN to continue from.
 */

const FILE_CREATE = 0x100;
const FILE_DELETE = 0x200;
const RENAME_OLD_NAME = 0x1000;
const RENAME_NEW_NAME = 0x2000;
const BASIC_INFO_CHANGE = 0x8000;
const CLOSE = 0x8000_0000;
const mask = (...flags: number[]) => flags.reduce((a, b) => a | b, 0) >>> 0;

interface Laid {
  usn: bigint;
  bytes: Uint8Array;
}

function layJournal(firstUsn: bigint, records: Omit<RecordFields, 'usn'>[]): { laid: Laid[]; end: bigint } {
  const laid: Laid[] = [];
  let usn = firstUsn;
  for (const r of records) {
    const bytes = usnRecordV2({ ...r, usn });
    laid.push({ usn, bytes });
    usn += BigInt(bytes.length);
  }
  return { laid, end: usn };
}

function reader(laid: Laid[], end: bigint, pageBytes: number, log: bigint[] = []): PageReader {
  return (start) => {
    log.push(start);
    if (laid.length > 0 && start < (laid[0] as Laid).usn && start !== 0n)
      return { ok: false, reason: 'the journal entry was deleted (ERROR_JOURNAL_ENTRY_DELETED)' };
    const from = laid.findIndex((r) => r.usn >= start);
    const taken: Uint8Array[] = [];
    let size = 8;
    let i = from < 0 ? laid.length : from;
    for (; i < laid.length && size + (laid[i] as Laid).bytes.length <= pageBytes; i++) {
      taken.push((laid[i] as Laid).bytes);
      size += (laid[i] as Laid).bytes.length;
    }
    return { ok: true, bytes: usnPage(i < laid.length ? (laid[i] as Laid).usn : end, ...taken) };
  };
}

function journalOf(firstUsn: bigint, end: bigint): UsnJournalData {
  return {
    version: 0,
    journalId: 1n,
    firstUsn,
    nextUsn: end,
    lowestValidUsn: 0n,
    maxUsn: 1n << 62n,
    maximumSize: 1n << 25n,
    allocationDelta: 1n << 23n,
    minSupportedMajorVersion: null,
    maxSupportedMajorVersion: null,
    flags: null,
  };
}

const t = (minute: number) =>
  filetimeOfIso(
    `2026-11-28T${String(8 + Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:00.000Z`,
  );

function noise(n: number, from = 0): Omit<RecordFields, 'usn'>[] {
  return Array.from({ length: n }, (_, i) => ({
    fileReference: BigInt(1000 + i),
    parentReference: 5n,
    timeStamp: t(from + (i % 60)),
    reason: mask(0x2, CLOSE),
    fileName: `log-${i}.txt`,
  }));
}

describe('walking the journal', () => {
  it('reads every page from FirstUsn to the queried NextUsn, oldest record time first', () => {
    const { laid, end } = layJournal(0x1000n, noise(200));
    const seen: UsnRecord[] = [];
    const walk = walkJournal(journalOf(0x1000n, end), reader(laid, end, 4096), (r) => seen.push(r), {
      maxBytes: 1 << 20,
      maxMs: 60_000,
    });
    expect(walk.complete).toBe(true);
    expect(walk.note).toBeNull();
    expect(seen).toHaveLength(200);
    expect(seen.map((r) => r.usn)).toEqual(laid.map((r) => r.usn));
    expect(walk.oldestRecordAt).toBe('2026-11-28T08:00:00.000Z');
    expect(walk.pages).toBeGreaterThan(3);
  });

  it('jumps to the newest records when the journal is larger than the budget, keeping the oldest time', () => {
    const { laid, end } = layJournal(0n, noise(2000));
    const seen: bigint[] = [];
    const walk = walkJournal(journalOf(0n, end), reader(laid, end, 4096), (r) => seen.push(r.usn), {
      maxBytes: 16 * 1024,
      maxMs: 60_000,
    });
    expect(walk.complete).toBe(true);
    expect(walk.oldestRecordAt).toBe('2026-11-28T08:00:00.000Z');
    expect(walk.note).toMatch(/only its oldest page and newest 12 KiB were read/);
    expect(seen.at(-1)).toBe(laid.at(-1)?.usn);
    expect(walk.bytesRead).toBeLessThanOrEqual(16 * 1024);
  });

  it('falls back to reading forward when the jump lands on garbage, and says it did not reach the end', () => {
    const { laid, end } = layJournal(0n, noise(2000));
    const honest = reader(laid, end, 4096);
    let calls = 0;
    const garbage: PageReader = (start) => {
      calls++;
      return calls === 2
        ? { ok: true, bytes: new Uint8Array([1, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 2, 0]) }
        : honest(start);
    };
    const seen: bigint[] = [];
    const walk = walkJournal(journalOf(0n, end), garbage, (r) => seen.push(r.usn), {
      maxBytes: 16 * 1024,
      maxMs: 60_000,
    });
    expect(walk.complete).toBe(false);
    expect(walk.note).toMatch(/could not be reached directly/);
    expect(walk.note).toMatch(/the most read per volume/);
    // Forward from the first page: no record twice.
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen[0]).toBe(0n);
  });

  it('stops at the time budget and at a refused read, with the reason', () => {
    const { laid, end } = layJournal(0n, noise(300));
    let clock = 0;
    const slow = walkJournal(
      journalOf(0n, end),
      reader(laid, end, 2048),
      () => undefined,
      { maxBytes: 1 << 30, maxMs: 5_000 },
      () => (clock += 1_000),
    );
    expect(slow.complete).toBe(false);
    expect(slow.note).toMatch(/stopped after 5 s/);
    const refused = walkJournal(
      journalOf(0x100n, end),
      () => ({ ok: false, reason: 'access denied' }),
      () => undefined,
      {
        maxBytes: 1 << 20,
        maxMs: 1000,
      },
    );
    expect(refused).toMatchObject({ complete: false, oldestRecordAt: null, note: 'access denied' });
  });

  it('ends on a damaged page, and on an empty journal', () => {
    const { laid, end } = layJournal(0n, noise(10));
    const broken: PageReader = () => {
      const page = reader(laid, end, 4096)(0n);
      if (!page.ok) return page;
      const bytes = page.bytes.slice();
      new DataView(bytes.buffer).setUint32(8 + (laid[0] as Laid).bytes.length, 0, true);
      return { ok: true, bytes };
    };
    const seen: bigint[] = [];
    const walk = walkJournal(journalOf(0n, end), broken, (r) => seen.push(r.usn), {
      maxBytes: 1 << 20,
      maxMs: 1000,
    });
    expect(seen).toEqual([0n]);
    expect(walk.note).toMatch(/damaged page at USN 0: a record says it is 0 bytes long/);
    const empty = walkJournal(journalOf(0x500n, 0x500n), reader([], 0x500n, 4096), () => undefined, {
      maxBytes: 1 << 20,
      maxMs: 1000,
    });
    expect(empty).toMatchObject({ complete: true, pages: 0, oldestRecordAt: null, note: null });
  });
});

describe('changes kept from the journal', () => {
  const since = Date.parse('2026-11-28T08:30:00.000Z');
  const rec = (
    fileReference: bigint,
    minute: number,
    reason: number,
    fileName: string,
    fileAttributes = 0x20,
  ): UsnRecord => ({
    majorVersion: 2,
    minorVersion: 0,
    fileReference,
    parentReference: 0x5000000000005n,
    usn: BigInt(minute),
    timeStamp: new Date(Date.parse('2026-11-28T08:00:00.000Z') + minute * 60_000).toISOString(),
    reason,
    sourceInfo: 0,
    securityId: 0,
    fileAttributes,
    fileName,
  });

  it('keeps deletions, paired renames and basic-info changes of watched files in the window', () => {
    const c = new UsnChangeCollector(100, since);
    for (const r of [
      rec(1n, 10, mask(FILE_DELETE, CLOSE), 'early.exe'), // before the window
      rec(2n, 40, mask(FILE_DELETE, CLOSE), 'notes.txt'), // not watched
      rec(3n, 41, mask(FILE_DELETE, CLOSE), 'Vape.JAR'),
      rec(4n, 42, RENAME_OLD_NAME, 'cheat.exe'),
      rec(4n, 42, RENAME_NEW_NAME, 'readme.txt'),
      rec(4n, 42, mask(RENAME_NEW_NAME, CLOSE), 'readme.txt'),
      rec(5n, 43, RENAME_OLD_NAME, 'a.tmp'),
      rec(5n, 43, RENAME_NEW_NAME, 'setup.exe'),
      rec(6n, 44, BASIC_INFO_CHANGE, 'client.dll'),
      rec(6n, 44, mask(BASIC_INFO_CHANGE, CLOSE), 'client.dll'),
      rec(7n, 45, mask(FILE_CREATE, BASIC_INFO_CHANGE, CLOSE), 'extracted.dll'), // a copy keeping its dates
      rec(8n, 46, mask(FILE_DELETE, CLOSE), 'cheats.zip', 0x10), // a folder
      rec(9n, 47, mask(FILE_DELETE, CLOSE), 'GAME.EXE-1A2B3C4D.pf'),
      rec(10n, 48, RENAME_OLD_NAME, 'injector.exe'), // new name never seen
    ])
      c.add(r);
    const changes = c.finish();
    expect(changes.map((x) => [x.kind, x.oldName, x.name])).toEqual([
      ['deleted', null, 'Vape.JAR'],
      ['renamed', 'cheat.exe', 'readme.txt'],
      ['renamed', 'a.tmp', 'setup.exe'],
      ['basic-info-changed', null, 'client.dll'],
      ['deleted', null, 'GAME.EXE-1A2B3C4D.pf'],
      ['renamed', 'injector.exe', null],
    ]);
    expect(changes[0]).toMatchObject({
      at: '2026-11-28T08:41:00.000Z',
      fileReference: '3',
      parentReference: '5000000000005',
      reasons: ['FILE_DELETE', 'CLOSE'],
    });
    expect(c.dropped).toBe(0);
  });

  it('holds the newest changes when there are more than the cap', () => {
    const c = new UsnChangeCollector(3, since);
    for (let i = 0; i < 10; i++) c.add(rec(BigInt(i), 40 + i, mask(FILE_DELETE, CLOSE), `f${i}.exe`));
    expect(c.finish().map((x) => x.name)).toEqual(['f7.exe', 'f8.exe', 'f9.exe']);
    expect(c.dropped).toBe(7);
  });
});

describe('a copied $J stream', () => {
  it('is walked like the live journal: leading and in-page zeros passed over, USNs are offsets', () => {
    const zeros = (n: number) => new Uint8Array(n);
    const parts: Uint8Array[] = [zeros(4096)];
    const usns: bigint[] = [];
    let offset = 4096;
    for (let i = 0; i < 60; i++) {
      const r = usnRecordV2({
        fileReference: BigInt(i),
        parentReference: 5n,
        usn: BigInt(offset),
        timeStamp: t(i),
        reason: mask(FILE_DELETE, CLOSE),
        fileName: `f${i}.exe`,
      });
      parts.push(r);
      usns.push(BigInt(offset));
      offset += r.length;
      if (i % 25 === 24) {
        const pad = 4096 - (offset % 4096);
        parts.push(zeros(pad));
        offset += pad;
      }
    }
    const stream = new Uint8Array(offset);
    let at = 0;
    for (const p of parts) {
      stream.set(p, at);
      at += p.length;
    }
    const { journal, read } = rawJournal(stream);
    expect(journal.firstUsn).toBe(4096n);
    const seen: bigint[] = [];
    const walk = walkJournal(journal, read, (r) => seen.push(r.usn), { maxBytes: 1 << 20, maxMs: 60_000 });
    expect(walk).toMatchObject({ complete: true, note: null, oldestRecordAt: '2026-11-28T08:00:00.000Z' });
    expect(seen).toEqual(usns);
  });

  it('a damaged record is reported and the walk goes on past it', () => {
    const a = usnRecordV2({
      fileReference: 1n,
      parentReference: 5n,
      usn: 0n,
      timeStamp: t(1),
      reason: FILE_DELETE,
      fileName: 'a.exe',
    });
    const b = usnRecordV2({
      fileReference: 2n,
      parentReference: 5n,
      usn: BigInt(a.length),
      timeStamp: t(2),
      reason: FILE_DELETE,
      fileName: 'b.exe',
    });
    const stream = new Uint8Array(a.length + 16 + b.length);
    stream.set(a, 0);
    new DataView(stream.buffer).setUint32(a.length, 12, true);
    new DataView(stream.buffer).setUint16(a.length + 4, 2, true);
    stream.set(b, a.length + 16);
    const { journal, read } = rawJournal(stream);
    const seen: string[] = [];
    const walk = walkJournal(journal, read, (r) => seen.push(r.fileName), {
      maxBytes: 1 << 20,
      maxMs: 60_000,
    });
    expect(seen).toEqual(['a.exe', 'b.exe']);
    expect(walk.note).toMatch(/not a multiple of 8/);
    expect(walk.complete).toBe(true);
  });
});
