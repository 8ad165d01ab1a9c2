import snappy from 'snappyjs';
import type { Budget } from '../bounded-read.js';
import type { Found } from './types.js';
import { readVarint } from './varint.js';

const FOOTER = 48;
const MAGIC = 0xdb4775248b80fb57n;
const NO_COMPRESSION = 0;
const SNAPPY = 1;
/**
 * LevelDB writes blocks of about 4 KiB (a single large value makes a larger one); a block claiming
 * more than this once uncompressed is not one LevelDB wrote.
 */
const MAX_BLOCK_BYTES = 64 * 1024 * 1024;
/** A key longer than this is not a Local Storage key (Discord's are a few dozen bytes). */
const MAX_KEY_BYTES = 64 * 1024;

interface Handle {
  offset: number;
  size: number;
}

function handleAt(buf: Uint8Array, at: number): [Handle, number] {
  const [offset, a] = readVarint(buf, at);
  const [size, b] = readVarint(buf, a);
  return [{ offset, size }, b];
}

/** A block's contents, uncompressed (the 5-byte trailer holds the compression type and a CRC). */
function block(file: Uint8Array, h: Handle, budget: Budget): Uint8Array {
  if (h.offset + h.size >= file.length) throw new Error('block handle past the end of the table');
  const raw = file.subarray(h.offset, h.offset + h.size);
  budget.charge(raw.length);
  const type = file[h.offset + h.size];
  if (type === NO_COMPRESSION) return raw;
  if (type === SNAPPY) {
    const data = snappy.uncompress(raw, MAX_BLOCK_BYTES);
    budget.charge(data.length);
    return data;
  }
  throw new Error(`unknown block compression ${type}`);
}

/** The entries of a block: prefix-compressed keys and their values, up to the restart array. */
function* entries(data: Uint8Array, budget: Budget): Generator<[key: Uint8Array, value: Uint8Array]> {
  const view = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const restarts = view.readUInt32LE(data.length - 4);
  const end = data.length - 4 - restarts * 4;
  let at = 0;
  let key: Uint8Array = new Uint8Array(0);
  while (at < end) {
    let shared: number;
    let unshared: number;
    let length: number;
    [shared, at] = readVarint(data, at);
    [unshared, at] = readVarint(data, at);
    [length, at] = readVarint(data, at);
    // Each key is built from the one before it: a crafted block repeating a long shared prefix
    // would cost its length for every entry, so that cost is charged to the budget.
    if (shared > key.length || shared + unshared > MAX_KEY_BYTES) throw new Error('malformed block entry');
    budget.charge(shared + unshared + 8);
    const next = new Uint8Array(shared + unshared);
    next.set(key.subarray(0, shared));
    next.set(data.subarray(at, at + unshared), shared);
    key = next;
    at += unshared;
    yield [key, data.subarray(at, at + length)];
    at += length;
  }
}

/**
 * Every value for `key` in a sorted table (`*.ldb`, `*.sst`). Keys here are internal keys: the user
 * key, then 8 bytes of (sequence << 8 | type). Only the data blocks the index says may hold the key
 * are read, each at most once (a crafted index may name one block many times), and only that key's
 * value is kept. The work is charged to `budget`, which throws when it is used up.
 */
export function findInTable(file: Uint8Array, key: Uint8Array, budget: Budget): Found[] {
  if (file.length < FOOTER) return [];
  const footer = Buffer.from(file.buffer, file.byteOffset + file.length - FOOTER, FOOTER);
  if (footer.readBigUInt64LE(40) !== MAGIC) throw new Error('not a LevelDB table');
  const [, afterMeta] = handleAt(footer, 0);
  const [indexHandle] = handleAt(footer, afterMeta);
  const found: Found[] = [];
  const target = Buffer.from(key);
  const read = new Set<string>();
  for (const [separator, handleBytes] of entries(block(file, indexHandle, budget), budget)) {
    // An index entry's key is at or after every key of its block: skip blocks that end before ours.
    if (
      Buffer.compare(Buffer.from(separator.subarray(0, Math.max(0, separator.length - 8))), target) < 0 &&
      separator.length >= 8
    )
      continue;
    const [handle] = handleAt(handleBytes, 0);
    const id = `${handle.offset}:${handle.size}`;
    if (read.has(id)) continue;
    read.add(id);
    for (const [internal, value] of entries(block(file, handle, budget), budget)) {
      if (internal.length < 8) continue;
      const user = internal.subarray(0, internal.length - 8);
      const cmp = Buffer.compare(Buffer.from(user), target);
      if (cmp > 0) return found;
      if (cmp < 0) continue;
      const trailer = Buffer.from(internal.subarray(internal.length - 8)).readBigUInt64LE(0);
      const type = Number(trailer & 0xffn);
      found.push({
        sequence: Number(trailer >> 8n),
        deleted: type === 0,
        value: type === 0 ? null : value.slice(),
      });
    }
  }
  return found;
}
