import { filetimeToIso } from '../filetime-iso.js';
import type { CellReader } from './cell-reader.js';
import type { Hive } from './hive.js';
import { HiveFormatError } from './hive-format-error.js';
import { decodeName, foldName, splitKeyPath } from './names.js';
import { subkeyOffsets } from './subkey-list.js';
import { RegistryValue, valueOffsets } from './value.js';

/**
 * One key: an `nk` cell (libyal regf format document, "Named key"). Subkeys and values are read when
 * asked for, each time, so a large hive costs nothing beyond the keys a caller visits.
 */

const NK_HEADER_SIZE = 76;
const KEY_COMP_NAME = 0x0020;

export class RegistryKey {
  readonly name: string;
  readonly flags: number;
  /** FILETIME of the key's last write. */
  readonly lastWrittenFiletime: bigint;
  readonly subkeyCount: number;
  readonly valueCount: number;
  private readonly subkeyListOffset: number;
  private readonly valueListOffset: number;

  constructor(
    private readonly hive: Hive,
    readonly offset: number,
  ) {
    const nk: CellReader = hive.cell(offset, 'bad-key', 'key');
    if (nk.signature() !== 'nk') nk.fail(`signature "${nk.signature()}", expected "nk"`);
    nk.need(NK_HEADER_SIZE, 'key header');
    this.flags = nk.u16(2);
    this.lastWrittenFiletime = nk.u64(4);
    this.subkeyCount = nk.u32(20);
    this.subkeyListOffset = nk.u32(28);
    this.valueCount = nk.u32(36);
    this.valueListOffset = nk.u32(40);
    const nameLength = nk.u16(72);
    this.name = decodeName(
      nk.bytes(NK_HEADER_SIZE, nameLength, 'key name'),
      (this.flags & KEY_COMP_NAME) !== 0,
    );
  }

  /** ISO 8601 UTC with milliseconds, or null if never set. */
  get lastWritten(): string | null {
    return filetimeToIso(this.lastWrittenFiletime);
  }

  subkeys(): RegistryKey[] {
    return subkeyOffsets(this.hive, this.subkeyListOffset, this.subkeyCount, this.offset).map(
      (offset) => new RegistryKey(this.hive, offset),
    );
  }

  /**
   * The subkeys that can be read, and the damage that hid the others: one damaged sibling (a key cell
   * lost in a damaged hive) does not hide the rest. A damaged subkey list itself still throws.
   */
  readableSubkeys(): { keys: RegistryKey[]; damaged: HiveFormatError[] } {
    const keys: RegistryKey[] = [];
    const damaged: HiveFormatError[] = [];
    for (const offset of subkeyOffsets(this.hive, this.subkeyListOffset, this.subkeyCount, this.offset)) {
      try {
        keys.push(new RegistryKey(this.hive, offset));
      } catch (error) {
        if (!(error instanceof HiveFormatError)) throw error;
        damaged.push(error);
      }
    }
    return { keys, damaged };
  }

  /**
   * The direct subkey called `name` (case-insensitive), or null. Found among the readable subkeys, it
   * is returned even if a sibling is damaged; not found while one is, the damage is thrown, since the
   * key may be the damaged one.
   */
  subkey(name: string): RegistryKey | null {
    const wanted = foldName(name);
    const { keys, damaged } = this.readableSubkeys();
    for (const key of keys) if (foldName(key.name) === wanted) return key;
    if (damaged[0] !== undefined) throw damaged[0];
    return null;
  }

  /** The key at `path` below this one, or null. */
  key(path: string): RegistryKey | null {
    let key: RegistryKey | null = this;
    for (const name of splitKeyPath(path)) {
      key = key.subkey(name);
      if (key === null) return null;
    }
    return key;
  }

  values(): RegistryValue[] {
    return valueOffsets(this.hive, this.valueListOffset, this.valueCount, this.offset).map(
      (offset) => new RegistryValue(this.hive, offset),
    );
  }

  /** The value called `name` (case-insensitive; '' is the default value), or null. */
  value(name: string): RegistryValue | null {
    const wanted = foldName(name);
    for (const value of this.values()) if (foldName(value.name) === wanted) return value;
    return null;
  }
}
