import { crc32 } from './crc32.js';
import { FormatError } from './format-error.js';
import { decompressLzxpressHuffman } from './lzxpress-huffman.js';

/**
 * The `MAM` container of compressed Prefetch files (Windows 10 and 11), per libyal's "Windows Prefetch
 * File (PF) format", section "Compressed Prefetch file - MAM file format", and F. Picasso's analysis
 * of it that the document credits:
 *
 *   0  "MAM" then one byte: low nibble the compression format (4 = LZXpress Huffman, [MS-XCA] 2.1),
 *      high bit set when a CRC-32 follows
 *   4  the decompressed size (32-bit little-endian)
 *   8  with the checksum bit only: CRC-32 of the whole file with these 4 bytes read as zero
 *   8 or 12  the compressed data
 *
 * Windows writes `MAM\x04` (no checksum) for Prefetch; the checksummed form is read as well and its
 * checksum verified.
 */
const MAM = [0x4d, 0x41, 0x4d] as const;
const FORMAT_LZXPRESS_HUFFMAN = 4;
const CHECKSUM_FLAG = 0x80;

/**
 * No Prefetch file comes near this (they are tens to hundreds of kilobytes); a larger stated size is
 * damage, refused before anything is allocated.
 */
export const MAX_DECOMPRESSED_SIZE = 32 * 1024 * 1024;

export function isMam(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === MAM[0] && bytes[1] === MAM[1] && bytes[2] === MAM[2];
}

/** The SCCA bytes inside a MAM container. */
export function decompressMam(bytes: Uint8Array): Uint8Array {
  if (!isMam(bytes)) throw new FormatError('bad-signature', 'the file does not start with "MAM"', 0);
  if (bytes.length < 8) throw new FormatError('truncated', 'the MAM header is cut off', bytes.length);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const kind = bytes[3] as number;
  const format = kind & 0x0f;
  if (format !== FORMAT_LZXPRESS_HUFFMAN || (kind & 0x70) !== 0) {
    throw new FormatError(
      'unsupported-compression',
      `MAM compression byte 0x${kind.toString(16).padStart(2, '0')} is not LZXpress Huffman`,
      3,
    );
  }
  const size = view.getUint32(4, true);
  if (size > MAX_DECOMPRESSED_SIZE) {
    throw new FormatError('too-large', `the MAM header announces ${size} decompressed bytes`, 4);
  }
  let dataStart = 8;
  if (kind & CHECKSUM_FLAG) {
    if (bytes.length < 12) throw new FormatError('truncated', 'the MAM checksum is cut off', bytes.length);
    const stored = view.getUint32(8, true);
    let computed = crc32(bytes.subarray(0, 8));
    computed = crc32(new Uint8Array(4), computed);
    computed = crc32(bytes.subarray(12), computed);
    if (computed !== stored) {
      throw new FormatError(
        'bad-checksum',
        `the MAM checksum is 0x${stored.toString(16)}, the data gives 0x${computed.toString(16)}`,
        8,
      );
    }
    dataStart = 12;
  }
  try {
    return decompressLzxpressHuffman(bytes.subarray(dataStart), size);
  } catch (error) {
    // Offsets inside the compressed data, reported from the start of the file.
    throw error instanceof FormatError ? error.shifted(dataStart) : error;
  }
}
