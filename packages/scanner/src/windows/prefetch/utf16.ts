const UTF16 = new TextDecoder('utf-16le');

/** UTF-16 little-endian code units from `start` up to (not including) the first NUL or `end`. */
export function utf16UpToNul(bytes: Uint8Array, start: number, end: number): string {
  let stop = start;
  while (stop + 1 < end && (bytes[stop] !== 0 || bytes[stop + 1] !== 0)) stop += 2;
  return UTF16.decode(bytes.subarray(start, stop));
}

/**
 * The NUL-terminated strings packed one after another in `[start, end)`. Empty strings (padding) are
 * left out; a last string without its terminator is kept.
 */
export function utf16Strings(bytes: Uint8Array, start: number, end: number): string[] {
  const strings: string[] = [];
  let from = start;
  for (let at = start; at + 1 < end; at += 2) {
    if (bytes[at] !== 0 || bytes[at + 1] !== 0) continue;
    if (at > from) strings.push(UTF16.decode(bytes.subarray(from, at)));
    from = at + 2;
  }
  const last = from + ((end - from) & ~1);
  if (last > from) strings.push(UTF16.decode(bytes.subarray(from, last)));
  return strings;
}
