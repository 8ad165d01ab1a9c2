/**
 * Typed substitution values for the test-side EVTX writer, encoded as libyal's "Windows XML Event Log
 * (EVTX) format" (section "Value types") and [MS-DTYP] describe them. Each carries its value type byte.
 */

export interface EvtxValue {
  type: number;
  bytes: Uint8Array;
}

/** A nested BinXml value (type 0x21): a fragment with its own template instance, e.g. UserData. */
export interface NestedEvent {
  type: 0x21;
  template: import('./evtx-writer.js').TemplateSpec;
  values: SubstitutionInput[];
}

export type SubstitutionInput = EvtxValue | NestedEvent;

function bytesOf(length: number, fill: (view: DataView) => void): Uint8Array {
  const bytes = new Uint8Array(length);
  fill(new DataView(bytes.buffer));
  return bytes;
}

export function utf16(text: string): Uint8Array {
  return bytesOf(text.length * 2, (view) => {
    for (let i = 0; i < text.length; i++) view.setUint16(i * 2, text.charCodeAt(i), true);
  });
}

export const v = {
  null: (): EvtxValue => ({ type: 0x00, bytes: new Uint8Array(0) }),
  string: (text: string): EvtxValue => ({ type: 0x01, bytes: utf16(text) }),
  ansi: (text: string): EvtxValue => ({ type: 0x02, bytes: Uint8Array.from(text, (c) => c.charCodeAt(0)) }),
  int8: (n: number): EvtxValue => ({ type: 0x03, bytes: bytesOf(1, (d) => d.setInt8(0, n)) }),
  uint8: (n: number): EvtxValue => ({ type: 0x04, bytes: bytesOf(1, (d) => d.setUint8(0, n)) }),
  int16: (n: number): EvtxValue => ({ type: 0x05, bytes: bytesOf(2, (d) => d.setInt16(0, n, true)) }),
  uint16: (n: number): EvtxValue => ({ type: 0x06, bytes: bytesOf(2, (d) => d.setUint16(0, n, true)) }),
  int32: (n: number): EvtxValue => ({ type: 0x07, bytes: bytesOf(4, (d) => d.setInt32(0, n, true)) }),
  uint32: (n: number): EvtxValue => ({ type: 0x08, bytes: bytesOf(4, (d) => d.setUint32(0, n, true)) }),
  int64: (n: bigint): EvtxValue => ({ type: 0x09, bytes: bytesOf(8, (d) => d.setBigInt64(0, n, true)) }),
  uint64: (n: bigint): EvtxValue => ({ type: 0x0a, bytes: bytesOf(8, (d) => d.setBigUint64(0, n, true)) }),
  bool: (b: boolean): EvtxValue => ({
    type: 0x0d,
    bytes: bytesOf(4, (d) => d.setUint32(0, b ? 1 : 0, true)),
  }),
  binary: (bytes: Uint8Array): EvtxValue => ({ type: 0x0e, bytes }),
  /** "{01234567-89AB-CDEF-0123-456789ABCDEF}": first three groups little-endian. */
  guid: (text: string): EvtxValue => {
    const hex = text.replace(/[{}-]/g, '');
    return {
      type: 0x0f,
      bytes: bytesOf(16, (d) => {
        d.setUint32(0, Number.parseInt(hex.slice(0, 8), 16), true);
        d.setUint16(4, Number.parseInt(hex.slice(8, 12), 16), true);
        d.setUint16(6, Number.parseInt(hex.slice(12, 16), 16), true);
        for (let i = 0; i < 8; i++) d.setUint8(8 + i, Number.parseInt(hex.slice(16 + i * 2, 18 + i * 2), 16));
      }),
    };
  },
  filetime: (ticks: bigint): EvtxValue => ({
    type: 0x11,
    bytes: bytesOf(8, (d) => d.setBigUint64(0, ticks, true)),
  }),
  /** SYSTEMTIME: year, month, day of week, day, hour, minute, second, milliseconds. */
  systemtime: (iso: string): EvtxValue => {
    const t = new Date(iso);
    const parts = [
      t.getUTCFullYear(),
      t.getUTCMonth() + 1,
      t.getUTCDay(),
      t.getUTCDate(),
      t.getUTCHours(),
      t.getUTCMinutes(),
      t.getUTCSeconds(),
      t.getUTCMilliseconds(),
    ];
    return {
      type: 0x12,
      bytes: bytesOf(16, (d) => {
        parts.forEach((p, i) => {
          d.setUint16(i * 2, p, true);
        });
      }),
    };
  },
  /** "S-1-5-21-…": revision, count, 48-bit big-endian authority, little-endian sub-authorities. */
  sid: (text: string): EvtxValue => {
    const [, revision, authority, ...subs] = text.split('-');
    return {
      type: 0x13,
      bytes: bytesOf(8 + subs.length * 4, (d) => {
        d.setUint8(0, Number(revision));
        d.setUint8(1, subs.length);
        d.setUint16(2, Math.floor(Number(authority) / 2 ** 32));
        d.setUint32(4, Number(authority) % 2 ** 32);
        subs.forEach((s, i) => {
          d.setUint32(8 + i * 4, Number(s), true);
        });
      }),
    };
  },
  hex32: (n: number): EvtxValue => ({ type: 0x14, bytes: bytesOf(4, (d) => d.setUint32(0, n, true)) }),
  hex64: (n: bigint): EvtxValue => ({ type: 0x15, bytes: bytesOf(8, (d) => d.setBigUint64(0, n, true)) }),
};

/** FILETIME ticks of an ISO 8601 time (millisecond precision) plus extra 100 ns ticks. */
export function filetimeOf(iso: string, extraTicks = 0n): bigint {
  return (BigInt(Date.parse(iso)) + 11_644_473_600_000n) * 10_000n + extraTicks;
}
