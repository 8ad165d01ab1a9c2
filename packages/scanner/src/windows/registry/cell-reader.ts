import { type HiveErrorCode, HiveFormatError } from './hive-format-error.js';

/** Cell offsets are 32-bit; this one means "none" (libyal: "-1 (0xffffffff) if empty"). */
export const NO_CELL = 0xffffffff;

/**
 * Little-endian reads inside one cell's payload. Every read is checked against the payload's length,
 * so a length or offset field pointing past the cell fails with a `HiveFormatError` naming the cell.
 */
export class CellReader {
  private readonly view: DataView;

  constructor(
    readonly payload: Uint8Array,
    readonly offset: number,
    private readonly code: HiveErrorCode,
    private readonly what: string,
  ) {
    this.view = new DataView(payload.buffer, payload.byteOffset, payload.byteLength);
  }

  get length(): number {
    return this.payload.length;
  }

  fail(message: string): never {
    throw new HiveFormatError(this.code, this.offset, `${this.what}: ${message}`);
  }

  need(end: number, field: string): void {
    if (end > this.payload.length) {
      this.fail(`${field} ends at byte ${end} but the cell holds ${this.payload.length}`);
    }
  }

  signature(): string {
    this.need(2, 'signature');
    return String.fromCharCode(this.payload[0] as number, this.payload[1] as number);
  }

  u16(at: number): number {
    this.need(at + 2, `field at ${at}`);
    return this.view.getUint16(at, true);
  }

  u32(at: number): number {
    this.need(at + 4, `field at ${at}`);
    return this.view.getUint32(at, true);
  }

  u64(at: number): bigint {
    this.need(at + 8, `field at ${at}`);
    return this.view.getBigUint64(at, true);
  }

  bytes(at: number, length: number, field: string): Uint8Array {
    this.need(at + length, field);
    return this.payload.subarray(at, at + length);
  }
}
