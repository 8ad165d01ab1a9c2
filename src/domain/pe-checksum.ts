/**
 * The PE image checksum (the optional header's CheckSum field), as Windows' `CheckSumMappedFile`
 * computes it: the file read as little-endian 16-bit words, the field itself counted as zero, added
 * with end-around carry, then the file's length added. Tagging a signed build changes its certificate
 * table and its length, so the field is written again (docs/scanner.md, "Stamped downloads"); only
 * drivers are refused for a wrong one, but `osslsigncode verify` warns, and a file should not lie.
 *
 * End-around carry makes the sum depend only on the plain total of the words, not their order:
 * the file is summed once per build, and each download adds only what it changes.
 *
 * With the field at an odd offset (an odd `e_lfanew`), tools part ways: `CheckSumMappedFile`
 * subtracts the field's two halves as they read, which is not the words they fall in, and
 * `osslsigncode` counts the field in. This module keeps to the definition above, the field's four
 * bytes counted as zero wherever they fall.
 */

/** The plain total of the 16-bit words of `bytes`, which start at file offset `start`. */
export function wordSum(bytes: Uint8Array, start: number): number {
  let sum = 0;
  let i = 0;
  // A chunk that starts at an odd offset begins with the high half of a word.
  if (start % 2 === 1 && bytes.length > 0) {
    sum += (bytes[0] as number) << 8;
    i = 1;
  }
  for (; i + 1 < bytes.length; i += 2) sum += (bytes[i] as number) | ((bytes[i + 1] as number) << 8);
  if (i < bytes.length) sum += bytes[i] as number;
  return sum;
}

/**
 * What a 32-bit little-endian field at file offset `offset` adds to the total. At an odd offset
 * (an odd `e_lfanew` puts the CheckSum and the directory's size there) its bytes straddle three
 * words, each half in another word than at an even one.
 */
export function fieldSum(value: number, offset: number): number {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, value >>> 0, true);
  return wordSum(bytes, offset);
}

/** The CheckSum field of a file whose words (the field counted as zero) total `total`. */
export function peChecksum(total: number, fileLength: number): number {
  // Folding after every word gives the total modulo 0xffff, written 0xffff rather than 0 unless
  // every word was zero.
  const folded = total === 0 ? 0 : ((total - 1) % 0xffff) + 1;
  return (folded + fileLength) >>> 0;
}
