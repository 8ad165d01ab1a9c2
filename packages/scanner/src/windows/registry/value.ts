import { type CellReader, NO_CELL } from './cell-reader.js';
import type { Hive } from './hive.js';
import { HiveFormatError } from './hive-format-error.js';
import { decodeName } from './names.js';
import { type DecodedValue, decodeValueData, utf16String, utf16Strings } from './value-data.js';
import { valueTypeName } from './value-types.js';

/**
 * One value of a key: a `vk` cell (libyal regf format document, "Value key"). Its header is read when
 * the key's values are listed; its data only when asked for, so one damaged value fails alone.
 */

const VK_HEADER_SIZE = 20;
const VALUE_COMP_NAME = 0x0001;
const DATA_IN_OFFSET_FIELD = 0x80000000;
/** Data of more than this many bytes is split into `db` segments in format 1.4 and later. */
export const BIG_DATA_SEGMENT_SIZE = 16344;

export class RegistryValue {
  /** '' for the key's default value (shown as "(Default)" by regedit, "@" by hivexget). */
  readonly name: string;
  readonly type: number;
  /** The data size the value declares. */
  readonly size: number;
  private readonly resident: boolean;
  private readonly dataOffset: number;
  private readonly cell: CellReader;

  constructor(
    private readonly hive: Hive,
    readonly offset: number,
  ) {
    const vk = hive.cell(offset, 'bad-value', 'value key');
    if (vk.signature() !== 'vk') vk.fail(`signature "${vk.signature()}", expected "vk"`);
    vk.need(VK_HEADER_SIZE, 'value key header');
    const nameLength = vk.u16(2);
    const rawSize = vk.u32(4);
    this.resident = (rawSize & DATA_IN_OFFSET_FIELD) !== 0;
    this.size = rawSize & ~DATA_IN_OFFSET_FIELD;
    this.dataOffset = vk.u32(8);
    this.type = vk.u32(12);
    const flags = vk.u16(16);
    this.name = decodeName(
      vk.bytes(VK_HEADER_SIZE, nameLength, 'value name'),
      (flags & VALUE_COMP_NAME) !== 0,
    );
    this.cell = vk;
  }

  get typeName(): string {
    return valueTypeName(this.type);
  }

  /** The raw data, `size` bytes. Throws `HiveFormatError` (code `bad-value` or `bad-data`) on damage. */
  data(): Uint8Array {
    if (this.resident) {
      // Up to 4 bytes live in the offset field itself.
      if (this.size > 4) this.cell.fail(`${this.size} bytes of data cannot be stored in the offset field`);
      return this.cell.bytes(8, this.size, 'resident data');
    }
    if (this.size === 0) return new Uint8Array(0);
    if (this.dataOffset === NO_CELL) this.cell.fail(`${this.size} bytes of data but no data cell`);
    const cell = this.hive.cell(this.dataOffset, 'bad-data', `data of value "${this.name}"`);
    if (this.size <= cell.length) return cell.bytes(0, this.size, 'value data');
    if (cell.length >= 8 && cell.signature() === 'db') return this.bigData(cell);
    return cell.fail(`declared data size ${this.size} exceeds its cell (${cell.length} bytes)`);
  }

  /** libyal "Data block key": "db", number of segments, offset of the segment list. */
  private bigData(db: CellReader): Uint8Array {
    const segmentCount = db.u16(2);
    const list = this.hive.cell(db.u32(4), 'bad-data', 'big data segment list');
    list.need(segmentCount * 4, `${segmentCount} segment offsets`);
    const parts: Uint8Array[] = [];
    let remaining = this.size;
    for (let i = 0; i < segmentCount && remaining > 0; i++) {
      const segment = this.hive.cell(list.u32(i * 4), 'bad-data', `big data segment ${i}`);
      const take = Math.min(remaining, BIG_DATA_SEGMENT_SIZE, segment.length);
      parts.push(segment.bytes(0, take, 'segment data'));
      remaining -= take;
    }
    if (remaining > 0) {
      throw new HiveFormatError(
        'bad-data',
        db.offset,
        `big data: ${segmentCount} segments hold ${this.size - remaining} of ${this.size} declared bytes`,
      );
    }
    const out = new Uint8Array(this.size);
    let at = 0;
    for (const part of parts) {
      out.set(part, at);
      at += part.length;
    }
    return out;
  }

  decoded(): DecodedValue {
    return decodeValueData(this.type, this.data());
  }

  /** The data read as a UTF-16LE string, whatever the type says (BAM-style binary data is not this). */
  string(): string {
    return utf16String(this.data());
  }

  strings(): string[] {
    return utf16Strings(this.data());
  }
}

export function valueOffsets(hive: Hive, listOffset: number, count: number, keyOffset: number): number[] {
  if (count === 0) return [];
  if (listOffset === NO_CELL) {
    throw new HiveFormatError('bad-key', keyOffset, `key declares ${count} values but has no value list`);
  }
  // libyal "Values list": just the offsets, no signature.
  const list = hive.cell(listOffset, 'bad-value-list', 'value list');
  list.need(count * 4, `${count} value offsets`);
  const offsets: number[] = [];
  for (let i = 0; i < count; i++) offsets.push(list.u32(i * 4));
  return offsets;
}
