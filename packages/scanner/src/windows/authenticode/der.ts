import * as asn1js from 'asn1js';
import { AuthenticodeFormatError } from './format-error.js';

/**
 * A thin layer over `asn1js` (X.690 BER/DER decoder) that turns every surprise into
 * `AuthenticodeFormatError('unexpected-structure' | 'bad-asn1')`, so the structure readers can walk
 * the PKCS #7 tree with plain assertions.
 */
export type Asn1 = asn1js.BaseBlock;

export const TAG_CLASS_UNIVERSAL = 1;
export const TAG_CLASS_CONTEXT = 3;
const TAG_INTEGER = 2;
const TAG_OCTET_STRING = 4;
const TAG_OID = 6;
const TAG_SEQUENCE = 16;
const TAG_SET = 17;

// A signature blob holds a handful of certificates: these bounds are generous for real files and
// keep a crafted blob from costing more than a few milliseconds.
// copyInput false: elements are views of the caller's bytes, which are not changed while read.
const DECODE_LIMITS = { maxDepth: 64, maxNodes: 20_000, parseEmbedded: false, copyInput: false };

/**
 * Decodes one element at the start of `bytes`; returns it and the number of bytes it took (the
 * caller decides what may follow it, e.g. the zero padding of a WIN_CERTIFICATE).
 */
export function decodeFirst(bytes: Uint8Array, what: string): { element: Asn1; length: number } {
  let decoded: ReturnType<typeof asn1js.fromBER>;
  try {
    decoded = asn1js.fromBER(bytes, DECODE_LIMITS);
  } catch (error) {
    throw new AuthenticodeFormatError('bad-asn1', `${what}: ${(error as Error).message}`);
  }
  if (decoded.offset === -1 || decoded.result.error !== '') {
    throw new AuthenticodeFormatError(
      'bad-asn1',
      `${what} is not valid BER: ${decoded.result.error || 'undecodable'}`,
    );
  }
  return { element: decoded.result as Asn1, length: decoded.offset };
}

/** Decodes `bytes` that must hold exactly one element. */
export function decodeExactly(bytes: Uint8Array, what: string): Asn1 {
  const { element, length } = decodeFirst(bytes, what);
  if (length !== bytes.length) {
    throw new AuthenticodeFormatError('bad-asn1', `${what} has ${bytes.length - length} bytes after its end`);
  }
  return element;
}

function describe(element: Asn1): string {
  const { tagClass, tagNumber } = element.idBlock;
  return tagClass === TAG_CLASS_CONTEXT ? `[${tagNumber}]` : `class ${tagClass} tag ${tagNumber}`;
}

function expectTag(element: Asn1 | undefined, tagClass: number, tagNumber: number, what: string): Asn1 {
  if (element === undefined) {
    throw new AuthenticodeFormatError('unexpected-structure', `${what} is missing`);
  }
  if (element.idBlock.tagClass !== tagClass || element.idBlock.tagNumber !== tagNumber) {
    throw new AuthenticodeFormatError('unexpected-structure', `${what} has ${describe(element)}`);
  }
  return element;
}

/** The elements inside a constructed element (SEQUENCE, SET, or a constructed tagged element). */
export function childrenOf(element: Asn1, what: string): Asn1[] {
  if (!element.idBlock.isConstructed || !(element instanceof asn1js.Constructed)) {
    throw new AuthenticodeFormatError('unexpected-structure', `${what} is not a constructed element`);
  }
  return element.valueBlock.value as Asn1[];
}

export function sequence(element: Asn1 | undefined, what: string): Asn1[] {
  return childrenOf(expectTag(element, TAG_CLASS_UNIVERSAL, TAG_SEQUENCE, what), what);
}

export function set(element: Asn1 | undefined, what: string): Asn1[] {
  return childrenOf(expectTag(element, TAG_CLASS_UNIVERSAL, TAG_SET, what), what);
}

export function isContextTag(element: Asn1 | undefined, tagNumber: number): element is Asn1 {
  return element?.idBlock.tagClass === TAG_CLASS_CONTEXT && element.idBlock.tagNumber === tagNumber;
}

/** The single element inside an EXPLICIT context tag `[tagNumber]`. */
export function explicit(element: Asn1 | undefined, tagNumber: number, what: string): Asn1 {
  const inner = childrenOf(expectTag(element, TAG_CLASS_CONTEXT, tagNumber, what), what);
  if (inner.length !== 1 || inner[0] === undefined) {
    throw new AuthenticodeFormatError(
      'unexpected-structure',
      `${what} holds ${inner.length} elements, not 1`,
    );
  }
  return inner[0];
}

export function oid(element: Asn1 | undefined, what: string): string {
  const checked = expectTag(element, TAG_CLASS_UNIVERSAL, TAG_OID, what);
  if (!(checked instanceof asn1js.ObjectIdentifier)) {
    throw new AuthenticodeFormatError('unexpected-structure', `${what} is not an OBJECT IDENTIFIER`);
  }
  return checked.getValue();
}

export function integerBytes(element: Asn1 | undefined, what: string): Uint8Array {
  const checked = expectTag(element, TAG_CLASS_UNIVERSAL, TAG_INTEGER, what);
  if (!(checked instanceof asn1js.Integer)) {
    throw new AuthenticodeFormatError('unexpected-structure', `${what} is not an INTEGER`);
  }
  return checked.valueBlock.valueHexView;
}

export function integerValue(element: Asn1 | undefined, what: string): number {
  const bytes = integerBytes(element, what);
  if (bytes.length > 4) throw new AuthenticodeFormatError('unexpected-structure', `${what} is too large`);
  return bytes.reduce((value, byte) => value * 256 + byte, 0);
}

/** The contents of an OCTET STRING, constructed (BER) ones concatenated. */
export function octets(element: Asn1 | undefined, what: string): Uint8Array {
  const checked = expectTag(element, TAG_CLASS_UNIVERSAL, TAG_OCTET_STRING, what);
  if (!(checked instanceof asn1js.OctetString)) {
    throw new AuthenticodeFormatError('unexpected-structure', `${what} is not an OCTET STRING`);
  }
  return new Uint8Array(checked.getValue());
}

/** The element's own encoding: identifier, length and contents octets, as they were in the input. */
export function encodingOf(element: Asn1): Uint8Array {
  return element.valueBeforeDecodeView;
}

/**
 * The element's contents octets, without its identifier and length octets. For a definite-length
 * element that is its encoding minus the header; an indefinite-length one also drops the two
 * end-of-contents octets (X.690 8.1.5).
 */
export function contentsOf(element: Asn1): Uint8Array {
  const encoding = encodingOf(element);
  const headerLength = element.idBlock.blockLength + element.lenBlock.blockLength;
  const trailerLength = element.lenBlock.isIndefiniteForm ? 2 : 0;
  return encoding.subarray(headerLength, encoding.length - trailerLength);
}

/** Text of a string-like element (PrintableString, UTF8String, BMPString, IA5String, ...). */
export function stringValue(element: Asn1): string | undefined {
  const candidate = element as unknown as { getValue?: () => unknown };
  if (element instanceof asn1js.ObjectIdentifier || typeof candidate.getValue !== 'function')
    return undefined;
  const value = candidate.getValue();
  return typeof value === 'string' ? value : undefined;
}

export function timeValue(element: Asn1 | undefined, what: string): Date {
  if (element instanceof asn1js.UTCTime || element instanceof asn1js.GeneralizedTime) {
    const date = element.toDate();
    if (!Number.isNaN(date.getTime())) return date;
  }
  throw new AuthenticodeFormatError(
    'unexpected-structure',
    `${what} is not a valid UTCTime or GeneralizedTime`,
  );
}
