import { FormatError } from './format-error.js';
import { buildDecodingTable, DECODING_TABLE_SIZE, MAX_CODE_LENGTH, TABLE_BYTES } from './huffman-table.js';

/**
 * LZXpress Huffman ("LZ77+Huffman") decompression, written from [MS-XCA] 2.2.4.
 *
 * The stream is a run of blocks. Each block is a 256-byte table of code lengths followed by a bit
 * stream read as 16-bit little-endian words, most significant bit first, with the extra bytes of
 * long match lengths stored between those words at the point the decoder reaches them. A block
 * decodes until it has produced 65,536 bytes counted from where it started; a match may run past that
 * point and the next block then starts where the match ended. Matches may reach back into earlier
 * blocks (up to 65,535 bytes).
 */

/** The output of one block, [MS-XCA] 2.2.4 ("BlockEnd = OutputPosition + 65536"). */
export const BLOCK_SIZE = 65_536;

/** A block's table and the two 16-bit words the decoder loads before its first symbol. */
const MINIMUM_BLOCK_BYTES = TABLE_BYTES + 4;

/**
 * Decompresses `input` into exactly `outputSize` bytes. The size comes from the container (the MAM
 * header for Prefetch), which bounds it; memory grows with the bytes actually decoded, never more
 * than `outputSize`. Throws `FormatError` on damaged or truncated input; never reads outside `input`.
 */
export function decompressLzxpressHuffman(input: Uint8Array, outputSize: number): Uint8Array {
  if (!Number.isSafeInteger(outputSize) || outputSize < 0) {
    throw new FormatError('out-of-bounds', `the decompressed size ${outputSize} is not a byte count`);
  }
  // The output grows as it is produced rather than being allocated from the stated size at once: a
  // damaged size field over a short input then fails as truncated without a large allocation.
  let output = new Uint8Array(Math.min(outputSize, BLOCK_SIZE));
  const reserve = (needed: number) => {
    if (needed <= output.length) return;
    let capacity = Math.max(BLOCK_SIZE, output.length * 2);
    while (capacity < needed) capacity *= 2;
    const grown = new Uint8Array(Math.min(capacity, outputSize));
    grown.set(output);
    output = grown;
  };
  const table = new Uint16Array(DECODING_TABLE_SIZE);
  const end = input.length;
  let position = 0;
  let outputPosition = 0;

  const read16 = (at: number): number => {
    if (at + 2 > end) throw new FormatError('truncated', 'the compressed bit stream is cut off', at);
    return (input[at] as number) | ((input[at + 1] as number) << 8);
  };

  while (outputPosition < outputSize) {
    if (position + MINIMUM_BLOCK_BYTES > end) {
      throw new FormatError(
        'truncated',
        `the compressed data ends after ${outputPosition} of ${outputSize} bytes`,
        position,
      );
    }
    buildDecodingTable(input, position, table);
    position += TABLE_BYTES;
    // NextBits holds 32 bits; extraBits counts those beyond the 16 a symbol may need.
    let nextBits = ((read16(position) << 16) | read16(position + 2)) >>> 0;
    position += 4;
    let extraBits = 16;
    const blockEnd = Math.min(outputPosition + BLOCK_SIZE, outputSize);
    reserve(blockEnd);

    while (outputPosition < blockEnd) {
      const entry = table[nextBits >>> (32 - MAX_CODE_LENGTH)] as number;
      const symbolLength = entry & 0x0f;
      const symbol = entry >> 4;
      nextBits = (nextBits << symbolLength) >>> 0;
      extraBits -= symbolLength;
      if (extraBits < 0) {
        nextBits = (nextBits | (read16(position) << -extraBits)) >>> 0;
        position += 2;
        extraBits += 16;
      }
      if (symbol < 256) {
        output[outputPosition++] = symbol;
        continue;
      }
      const matchSymbol = symbol - 256;
      const offsetBits = matchSymbol >> 4;
      let length = matchSymbol & 0x0f;
      if (length === 15) {
        if (position >= end) {
          throw new FormatError('truncated', 'a match length byte is cut off', position);
        }
        length = input[position++] as number;
        if (length === 255) {
          length = read16(position);
          position += 2;
          if (length === 0) {
            if (position + 4 > end) {
              throw new FormatError('truncated', 'a 32-bit match length is cut off', position);
            }
            length =
              ((input[position] as number) |
                ((input[position + 1] as number) << 8) |
                ((input[position + 2] as number) << 16)) +
              (input[position + 3] as number) * 0x1000000;
            position += 4;
          }
          if (length < 15) {
            throw new FormatError('bad-match', `an extended match length of ${length} is below 15`, position);
          }
          length -= 15;
        }
        length += 15;
      }
      length += 3;
      let distance = 1 << offsetBits;
      if (offsetBits > 0) {
        distance += nextBits >>> (32 - offsetBits);
        nextBits = (nextBits << offsetBits) >>> 0;
        extraBits -= offsetBits;
        if (extraBits < 0) {
          nextBits = (nextBits | (read16(position) << -extraBits)) >>> 0;
          position += 2;
          extraBits += 16;
        }
      }
      if (distance > outputPosition) {
        throw new FormatError(
          'bad-match',
          `a match reaches ${distance} bytes back from output byte ${outputPosition}`,
          position,
        );
      }
      if (length > outputSize - outputPosition) {
        throw new FormatError(
          'bad-match',
          `a match of ${length} bytes at output byte ${outputPosition} runs past the ${outputSize} expected`,
          position,
        );
      }
      reserve(outputPosition + length);
      copyMatch(output, outputPosition, distance, length);
      outputPosition += length;
    }
  }
  return output;
}

/** Overlapping copies repeat the last `distance` bytes, as LZ77 intends. */
function copyMatch(output: Uint8Array, at: number, distance: number, length: number): void {
  const from = at - distance;
  if (distance >= length) {
    output.copyWithin(at, from, from + length);
    return;
  }
  for (let i = 0; i < length; i++) output[at + i] = output[from + i] as number;
}
