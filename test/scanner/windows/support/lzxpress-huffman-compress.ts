/**
 * A test-side LZXpress Huffman ("LZ77+Huffman") compressor, written from [MS-XCA] 2.1 and 2.2 to make
 * the compressed Prefetch fixtures of Windows 10 and 11: greedy LZ77 matching over hash chains, then
 * per 64 KiB block a canonical Huffman code limited to 15 bits. Simple rather than tight: it only has
 * to produce valid streams, of every shape the decoder must handle.
 */

const BLOCK_SIZE = 65_536;
const MAX_DISTANCE = 65_535;
const MIN_MATCH = 3;
const MAX_CODE_LENGTH = 15;
const SYMBOL_COUNT = 512;
const END_OF_STREAM = 256;
/** A match this long is taken without looking for a longer one (keeps low-entropy input fast). */
const NICE_LENGTH = 64;

export interface CompressOptions {
  /**
   * Let a match run past the end of its 64 KiB block ([MS-XCA] 2.2.4 decodes a block until its output
   * reaches the block end, so the next block then starts where the match ended). Off by default:
   * libfwnt (behind Debian's sccainfo) decodes each block to exactly 64 KiB.
   */
  matchPastBlockEnd?: boolean;
  /** Candidates tried per position; fewer is faster and compresses worse. */
  chainLimit?: number;
  /** Emit only literals (no matches), to make a stream whose every symbol is a literal. */
  literalsOnly?: boolean;
}

type Token = { literal: number } | { length: number; distance: number };

export function compressLzxpressHuffman(data: Uint8Array, options: CompressOptions = {}): Uint8Array {
  const chainLimit = options.chainLimit ?? 16;
  const out = new Uint8Array(3 * data.length + 300 * (Math.ceil(data.length / BLOCK_SIZE) + 1) + 64);
  let outPos = 0;
  const head = new Int32Array(1 << 16).fill(-1);
  const previous = new Int32Array(data.length).fill(-1);
  const hashAt = (p: number) =>
    (((data[p] as number) << 8) ^ ((data[p + 1] as number) << 4) ^ (data[p + 2] as number)) & 0xffff;
  let inserted = 0;
  const insertUpTo = (p: number) => {
    for (; inserted < p && inserted + MIN_MATCH <= data.length; inserted++) {
      const h = hashAt(inserted);
      previous[inserted] = head[h] as number;
      head[h] = inserted;
    }
  };

  let position = 0;
  while (position < data.length) {
    const blockEnd = Math.min(position + BLOCK_SIZE, data.length);
    const tokens: Token[] = [];
    while (position < blockEnd) {
      insertUpTo(position);
      const limit = (options.matchPastBlockEnd ? data.length : blockEnd) - position;
      let bestLength = 0;
      let bestDistance = 0;
      if (!options.literalsOnly && limit >= MIN_MATCH) {
        let candidate = head[hashAt(position)] as number;
        for (let tries = 0; candidate >= 0 && tries < chainLimit; tries++) {
          const distance = position - candidate;
          if (distance > MAX_DISTANCE) break;
          let length = 0;
          while (length < limit && data[candidate + length] === data[position + length]) length++;
          if (length > bestLength) {
            bestLength = length;
            bestDistance = distance;
            if (length >= NICE_LENGTH) break;
          }
          candidate = previous[candidate] as number;
        }
      }
      if (bestLength >= MIN_MATCH) {
        tokens.push({ length: bestLength, distance: bestDistance });
        position += bestLength;
      } else {
        tokens.push({ literal: data[position] as number });
        position += 1;
      }
    }
    outPos = writeBlock(out, outPos, tokens, position >= data.length);
  }
  return out.slice(0, outPos);
}

/** The Huffman symbol of a match: 256 + (highest distance bit << 4) + min(length - 3, 15). */
function matchSymbol(length: number, distance: number): number {
  return 256 + ((31 - Math.clz32(distance)) << 4) + Math.min(length - MIN_MATCH, 15);
}

function writeBlock(out: Uint8Array, start: number, tokens: Token[], last: boolean): number {
  const frequencies = new Uint32Array(SYMBOL_COUNT);
  const count = (symbol: number) => {
    frequencies[symbol] = (frequencies[symbol] as number) + 1;
  };
  for (const token of tokens) {
    count('literal' in token ? token.literal : matchSymbol(token.length, token.distance));
  }
  // [MS-XCA] 2.1.4: the last block ends with the end-of-stream symbol (a decoder that knows the
  // output size stops before reading it).
  if (last) count(END_OF_STREAM);
  const lengths = limitedHuffmanLengths(frequencies);
  const codes = canonicalCodes(lengths);
  for (let s = 0; s < SYMBOL_COUNT; s += 2) {
    out[start + s / 2] = (lengths[s] as number) | ((lengths[s + 1] as number) << 4);
  }
  const writer = new BitWriter(out, start + SYMBOL_COUNT / 2);
  const writeSymbol = (s: number) => writer.bits(lengths[s] as number, codes[s] as number);
  for (const token of tokens) {
    if ('literal' in token) {
      writeSymbol(token.literal);
      continue;
    }
    writeSymbol(matchSymbol(token.length, token.distance));
    const extra = token.length - MIN_MATCH;
    if (extra >= 15) {
      if (extra - 15 < 255) {
        writer.byte(extra - 15);
      } else {
        writer.byte(255);
        if (extra <= 0xffff) {
          writer.byte(extra & 0xff);
          writer.byte(extra >> 8);
        } else {
          writer.byte(0);
          writer.byte(0);
          for (let i = 0; i < 4; i++) writer.byte(Math.floor(extra / 256 ** i) & 0xff);
        }
      }
    }
    const offsetBits = 31 - Math.clz32(token.distance);
    writer.bits(offsetBits, token.distance - (1 << offsetBits));
  }
  if (last) writeSymbol(END_OF_STREAM);
  return writer.finish();
}

/**
 * [MS-XCA] 2.1.4's bit output: bits fill 16-bit little-endian words most significant bit first.
 * Two words are reserved ahead, because the decoder always holds 32 bits; raw bytes (long match
 * lengths) go after the newest reserved word, where the decoder will be when it reads them.
 */
class BitWriter {
  private current: number;
  private next: number;
  private free = 16;
  private pending = 0;

  constructor(
    private readonly out: Uint8Array,
    private position: number,
  ) {
    this.current = position;
    this.next = position + 2;
    this.position += 4;
  }

  bits(count: number, value: number): void {
    if (count === 0) return;
    if (count <= this.free) {
      this.pending = (this.pending << count) | value;
      this.free -= count;
      return;
    }
    const spill = count - this.free;
    this.word(this.current, (this.pending << this.free) | (value >>> spill));
    this.current = this.next;
    this.next = this.position;
    this.position += 2;
    this.pending = value & ((1 << spill) - 1);
    this.free = 16 - spill;
  }

  byte(value: number): void {
    this.out[this.position++] = value;
  }

  /** Writes the two reserved words; returns where the next block starts. */
  finish(): number {
    this.word(this.current, this.pending << this.free);
    this.word(this.next, 0);
    return this.position;
  }

  private word(at: number, value: number): void {
    this.out[at] = value & 0xff;
    this.out[at + 1] = (value >> 8) & 0xff;
  }
}

/** Huffman code lengths of at most 15 bits: frequencies are halved until the tree is shallow enough. */
function limitedHuffmanLengths(frequencies: Uint32Array): Uint8Array {
  let weights = Array.from(frequencies);
  const used = weights.flatMap((w, s) => (w > 0 ? [s] : []));
  if (used.length === 1) {
    // One symbol alone would leave the code incomplete, which [MS-XCA] 2.2.4 rejects: pair it.
    const only = used[0] as number;
    const lengths = new Uint8Array(SYMBOL_COUNT);
    lengths[only] = 1;
    lengths[only === 0 ? 1 : 0] = 1;
    return lengths;
  }
  for (;;) {
    const lengths = huffmanLengths(weights);
    if (Math.max(...lengths) <= MAX_CODE_LENGTH) return lengths;
    weights = weights.map((w) => (w > 0 ? Math.max(1, w >> 1) : 0));
  }
}

/**
 * Huffman code lengths by the two-queue method: leaves sorted once by weight, merged nodes come out
 * in non-decreasing weight, so the two lightest are always at the front of one queue or the other.
 */
function huffmanLengths(weights: number[]): Uint8Array {
  type Node = { weight: number; symbol?: number; children?: [Node, Node] };
  const leaves: Node[] = weights
    .flatMap((weight, symbol) => (weight > 0 ? [{ weight, symbol }] : []))
    .sort((a, b) => a.weight - b.weight);
  const merged: Node[] = [];
  let leaf = 0;
  let next = 0;
  const lightest = (): Node => {
    const a = leaves[leaf];
    const b = merged[next];
    if (a && (!b || a.weight <= b.weight)) {
      leaf++;
      return a;
    }
    next++;
    return b as Node;
  };
  while (leaves.length - leaf + merged.length - next > 1) {
    const a = lightest();
    const b = lightest();
    merged.push({ weight: a.weight + b.weight, children: [a, b] });
  }
  const lengths = new Uint8Array(SYMBOL_COUNT);
  const stack: [Node, number][] = [[merged[merged.length - 1] as Node, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [Node, number];
    if (node.children) {
      stack.push([node.children[0], depth + 1], [node.children[1], depth + 1]);
    } else {
      lengths[node.symbol as number] = depth;
    }
  }
  return lengths;
}

/** Canonical codes, [MS-XCA] 2.1.4 and 2.2.4: by length, then by symbol. */
function canonicalCodes(lengths: Uint8Array): Uint16Array {
  const codes = new Uint16Array(SYMBOL_COUNT);
  let code = 0;
  for (let length = 1; length <= MAX_CODE_LENGTH; length++) {
    for (let s = 0; s < SYMBOL_COUNT; s++) if (lengths[s] === length) codes[s] = code++;
    code <<= 1;
  }
  return codes;
}
