import { BASE_BLOCK_SIZE, type HiveHeader, readBaseBlock } from './base-block.js';
import { CellReader } from './cell-reader.js';
import { type HiveErrorCode, HiveFormatError } from './hive-format-error.js';
import { RegistryKey } from './key.js';
import { splitKeyPath } from './names.js';

/**
 * A read-only view of a registry hive file (regf), after the libyal "Windows NT Registry File (REGF)
 * format" document. Everything is read on demand from the bytes given: opening checks the base block
 * and walks the hive bin headers, so that every later cell offset can be checked to lie inside one
 * bin before anything is read from it.
 */

const HBIN_HEADER_SIZE = 32;
const CELL_ALIGNMENT = 8;

interface Bin {
  start: number;
  end: number;
}

export class Hive {
  readonly header: HiveHeader;
  private readonly bins: Bin[];
  private readonly view: DataView;
  /** 4096-byte blocks inside the announced bins that are not part of any bin (lost or never written). */
  gaps = 0;

  constructor(readonly bytes: Uint8Array) {
    this.header = readBaseBlock(bytes);
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.bins = this.readBins();
  }

  /** libyal "Hive bin header": "hbin", its own offset, its size (a multiple of 4096). */
  private readBins(): Bin[] {
    const bins: Bin[] = [];
    let start = 0;
    while (start < this.header.binsSize) {
      const at = BASE_BLOCK_SIZE + start;
      const signature = String.fromCharCode(...this.bytes.subarray(at, at + 4));
      if (signature !== 'hbin') {
        // A first bin missing is damage. Past it, a block that is not a bin is skipped, 4096 bytes at a
        // time: a hive whose announced bins end in zero-filled blocks (libyal: "Empty hive bins") is
        // kept up to its last real bin, and one with blocks lost in the middle (regipy's real damaged
        // SYSTEM hive has 583 such blocks in 31 gaps) keeps the bins after them. A cell in a gap is
        // then refused like any offset outside the bins.
        if (bins.length === 0) {
          throw new HiveFormatError('bad-bin', at, `expected a hive bin ("hbin"), found "${signature}"`);
        }
        this.gaps++;
        start += 4096;
        continue;
      }
      const ownOffset = this.view.getUint32(at + 4, true);
      const size = this.view.getUint32(at + 8, true);
      if (ownOffset !== start) {
        throw new HiveFormatError('bad-bin', at, `hive bin says it is at ${ownOffset}, it is at ${start}`);
      }
      if (size < 4096 || size % 4096 !== 0 || start + size > this.header.binsSize) {
        throw new HiveFormatError(
          'bad-bin',
          at,
          `hive bin size ${size} is not a multiple of 4096 inside the hive`,
        );
      }
      bins.push({ start, end: start + size });
      start += size;
    }
    return bins;
  }

  /**
   * The payload of the allocated cell at `offset` (relative to the first hive bin). A cell lies wholly
   * inside one bin, is 8-byte aligned, and its size is negative when allocated (libyal "Hive bin cell").
   */
  cell(offset: number, code: HiveErrorCode, what: string): CellReader {
    const bin = this.binAt(offset);
    if (bin === undefined || offset < bin.start + HBIN_HEADER_SIZE || offset % CELL_ALIGNMENT !== 0) {
      throw new HiveFormatError('bad-offset', offset, `${what}: no cell can start at this offset`);
    }
    if (offset + 4 > bin.end)
      throw new HiveFormatError('bad-cell', offset, `${what}: cell header past its bin`);
    const raw = this.view.getInt32(BASE_BLOCK_SIZE + offset, true);
    if (raw >= 0) throw new HiveFormatError('unallocated-cell', offset, `${what}: the cell is free`);
    const size = -raw;
    if (size < CELL_ALIGNMENT || offset + size > bin.end) {
      throw new HiveFormatError(
        'bad-cell',
        offset,
        `${what}: cell size ${size} does not fit in its hive bin`,
      );
    }
    const at = BASE_BLOCK_SIZE + offset + 4;
    return new CellReader(this.bytes.subarray(at, at + size - 4), offset, code, what);
  }

  private binAt(offset: number): Bin | undefined {
    let low = 0;
    let high = this.bins.length - 1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      const bin = this.bins[mid] as Bin;
      if (offset < bin.start) high = mid - 1;
      else if (offset >= bin.end) low = mid + 1;
      else return bin;
    }
    return undefined;
  }

  root(): RegistryKey {
    return new RegistryKey(this, this.header.rootOffset);
  }

  /** The key at `path` below the root (`ControlSet001\Services`), matched case-insensitively. */
  key(path: string): RegistryKey | null {
    let key: RegistryKey | null = this.root();
    for (const name of splitKeyPath(path)) {
      key = key.subkey(name);
      if (key === null) return null;
    }
    return key;
  }

  /**
   * Every key below the root, depth first in stored order, with its path. A key that appears again
   * among its own ancestors (a loop made by damage) stops the walk with a `cycle` error.
   */
  *walk(): Generator<{ path: string; key: RegistryKey }> {
    const root = this.root();
    yield* walkFrom(root, '', [root.offset]);
  }
}

/** Registry trees are at most 512 levels deep (libyal, quoting MSDN). */
const MAX_DEPTH = 512;

function* walkFrom(
  key: RegistryKey,
  path: string,
  ancestors: number[],
): Generator<{ path: string; key: RegistryKey }> {
  if (ancestors.length > MAX_DEPTH) {
    throw new HiveFormatError('too-deep', key.offset, `keys nest deeper than ${MAX_DEPTH} levels`);
  }
  for (const child of key.subkeys()) {
    if (ancestors.includes(child.offset)) {
      throw new HiveFormatError('cycle', child.offset, `key "${child.name}" is its own ancestor`);
    }
    const childPath = path === '' ? child.name : `${path}\\${child.name}`;
    yield { path: childPath, key: child };
    ancestors.push(child.offset);
    yield* walkFrom(child, childPath, ancestors);
    ancestors.pop();
  }
}

/** Opens a hive from its bytes; throws `HiveFormatError` if the base block or a bin header is damaged. */
export function openHive(bytes: Uint8Array): Hive {
  const hive = new Hive(bytes);
  hive.root(); // the root key must at least parse
  return hive;
}
