import { filetimeToIsoTicks } from '../filetime-iso.js';
import { EvtxFormatError } from './format-error.js';

/**
 * The typed values a template instance substitutes into its template (libyal EVTX format, section
 * "Value types"; Microsoft's EVT_VARIANT_TYPE enumeration in winevt.h). Each is rendered as text the way
 * Windows' own XML rendering writes it where that is documented: FILETIME and SYSTEMTIME as ISO 8601
 * UTC, SIDs as S-1-…, GUIDs braced in upper case, hex integers as 0x with all their digits (8 or 16),
 * binary as upper-case hex.
 */

export const VALUE_TYPE = {
  null: 0x00,
  string: 0x01,
  ansiString: 0x02,
  int8: 0x03,
  uint8: 0x04,
  int16: 0x05,
  uint16: 0x06,
  int32: 0x07,
  uint32: 0x08,
  int64: 0x09,
  uint64: 0x0a,
  real32: 0x0b,
  real64: 0x0c,
  bool: 0x0d,
  binary: 0x0e,
  guid: 0x0f,
  sizeT: 0x10,
  filetime: 0x11,
  systemtime: 0x12,
  sid: 0x13,
  hexInt32: 0x14,
  hexInt64: 0x15,
  binXml: 0x21,
  /** Flag: an array of the type in the low bits. */
  array: 0x80,
} as const;

export type SubstitutionValue =
  | { kind: 'null' }
  | { kind: 'text'; text: string }
  /** Nested BinXml (a fragment with its own template instance), read by the BinXml reader. */
  | { kind: 'binxml'; start: number; end: number };

const UTF16 = new TextDecoder('utf-16le');
const LATIN1 = new TextDecoder('latin1');

function trimNuls(text: string): string {
  return text.replace(/\0+$/, '');
}

function hex(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += byte.toString(16).padStart(2, '0');
  return out.toUpperCase();
}

function systemtimeToIso(view: DataView, at: number): string {
  const part = (index: number) => view.getUint16(at + index * 2, true);
  const [year, month, day, hour, minute, second, ms] = [
    part(0),
    part(1),
    part(3),
    part(4),
    part(5),
    part(6),
    part(7),
  ];
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}:${pad(second)}.${pad(ms, 3)}Z`;
}

/** Security identifier, [MS-DTYP] 2.4.2.2: revision, count, 48-bit big-endian authority, sub-authorities. */
function sidToText(view: DataView, at: number, size: number): string {
  if (size < 8) throw new EvtxFormatError('SID shorter than 8 bytes', at);
  const count = view.getUint8(at + 1);
  if (size < 8 + count * 4) throw new EvtxFormatError('SID shorter than its sub-authority count', at);
  const authority = view.getUint16(at + 2) * 2 ** 32 + view.getUint32(at + 4);
  let text = `S-${view.getUint8(at)}-${authority}`;
  for (let i = 0; i < count; i++) text += `-${view.getUint32(at + 8 + i * 4, true)}`;
  return text;
}

/** GUID as Windows writes it: {XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX}, first three parts little-endian. */
function guidToText(view: DataView, bytes: Uint8Array, at: number): string {
  const part1 = view.getUint32(at, true).toString(16).padStart(8, '0');
  const part2 = view
    .getUint16(at + 4, true)
    .toString(16)
    .padStart(4, '0');
  const part3 = view
    .getUint16(at + 6, true)
    .toString(16)
    .padStart(4, '0');
  const rest = hex(bytes.subarray(at + 8, at + 16));
  return `{${part1}-${part2}-${part3}-${rest.slice(0, 4)}-${rest.slice(4)}}`.toUpperCase();
}

const FIXED_SIZES: Record<number, number> = {
  [VALUE_TYPE.int8]: 1,
  [VALUE_TYPE.uint8]: 1,
  [VALUE_TYPE.int16]: 2,
  [VALUE_TYPE.uint16]: 2,
  [VALUE_TYPE.int32]: 4,
  [VALUE_TYPE.uint32]: 4,
  [VALUE_TYPE.int64]: 8,
  [VALUE_TYPE.uint64]: 8,
  [VALUE_TYPE.real32]: 4,
  [VALUE_TYPE.real64]: 8,
  [VALUE_TYPE.bool]: 4,
  [VALUE_TYPE.guid]: 16,
  [VALUE_TYPE.filetime]: 8,
  [VALUE_TYPE.systemtime]: 16,
  [VALUE_TYPE.hexInt32]: 4,
  [VALUE_TYPE.hexInt64]: 8,
};

/** One value of a fixed-size or self-delimited scalar type, `size` bytes at `at`. */
function scalarText(bytes: Uint8Array, view: DataView, type: number, at: number, size: number): string {
  const need = FIXED_SIZES[type];
  if (need !== undefined && size < need) {
    throw new EvtxFormatError(`value of type 0x${type.toString(16)} has ${size} bytes, needs ${need}`, at);
  }
  switch (type) {
    case VALUE_TYPE.string:
      return trimNuls(UTF16.decode(bytes.subarray(at, at + (size & ~1))));
    case VALUE_TYPE.ansiString:
      return trimNuls(LATIN1.decode(bytes.subarray(at, at + size)));
    case VALUE_TYPE.int8:
      return String(view.getInt8(at));
    case VALUE_TYPE.uint8:
      return String(view.getUint8(at));
    case VALUE_TYPE.int16:
      return String(view.getInt16(at, true));
    case VALUE_TYPE.uint16:
      return String(view.getUint16(at, true));
    case VALUE_TYPE.int32:
      return String(view.getInt32(at, true));
    case VALUE_TYPE.uint32:
      return String(view.getUint32(at, true));
    case VALUE_TYPE.int64:
      return String(view.getBigInt64(at, true));
    case VALUE_TYPE.uint64:
      return String(view.getBigUint64(at, true));
    case VALUE_TYPE.real32:
      return String(view.getFloat32(at, true));
    case VALUE_TYPE.real64:
      return String(view.getFloat64(at, true));
    case VALUE_TYPE.bool:
      return view.getUint32(at, true) !== 0 ? 'true' : 'false';
    case VALUE_TYPE.binary:
      return hex(bytes.subarray(at, at + size));
    case VALUE_TYPE.guid:
      return guidToText(view, bytes, at);
    case VALUE_TYPE.sizeT:
      if (size === 4) return `0x${view.getUint32(at, true).toString(16)}`;
      if (size === 8) return `0x${view.getBigUint64(at, true).toString(16)}`;
      throw new EvtxFormatError(`size_t value of ${size} bytes`, at);
    case VALUE_TYPE.filetime:
      return filetimeToIsoTicks(view.getBigUint64(at, true)) ?? '';
    case VALUE_TYPE.systemtime:
      return systemtimeToIso(view, at);
    case VALUE_TYPE.sid:
      return sidToText(view, at, size);
    case VALUE_TYPE.hexInt32:
      return `0x${view.getUint32(at, true).toString(16).padStart(8, '0')}`;
    case VALUE_TYPE.hexInt64:
      return `0x${view.getBigUint64(at, true).toString(16).padStart(16, '0')}`;
    default:
      throw new EvtxFormatError(`value type 0x${type.toString(16)} is not one the reader knows`, at);
  }
}

/**
 * An array value: strings are NUL-separated, fixed-size types packed. Windows' XML rendering repeats
 * the element per item; here the items are joined with ", " so one name keeps one value.
 */
function arrayText(bytes: Uint8Array, view: DataView, itemType: number, at: number, size: number): string {
  if (itemType === VALUE_TYPE.string) {
    const text = UTF16.decode(bytes.subarray(at, at + (size & ~1)));
    return trimNuls(text).split('\0').join(', ');
  }
  const itemSize = FIXED_SIZES[itemType] ?? (itemType === VALUE_TYPE.sizeT ? 8 : undefined);
  if (itemSize === undefined || size % itemSize !== 0) {
    throw new EvtxFormatError(`array of type 0x${itemType.toString(16)} with ${size} bytes`, at);
  }
  const items: string[] = [];
  for (let i = 0; i < size; i += itemSize) items.push(scalarText(bytes, view, itemType, at + i, itemSize));
  return items.join(', ');
}

/** The value of one substitution-array entry: `size` bytes of `type` at chunk offset `at`. */
export function readSubstitutionValue(
  chunk: Uint8Array,
  type: number,
  at: number,
  size: number,
): SubstitutionValue {
  if (at + size > chunk.length) throw new EvtxFormatError('substitution value runs past the chunk', at);
  if (type === VALUE_TYPE.null || size === 0) return { kind: 'null' };
  if (type === VALUE_TYPE.binXml) return { kind: 'binxml', start: at, end: at + size };
  const view = new DataView(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  if ((type & VALUE_TYPE.array) !== 0) {
    return { kind: 'text', text: arrayText(chunk, view, type & ~VALUE_TYPE.array, at, size) };
  }
  return { kind: 'text', text: scalarText(chunk, view, type, at, size) };
}
