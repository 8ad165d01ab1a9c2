import { NO_CELL } from './cell-reader.js';
import type { Hive } from './hive.js';
import { HiveFormatError } from './hive-format-error.js';

/**
 * The offsets of a key's subkeys, in stored order, from its subkey list (libyal regf format document,
 * "Sub key list"): `lf` and `lh` leaves hold 8-byte elements (key offset, then a name hint or hash),
 * `li` leaves 4-byte key offsets, and an `ri` index holds offsets of further lists. Each list cell is
 * visited at most once, so a list that refers back to itself (damage) ends with a `cycle` error
 * instead of looping; an index nested deeper than any Windows writes is refused too.
 */

const MAX_INDEX_DEPTH = 4;

export function subkeyOffsets(
  hive: Hive,
  listOffset: number,
  declaredCount: number,
  keyOffset: number,
): number[] {
  if (declaredCount === 0) return [];
  if (listOffset === NO_CELL) {
    throw new HiveFormatError(
      'bad-key',
      keyOffset,
      `key declares ${declaredCount} subkeys but has no subkey list`,
    );
  }
  const found: number[] = [];
  const visited = new Set<number>();
  collect(hive, listOffset, 0, visited, found);
  if (found.length !== declaredCount) {
    throw new HiveFormatError(
      'bad-subkey-list',
      listOffset,
      `key declares ${declaredCount} subkeys, its subkey lists hold ${found.length}`,
    );
  }
  return found;
}

function collect(hive: Hive, offset: number, depth: number, visited: Set<number>, found: number[]): void {
  if (visited.has(offset)) {
    throw new HiveFormatError('cycle', offset, 'subkey list refers to a list already visited');
  }
  visited.add(offset);
  const list = hive.cell(offset, 'bad-subkey-list', 'subkey list');
  const signature = list.signature();
  const count = list.u16(2);
  const width =
    signature === 'lf' || signature === 'lh' ? 8 : signature === 'li' || signature === 'ri' ? 4 : 0;
  if (width === 0) list.fail(`unknown subkey list signature "${signature}"`);
  list.need(4 + count * width, `${count} elements of a "${signature}" list`);
  for (let i = 0; i < count; i++) {
    const element = list.u32(4 + i * width);
    if (signature !== 'ri') {
      found.push(element);
    } else if (depth + 1 > MAX_INDEX_DEPTH) {
      list.fail(`"ri" lists nest deeper than ${MAX_INDEX_DEPTH}`);
    } else {
      collect(hive, element, depth + 1, visited, found);
    }
  }
}
