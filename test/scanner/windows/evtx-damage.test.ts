import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { documentTime } from '../../../packages/scanner/src/windows/evtx/event-time.js';
import { readEvtx } from '../../../packages/scanner/src/windows/evtx/evtx.js';
import { filetimeToIsoTicks } from '../../../packages/scanner/src/windows/filetime-iso.js';
import { eventLogStarted, numbered, serviceStateChanged, systemLogCleared } from './support/evtx-fixtures.js';
import { evtxDumpPy, evtxexport, requireEvtxOracles } from './support/evtx-oracles.js';
import { buildEvtx } from './support/evtx-writer.js';
import { windowsRealFiles, windowsRealPresent } from './support/windows-real.js';

/**
 * Damaged, unfinished and edited event logs: the reader returns what it can read and says why the rest
 * could not be read; it never throws (docs/scan-client.md, "Event logs").
 */

const HEADER = 4096;
const CHUNK = 0x10000;

function log(count = 4, firstId = 1) {
  return numbered(
    Array.from({ length: count }, (_, i) =>
      i % 2 === 0
        ? serviceStateChanged(
            `2026-11-20T09:0${i}:00.000Z`,
            'SysMain',
            i % 4 === 0 ? 'stopped' : 'running',
            'SysMain',
          )
        : eventLogStarted(`2026-11-20T09:0${i}:30.000Z`),
    ),
    firstId,
  );
}

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

describe('EVTX reader on damaged and edited logs', () => {
  it('reports a file header whose checksum does not match, and still reads the records', () => {
    const file = buildEvtx({ chunks: [log()] });
    file[24] = (file[24] ?? 0) ^ 0xff; // next record identifier, covered by the header CRC
    const read = readEvtx(file);
    expect(read.events).toHaveLength(4);
    expect(read.problems).toEqual([
      { where: 'file header', reason: 'the file header checksum does not match (edited or damaged)' },
    ]);
  });

  it('reports an edited record (the records checksum no longer matches) and returns what it now says', () => {
    const file = buildEvtx({ chunks: [log()] });
    const at = Buffer.from(file).indexOf(Buffer.from('stopped', 'utf16le'));
    file.set(Buffer.from('paused!', 'utf16le'), at);
    const read = readEvtx(file);
    expect(read.problems).toEqual([
      { where: 'chunk 0', reason: "the records' checksum does not match (edited, damaged or not flushed)" },
    ]);
    expect(read.events[0]?.data[1]).toEqual({ name: 'param2', value: 'paused!' });
  });

  it('reports a chunk header whose checksum does not match', () => {
    const file = buildEvtx({ chunks: [log()] });
    view(file).setUint32(HEADER + 384, 0x1234, true); // template table, covered by the chunk header CRC
    expect(readEvtx(file).problems).toEqual([
      { where: 'chunk 0', reason: 'the chunk header checksum does not match (edited or damaged)' },
    ]);
  });

  it('reads records past the free-space offset only in a log that was not closed cleanly', () => {
    const build = (dirty: boolean) => {
      const file = buildEvtx({ chunks: [log()], dirty });
      const lastRecord = view(file).getUint32(HEADER + 44, true);
      view(file).setUint32(HEADER + 48, lastRecord, true); // the chunk header does not count the last record yet
      return file;
    };
    const dirty = readEvtx(build(true));
    expect(dirty.header).toMatchObject({ dirty: true, full: false });
    expect(dirty.events.map((e) => e.recordId)).toEqual([1, 2, 3, 4]);
    const clean = readEvtx(build(false));
    expect(clean.header?.dirty).toBe(false);
    expect(clean.events.map((e) => e.recordId)).toEqual([1, 2, 3]);
  });

  it('orders the records of a full, wrapped log by record identifier, and says it is full', () => {
    // The oldest chunk was overwritten with the newest records: file order is not time order.
    const file = buildEvtx({ chunks: [log(2, 9), log(3, 4)], full: true });
    const read = readEvtx(file);
    expect(read.header?.full).toBe(true);
    expect(read.events.map((e) => e.recordId)).toEqual([4, 5, 6, 9, 10]);
    expect(read.problems).toEqual([]);
  });

  it('returns the records before one cut off at the end of the file, and says which is cut off', () => {
    const file = buildEvtx({ chunks: [log()] });
    const lastRecord = view(file).getUint32(HEADER + 44, true);
    const cut = file.slice(0, HEADER + lastRecord + 40);
    const read = readEvtx(cut);
    expect(read.events.map((e) => e.recordId)).toEqual([1, 2, 3]);
    expect(read.problems).toContainEqual({
      where: `chunk 0, record at offset 0x${lastRecord.toString(16)}`,
      reason: expect.stringMatching(/^the record \(\d+ bytes\) is cut off at the chunk's end$/),
    });
    expect(read.problems.map((p) => p.reason)).toContainEqual(
      expect.stringMatching(/^the file ends \d+ bytes before the chunk does$/),
    );
  });

  it('skips a record whose template reference is broken and reads the others', () => {
    const records = log(3);
    const file = buildEvtx({ chunks: [records] });
    // The third record is a 7036 that refers to the template the first record defined: point it elsewhere.
    const chunk = file.subarray(HEADER, HEADER + CHUNK);
    let at = 512;
    for (let i = 0; i < 2; i++) at += view(chunk).getUint32(at + 4, true);
    view(chunk).setUint32(at + 24 + 4 + 6, at + 8, true); // template offset: into this record's own header
    const read = readEvtx(file);
    expect(read.events.map((e) => e.recordId)).toEqual([1, 2]);
    expect(read.problems).toContainEqual({
      where: `chunk 0, record at offset 0x${at.toString(16)}`,
      reason: expect.stringMatching(/^record 3 cannot be read: /),
    });
  });

  it('never throws on bytes that are not an event log, or on a damaged one', () => {
    expect(readEvtx(new Uint8Array(0)).events).toEqual([]);
    expect(readEvtx(Buffer.from('just some text, not a log')).problems[0]?.where).toBe('file header');
    const valid = buildEvtx({
      chunks: [log(6), numbered([systemLogCleared('2026-11-20T10:00:00.000Z', 'player')], 7)],
    });
    let seed = 12345;
    const random = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed / 2 ** 32;
    };
    let readSome = 0;
    for (let round = 0; round < 400; round++) {
      const damaged = valid.slice();
      for (let flips = 1 + Math.floor(random() * 8); flips > 0; flips--) {
        const chunk = Math.floor(random() * 2);
        damaged[HEADER + chunk * CHUNK + 512 + Math.floor(random() * 1500)] = Math.floor(random() * 256);
      }
      const read = readEvtx(damaged);
      if (read.events.length > 0) readSome++;
      for (const problem of read.problems) expect(problem.reason.length).toBeGreaterThan(0);
    }
    expect(readSome).toBeGreaterThan(0);
  });
});

describe('EVTX reader on real event logs', () => {
  const real = windowsRealPresent('event logs') ? windowsRealFiles('evtx', '.evtx') : [];
  if (real.length === 0) {
    console.warn(
      'NOT TESTED: no real .evtx sample (../shared/fixtures/windows-real/evtx/ is absent and none was found on this machine).',
    );
    it.skip('agrees with python-evtx and libevtx on real .evtx files: none available here', () => {});
  }
  for (const [name, path] of real) {
    it(`reads ${name} as the oracles do`, () => {
      requireEvtxOracles();
      const bytes = readFileSync(path);
      const ours = readEvtx(bytes).events;
      const libevtx = evtxexport(bytes);
      const python = evtxDumpPy(bytes);
      expect(ours.map((e) => String(e.recordId))).toEqual(
        libevtx.map((e) => e.recordId).sort((a, b) => Number(a) - Number(b)),
      );
      expect(ours.length).toBe(python.length);
      const byId = new Map(libevtx.map((e) => [e.recordId, e]));
      for (const event of ours) {
        const oracle = byId.get(String(event.recordId));
        expect(String(event.eventId)).toBe(oracle?.eventId);
        expect(event.provider).toBe(oracle?.provider);
        expect(event.channel).toBe(oracle?.channel);
      }
    });
  }
});

describe('a TimeCreated the evidence document may carry', () => {
  it('takes what the server takes and nothing else', () => {
    expect(documentTime('2026-11-20T09:10:00.1234567Z')).toBe('2026-11-20T09:10:00.1234567Z');
    expect(documentTime('2024-02-29t23:59:59+05:30')).toBe('2024-02-29t23:59:59+05:30');
    for (const odd of [
      'not a time',
      '2026-13-20T09:10:02.000Z',
      '2026-02-29T09:10:02.000Z',
      '2026-11-20T24:00:00Z',
      '2026-11-20T23:59:60Z',
      '2026-11-20T09:10:00+24:00',
      '10000-01-01T00:00:00Z',
      '',
      null,
    ]) {
      expect(documentTime(odd), String(odd)).toBeNull();
    }
  });
});

describe("an event's FILETIME", () => {
  it('is the shared conversion with its 100 ns ticks kept: nothing for 0 or past the year 9999', () => {
    const ticks = (iso: string, extra: bigint) =>
      (BigInt(Date.parse(iso)) + 11_644_473_600_000n) * 10_000n + extra;
    expect(filetimeToIsoTicks(ticks('2026-11-20T09:10:00.123Z', 4567n))).toBe('2026-11-20T09:10:00.1234567Z');
    expect(filetimeToIsoTicks(ticks('9999-12-31T23:59:59.999Z', 9999n))).toBe('9999-12-31T23:59:59.9999999Z');
    expect(filetimeToIsoTicks(ticks('9999-12-31T23:59:59.999Z', 10_000n))).toBeNull();
    expect(filetimeToIsoTicks(0n)).toBeNull();
    expect(filetimeToIsoTicks(1n)).toBe('1601-01-01T00:00:00.0000001Z');
  });
});
