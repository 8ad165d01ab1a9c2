import type { Budget } from '../bounded-read.js';
import type { Found } from './types.js';
import { readVarint } from './varint.js';

const BLOCK = 32 * 1024;
const HEADER = 7;
const FULL = 1;
const FIRST = 2;
const MIDDLE = 3;
const LAST = 4;

/** The write batches of a LevelDB write-ahead log (`*.log`): 32 KiB blocks of fragmented records. */
function* batches(file: Uint8Array): Generator<Uint8Array> {
  let parts: Uint8Array[] = [];
  for (let block = 0; block < file.length; block += BLOCK) {
    let at = block;
    const end = Math.min(block + BLOCK, file.length);
    while (at + HEADER <= end) {
      const length = (file[at + 4] as number) | ((file[at + 5] as number) << 8);
      const type = file[at + 6] as number;
      const data = file.subarray(at + HEADER, at + HEADER + length);
      at += HEADER + length;
      if (type === 0 && length === 0) break; // zero padding: the rest of the block is empty
      if (type === FULL) yield data;
      else if (type === FIRST) parts = [data];
      else if (type === MIDDLE) parts.push(data);
      else if (type === LAST) {
        parts.push(data);
        yield Buffer.concat(parts);
        parts = [];
      }
    }
  }
}

/**
 * Every value written for `key` in a write-ahead log, with its sequence number. Other keys' values are
 * stepped over by their length, never decoded. The work is charged to `budget`.
 */
export function findInLog(file: Uint8Array, key: Uint8Array, budget: Budget): Found[] {
  const found: Found[] = [];
  for (const batch of batches(file)) {
    budget.charge(batch.length);
    if (batch.length < 12) continue;
    const view = Buffer.from(batch.buffer, batch.byteOffset, batch.byteLength);
    let sequence = Number(view.readBigUInt64LE(0));
    const count = view.readUInt32LE(8);
    let at = 12;
    try {
      for (let i = 0; i < count; i++, sequence++) {
        const tag = batch[at++];
        let length: number;
        [length, at] = readVarint(batch, at);
        const k = batch.subarray(at, at + length);
        at += length;
        const same = Buffer.compare(k, key) === 0;
        if (tag === 1) {
          [length, at] = readVarint(batch, at);
          if (same) found.push({ sequence, deleted: false, value: batch.slice(at, at + length) });
          at += length;
        } else if (same) found.push({ sequence, deleted: true, value: null });
      }
    } catch {
      // A torn last write (Discord was killed mid-write): the batches before it stand.
    }
  }
  return found;
}
