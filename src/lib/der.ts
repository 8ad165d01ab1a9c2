/**
 * Just enough DER (ITU-T X.690) to put a certificate into a PKCS #7 signature and write the lengths
 * around it again (docs/scanner.md, "Stamped downloads"). Reading keeps every element's bytes as they
 * were: nothing is decoded that is not changed. Only definite lengths and one-byte identifiers (tag
 * numbers below 31) are read, which is all DER and a signature's outer layers use; anything else is
 * a DerError, and the caller leaves the file alone.
 */

export class DerError extends Error {}

/** One element: where it starts, where its contents start, where it ends, in the bytes read. */
export interface Element {
  /** The identifier octet: class, constructed bit and tag number. */
  tag: number;
  start: number;
  contentStart: number;
  end: number;
}

export const TAG = {
  integer: 0x02,
  bitString: 0x03,
  octetString: 0x04,
  oid: 0x06,
  utf8String: 0x0c,
  utcTime: 0x17,
  sequence: 0x30,
  set: 0x31,
  /** `[n]` constructed, context-specific: EXPLICIT tags and IMPLICIT SET/SEQUENCE ones. */
  context: (n: number) => 0xa0 | n,
} as const;

/** The element that starts at `at`, which must end by `limit`. */
export function readElement(bytes: Uint8Array, at: number, limit = bytes.length): Element {
  if (at + 2 > limit) throw new DerError(`no element at offset ${at}: the bytes end`);
  const tag = bytes[at] as number;
  if ((tag & 0x1f) === 0x1f) throw new DerError(`a multi-byte identifier at offset ${at}`);
  const first = bytes[at + 1] as number;
  let length = first;
  let contentStart = at + 2;
  if (first === 0x80) throw new DerError(`an indefinite length at offset ${at} (BER, not DER)`);
  if (first > 0x80) {
    const count = first & 0x7f;
    if (count > 4) throw new DerError(`a ${count}-byte length at offset ${at}`);
    if (contentStart + count > limit) throw new DerError(`the length at offset ${at} is cut off`);
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + (bytes[contentStart + i] as number);
    contentStart += count;
  }
  const end = contentStart + length;
  if (end > limit) throw new DerError(`the element at offset ${at} runs ${end - limit} bytes past its end`);
  return { tag, start: at, contentStart, end };
}

/** The elements inside a constructed element, which must fill it exactly. */
export function childrenOf(bytes: Uint8Array, parent: Element): Element[] {
  const out: Element[] = [];
  for (let at = parent.contentStart; at < parent.end; ) {
    const child = readElement(bytes, at, parent.end);
    out.push(child);
    at = child.end;
  }
  return out;
}

/** The element with this identifier, or DerError naming what was expected. */
export function expectTag(element: Element | undefined, tag: number, what: string): Element {
  if (element === undefined) throw new DerError(`${what} is missing`);
  if (element.tag !== tag)
    throw new DerError(`${what} has identifier 0x${element.tag.toString(16)}, not 0x${tag.toString(16)}`);
  return element;
}

/** The identifier and length octets of an element with `length` bytes of contents (minimal form). */
export function header(tag: number, length: number): Buffer {
  if (length < 0x80) return Buffer.from([tag, length]);
  const octets: number[] = [];
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) octets.unshift(rest % 256);
  return Buffer.from([tag, 0x80 | octets.length, ...octets]);
}

/** A whole element: identifier, length, then the contents given. */
export function element(tag: number, ...contents: Uint8Array[]): Buffer {
  const body = Buffer.concat(contents);
  return Buffer.concat([header(tag, body.length), body]);
}

/** An OBJECT IDENTIFIER from its dotted form (arcs of any size, so `2.25.<UUID>` fits). */
export function oid(dotted: string): Buffer {
  const arcs = dotted.split('.').map((arc) => BigInt(arc));
  const [first = 0n, second = 0n, ...rest] = arcs;
  const out: number[] = [];
  for (const arc of [first * 40n + second, ...rest]) {
    const septets: number[] = [Number(arc & 0x7fn)];
    for (let value = arc >> 7n; value > 0n; value >>= 7n) septets.unshift(Number(value & 0x7fn) | 0x80);
    out.push(...septets);
  }
  return element(TAG.oid, Buffer.from(out));
}

/** A non-negative INTEGER from its big-endian magnitude (a zero octet first when the top bit is set). */
export function unsignedInteger(magnitude: Uint8Array): Buffer {
  let start = 0;
  while (start < magnitude.length - 1 && magnitude[start] === 0) start++;
  const trimmed = magnitude.subarray(start);
  const sign = (trimmed[0] ?? 0) & 0x80 ? Buffer.from([0]) : Buffer.alloc(0);
  return element(TAG.integer, sign, trimmed.length === 0 ? Buffer.from([0]) : trimmed);
}
