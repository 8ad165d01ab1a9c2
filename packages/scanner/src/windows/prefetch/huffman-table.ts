import { FormatError } from './format-error.js';

/**
 * The Huffman code of one LZXpress Huffman block ([MS-XCA] 2.1.4 and 2.2.4): 512 symbols (256
 * literals and 256 match symbols), each with a code length of 0 to 15 bits, stored as 256 bytes, two
 * lengths per byte with the even symbol in the low nibble. Codes are canonical: shorter codes first,
 * and among codes of one length, lower symbols first.
 */
export const SYMBOL_COUNT = 512;
export const TABLE_BYTES = SYMBOL_COUNT / 2;
export const MAX_CODE_LENGTH = 15;
export const DECODING_TABLE_SIZE = 1 << MAX_CODE_LENGTH;

/**
 * Fills `table` so that `table[next15Bits]` holds `(symbol << 4) | codeLength` for the code the next
 * 15 bits of the stream start with. [MS-XCA] 2.2.4 requires the code to fill the 15-bit space exactly:
 * an over-full or incomplete code is invalid data, and so is a block without any code.
 */
export function buildDecodingTable(input: Uint8Array, offset: number, table: Uint16Array): void {
  if (offset + TABLE_BYTES > input.length) {
    throw new FormatError('truncated', 'the 256-byte Huffman table of a block is cut off', offset);
  }
  let entry = 0;
  for (let length = 1; length <= MAX_CODE_LENGTH; length++) {
    const span = 1 << (MAX_CODE_LENGTH - length);
    for (let symbol = 0; symbol < SYMBOL_COUNT; symbol++) {
      const packed = input[offset + (symbol >> 1)] as number;
      const symbolLength = symbol & 1 ? packed >> 4 : packed & 0x0f;
      if (symbolLength !== length) continue;
      if (entry + span > DECODING_TABLE_SIZE) {
        throw new FormatError(
          'bad-huffman-table',
          'the Huffman code lengths describe more codes than 15 bits can hold',
          offset,
        );
      }
      table.fill((symbol << 4) | length, entry, entry + span);
      entry += span;
    }
  }
  if (entry !== DECODING_TABLE_SIZE) {
    throw new FormatError(
      'bad-huffman-table',
      entry === 0 ? 'the Huffman table gives no symbol a code' : 'the Huffman code is incomplete',
      offset,
    );
  }
}
