import { crc32 } from '../../../../packages/scanner/src/windows/prefetch/crc32.js';
import { type CompressOptions, compressLzxpressHuffman } from './lzxpress-huffman-compress.js';

/**
 * Wraps SCCA bytes in the `MAM` container of Windows 10 and 11 Prefetch files (libyal's "Windows
 * Prefetch File (PF) format", "Compressed Prefetch file - MAM file format"): "MAM\x04" and the
 * decompressed size, then the LZXpress Huffman stream. With `checksum`, the flagged form "MAM\x84"
 * with a CRC-32 of the whole file (taken with the CRC field zero) after the size.
 */
export function buildMam(
  scca: Uint8Array,
  options: CompressOptions & { checksum?: boolean } = {},
): Uint8Array {
  const compressed = compressLzxpressHuffman(scca, options);
  const headerSize = options.checksum ? 12 : 8;
  const file = new Uint8Array(headerSize + compressed.length);
  const view = new DataView(file.buffer);
  file.set([0x4d, 0x41, 0x4d, options.checksum ? 0x84 : 0x04]);
  view.setUint32(4, scca.length, true);
  file.set(compressed, headerSize);
  if (options.checksum) view.setUint32(8, crc32(file), true);
  return file;
}
