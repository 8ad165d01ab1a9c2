import {
  REG_DWORD,
  REG_DWORD_BIG_ENDIAN,
  REG_EXPAND_SZ,
  REG_LINK,
  REG_MULTI_SZ,
  REG_NONE,
  REG_QWORD,
  REG_SZ,
} from './value-types.js';

/**
 * Value data as its type says to read it. Strings are UTF-16LE; Windows sometimes stores them one byte
 * short, or followed by junk after the terminating NUL (libyal regf format document, "Corruption
 * scenarios": "String value data too small" and "too large"), so a string ends at its first NUL and an
 * odd last byte is dropped. A REG_MULTI_SZ ends at its first empty string.
 */

export type DecodedValue =
  | { kind: 'none' }
  | { kind: 'string'; value: string }
  | { kind: 'strings'; value: string[] }
  | { kind: 'dword'; value: number }
  | { kind: 'qword'; value: bigint }
  | { kind: 'binary'; value: Uint8Array };

const utf16 = new TextDecoder('utf-16le');

function evenLength(bytes: Uint8Array): Uint8Array {
  return bytes.length % 2 === 0 ? bytes : bytes.subarray(0, bytes.length - 1);
}

export function utf16String(bytes: Uint8Array): string {
  const text = utf16.decode(evenLength(bytes));
  const nul = text.indexOf('\0');
  return nul >= 0 ? text.slice(0, nul) : text;
}

export function utf16Strings(bytes: Uint8Array): string[] {
  const out: string[] = [];
  for (const part of utf16.decode(evenLength(bytes)).split('\0')) {
    if (part === '') break;
    out.push(part);
  }
  return out;
}

/**
 * Integers whose data is not exactly their size ("Integer value data too large", "size mismatch") are
 * shown by regedit as binary; so are they here.
 */
export function decodeValueData(type: number, data: Uint8Array): DecodedValue {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  switch (type) {
    case REG_NONE:
      return data.length === 0 ? { kind: 'none' } : { kind: 'binary', value: data };
    case REG_SZ:
    case REG_EXPAND_SZ:
    case REG_LINK:
      return { kind: 'string', value: utf16String(data) };
    case REG_MULTI_SZ:
      return { kind: 'strings', value: utf16Strings(data) };
    case REG_DWORD:
    case REG_DWORD_BIG_ENDIAN:
      if (data.length !== 4) return { kind: 'binary', value: data };
      return { kind: 'dword', value: view.getUint32(0, type === REG_DWORD) };
    case REG_QWORD:
      if (data.length !== 8) return { kind: 'binary', value: data };
      return { kind: 'qword', value: view.getBigUint64(0, true) };
    default:
      return { kind: 'binary', value: data };
  }
}
