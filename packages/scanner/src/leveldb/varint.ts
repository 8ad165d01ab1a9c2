/** A little-endian base-128 integer at `at` (LevelDB's varint32/varint64), and where it ends. */
export function readVarint(buf: Uint8Array, at: number): [value: number, next: number] {
  let value = 0;
  let scale = 1;
  for (let i = at; i < buf.length && i < at + 10; i++) {
    const b = buf[i] as number;
    value += (b & 0x7f) * scale;
    if ((b & 0x80) === 0) return [value, i + 1];
    scale *= 128;
  }
  throw new Error('truncated varint');
}
