/**
 * Decodes a small Windows text file whose encoding is not known in advance. Public write-ups of the
 * PCA files disagree: Sygnia's "Diving into the new Windows 11 PCA artifact" describes
 * PcaAppLaunchDic.txt as ANSI (CP-1252), other write-ups and tools read UTF-16LE. So the bytes decide:
 * a byte order mark first; without one, UTF-16 shows itself by NUL bytes in every other position
 * (file paths are mostly ASCII); then strict UTF-8 (which ASCII also is); else Windows-1252.
 */

export type TextEncoding = 'utf-16le' | 'utf-16be' | 'utf-8' | 'windows-1252';

export interface DecodedText {
  encoding: TextEncoding;
  bom: boolean;
  text: string;
}

/** How many bytes the UTF-16 guess looks at; enough lines of any PCA file. */
const SAMPLE_BYTES = 4096;
/** Share of NULs in one byte position that marks UTF-16 (ASCII-heavy text is near 100 %). */
const UTF16_NUL_SHARE = 0.3;
/** Share of NULs allowed in the other position. */
const OTHER_NUL_SHARE = 0.05;

/** Windows-1252 bytes 0x80–0x9F (the rest of the code page is Latin-1); WHATWG Encoding Standard. */
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8d,
  0x017d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a,
  0x0153, 0x9d, 0x017e, 0x0178,
];

function decodeWindows1252(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes)
    out += String.fromCharCode(byte >= 0x80 && byte < 0xa0 ? (CP1252_HIGH[byte - 0x80] as number) : byte);
  return out;
}

function utf16Guess(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const sample = bytes.subarray(0, Math.min(bytes.length, SAMPLE_BYTES) & ~1);
  const pairs = sample.length / 2;
  if (pairs === 0) return null;
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < sample.length; i += 2) {
    if (sample[i] === 0) evenNul++;
    if (sample[i + 1] === 0) oddNul++;
  }
  if (oddNul >= pairs * UTF16_NUL_SHARE && evenNul <= pairs * OTHER_NUL_SHARE) return 'utf-16le';
  if (evenNul >= pairs * UTF16_NUL_SHARE && oddNul <= pairs * OTHER_NUL_SHARE) return 'utf-16be';
  return null;
}

function decodeUtf16(bytes: Uint8Array, encoding: 'utf-16le' | 'utf-16be'): string {
  const even = bytes.length % 2 === 0 ? bytes : bytes.subarray(0, bytes.length - 1);
  if (encoding === 'utf-16le') return new TextDecoder('utf-16le').decode(even);
  const swapped = new Uint8Array(even.length);
  for (let i = 0; i < even.length; i += 2) {
    swapped[i] = even[i + 1] as number;
    swapped[i + 1] = even[i] as number;
  }
  return new TextDecoder('utf-16le').decode(swapped);
}

export function decodeWindowsText(bytes: Uint8Array): DecodedText {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    return { encoding: 'utf-16le', bom: true, text: decodeUtf16(bytes.subarray(2), 'utf-16le') };
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    return { encoding: 'utf-16be', bom: true, text: decodeUtf16(bytes.subarray(2), 'utf-16be') };
  }
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { encoding: 'utf-8', bom: true, text: new TextDecoder('utf-8').decode(bytes.subarray(3)) };
  }
  const utf16 = utf16Guess(bytes);
  if (utf16 !== null) return { encoding: utf16, bom: false, text: decodeUtf16(bytes, utf16) };
  try {
    return { encoding: 'utf-8', bom: false, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { encoding: 'windows-1252', bom: false, text: decodeWindows1252(bytes) };
  }
}
