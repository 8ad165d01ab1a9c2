/**
 * Key and value names (libyal regf format document, "Named key" and "Value key"): stored either as
 * "extended ASCII" (flag KEY_COMP_NAME / VALUE_COMP_NAME), which Windows writes only for names whose
 * characters all fit in one byte, i.e. Latin-1, or as UTF-16 little-endian. Names compare
 * case-insensitively; Windows upper-cases one UTF-16 code unit at a time, so a character whose upper
 * case is longer (German sharp s) stays as it is.
 */

const utf16 = new TextDecoder('utf-16le');

export function decodeName(bytes: Uint8Array, compressed: boolean): string {
  if (compressed) {
    let out = '';
    for (const byte of bytes) out += String.fromCharCode(byte);
    return out;
  }
  return utf16.decode(bytes.length % 2 === 0 ? bytes : bytes.subarray(0, bytes.length - 1));
}

export function foldName(name: string): string {
  let out = '';
  for (let i = 0; i < name.length; i++) {
    const ch = name.charAt(i);
    const upper = ch.toUpperCase();
    out += upper.length === 1 ? upper : ch;
  }
  return out;
}

/** Splits `A\B\C` (an optional leading backslash means the root, as in hivexget) into its names. */
export function splitKeyPath(path: string): string[] {
  return path.split('\\').filter((part) => part.length > 0);
}
