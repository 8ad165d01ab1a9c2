import { MORE_FLAG, TOKEN } from './binxml-tokens.js';
import { EvtxFormatError } from './format-error.js';
import { readSubstitutionValue, type SubstitutionValue } from './value-types.js';
import type { XmlAttribute, XmlElement, XmlNode } from './xml-tree.js';

/**
 * Binary XML of one chunk (libyal EVTX format, sections "Binary XML" and "Template"). All offsets are
 * chunk-relative, as EVTX stores them. A name or a template definition is stored inline the first time
 * a chunk uses it (its offset then points right behind the field that names it) and referred to by
 * offset afterwards, so a record may depend on bytes of an earlier record in the same chunk.
 */

/** Real events nest a handful of elements; more is damage or a loop, never an event. */
const MAX_ELEMENT_DEPTH = 64;
/** BinXml values inside values (UserData, a nested template): Windows uses one level. */
const MAX_NESTED_FRAGMENTS = 8;
/** A template instance with more values than this is damage (real templates have tens). */
const MAX_SUBSTITUTIONS = 4096;

const UTF16 = new TextDecoder('utf-16le');
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

interface Reader {
  chunk: Uint8Array;
  view: DataView;
}

interface Parsed<T> {
  value: T;
  next: number;
}

function need(reader: Reader, at: number, length: number, what: string): void {
  if (at < 0 || at + length > reader.chunk.length)
    throw new EvtxFormatError(`${what} runs past the chunk`, at);
}

function u8(reader: Reader, at: number): number {
  need(reader, at, 1, 'token');
  return reader.view.getUint8(at);
}

function u16(reader: Reader, at: number): number {
  need(reader, at, 2, 'field');
  return reader.view.getUint16(at, true);
}

function u32(reader: Reader, at: number): number {
  need(reader, at, 4, 'field');
  return reader.view.getUint32(at, true);
}

function utf16(reader: Reader, at: number, chars: number): string {
  need(reader, at, chars * 2, 'text');
  return UTF16.decode(reader.chunk.subarray(at, at + chars * 2));
}

/**
 * A name (element, attribute, entity): `nameOffset` read from the field that ends at `fieldEnd`.
 * Stored inline (next-string offset, hash, length, UTF-16 text, NUL) when it points at `fieldEnd`.
 */
function readName(reader: Reader, nameOffset: number, fieldEnd: number): Parsed<string> {
  const chars = u16(reader, nameOffset + 6);
  const name = utf16(reader, nameOffset + 8, chars);
  const next = nameOffset === fieldEnd ? fieldEnd + 10 + chars * 2 : fieldEnd;
  return { value: name, next };
}

interface Scope {
  values: SubstitutionValue[];
  nesting: number;
}

function substitution(reader: Reader, scope: Scope | null, at: number): Parsed<XmlNode[]> {
  const token = u8(reader, at) & ~MORE_FLAG;
  const index = u16(reader, at + 1);
  if (scope === null) throw new EvtxFormatError('substitution outside a template', at);
  const value = scope.values[index];
  if (value === undefined) {
    throw new EvtxFormatError(
      `substitution ${index} of a template instance with ${scope.values.length} values`,
      at,
    );
  }
  const next = at + 4;
  if (value.kind === 'null') return { value: token === TOKEN.normalSubstitution ? [''] : [], next };
  if (value.kind === 'text') return { value: [value.text], next };
  if (scope.nesting >= MAX_NESTED_FRAGMENTS) throw new EvtxFormatError('BinXml values nested too deep', at);
  return {
    value: parseTokens(reader, value.start, value.end, { values: [], nesting: scope.nesting + 1 }),
    next,
  };
}

function flatten(nodes: XmlNode[]): string {
  return nodes.map((node) => (typeof node === 'string' ? node : flatten(node.children))).join('');
}

/** Text-like tokens (value, substitution, character and entity references, CDATA); `null` if not one. */
function textPiece(reader: Reader, scope: Scope | null, at: number): Parsed<XmlNode[]> | null {
  const token = u8(reader, at) & ~MORE_FLAG;
  switch (token) {
    case TOKEN.value: {
      const type = u8(reader, at + 1);
      if (type !== 0x01) throw new EvtxFormatError(`text value of type 0x${type.toString(16)}`, at);
      const chars = u16(reader, at + 2);
      return { value: [utf16(reader, at + 4, chars)], next: at + 4 + chars * 2 };
    }
    case TOKEN.cdata: {
      const chars = u16(reader, at + 1);
      return { value: [utf16(reader, at + 3, chars)], next: at + 3 + chars * 2 };
    }
    case TOKEN.charRef:
      return { value: [String.fromCharCode(u16(reader, at + 1))], next: at + 3 };
    case TOKEN.entityRef: {
      const name = readName(reader, u32(reader, at + 1), at + 5);
      return { value: [ENTITIES[name.value] ?? `&${name.value};`], next: name.next };
    }
    case TOKEN.normalSubstitution:
    case TOKEN.optionalSubstitution:
      return substitution(reader, scope, at);
    default:
      return null;
  }
}

function parseAttributes(reader: Reader, scope: Scope | null, start: number): Parsed<XmlAttribute[]> {
  const attributes: XmlAttribute[] = [];
  let at = start;
  while ((u8(reader, at) & ~MORE_FLAG) === TOKEN.attribute) {
    const name = readName(reader, u32(reader, at + 1), at + 5);
    at = name.next;
    const pieces: XmlNode[] = [];
    let present = false;
    for (let piece = textPiece(reader, scope, at); piece !== null; piece = textPiece(reader, scope, at)) {
      pieces.push(...piece.value);
      if (piece.value.length > 0) present = true;
      at = piece.next;
    }
    // An optional substitution that is empty leaves the attribute out, as Windows renders it.
    if (present) attributes.push({ name: name.value, value: flatten(pieces) });
  }
  return { value: attributes, next: at };
}

function parseElement(reader: Reader, scope: Scope | null, start: number, depth: number): Parsed<XmlElement> {
  if (depth > MAX_ELEMENT_DEPTH) throw new EvtxFormatError('elements nested too deep', start);
  const token = u8(reader, start);
  // token, dependency identifier (u16), element size (u32), name offset (u32)
  const name = readName(reader, u32(reader, start + 7), start + 11);
  let at = name.next;
  let attributes: XmlAttribute[] = [];
  if ((token & MORE_FLAG) !== 0) {
    const parsed = parseAttributes(reader, scope, at + 4);
    attributes = parsed.value;
    at = parsed.next;
  }
  const element: XmlElement = { name: name.value, attributes, children: [] };
  const close = u8(reader, at);
  if (close === TOKEN.closeEmptyElement) return { value: element, next: at + 1 };
  if (close !== TOKEN.closeStartElement) {
    throw new EvtxFormatError(`element <${name.value}> not closed (token 0x${close.toString(16)})`, at);
  }
  at += 1;
  for (;;) {
    const next = u8(reader, at) & ~MORE_FLAG;
    if (next === TOKEN.endElement) return { value: element, next: at + 1 };
    if (next === TOKEN.openStartElement) {
      const child = parseElement(reader, scope, at, depth + 1);
      element.children.push(child.value);
      at = child.next;
      continue;
    }
    if (next === TOKEN.piTarget) {
      at = readName(reader, u32(reader, at + 1), at + 5).next;
      continue;
    }
    if (next === TOKEN.piData) {
      at += 3 + u16(reader, at + 1) * 2;
      continue;
    }
    const piece = textPiece(reader, scope, at);
    if (piece === null)
      throw new EvtxFormatError(`unexpected token 0x${next.toString(16)} in <${name.value}>`, at);
    element.children.push(...piece.value);
    at = piece.next;
  }
}

/** Template instance: the template (inline or earlier in the chunk), then its substitution values. */
function parseTemplateInstance(reader: Reader, start: number, nesting: number): Parsed<XmlNode[]> {
  const definition = u32(reader, start + 6);
  let at = start + 10;
  const inline = definition === at;
  if (!inline && definition >= start) {
    throw new EvtxFormatError(
      `template at 0x${definition.toString(16)} is neither inline nor earlier`,
      start,
    );
  }
  // next template offset (u32), GUID (16 bytes, its first 4 the template id), data size (u32), data
  const dataSize = u32(reader, definition + 20);
  const dataStart = definition + 24;
  need(reader, dataStart, dataSize, 'template definition');
  if (inline) at = dataStart + dataSize;

  const count = u32(reader, at);
  if (count > MAX_SUBSTITUTIONS) throw new EvtxFormatError(`${count} substitution values`, at);
  need(reader, at + 4, count * 4, 'substitution descriptors');
  let valueAt = at + 4 + count * 4;
  const values: SubstitutionValue[] = [];
  for (let i = 0; i < count; i++) {
    const size = u16(reader, at + 4 + i * 4);
    const type = u8(reader, at + 6 + i * 4);
    values.push(readSubstitutionValue(reader.chunk, type, valueAt, size));
    valueAt += size;
  }
  const nodes = parseTokens(reader, dataStart, dataStart + dataSize, { values, nesting });
  return { value: nodes, next: valueAt };
}

/** Tokens of a fragment or template body up to its end-of-stream token (or `end`). */
function parseTokens(reader: Reader, start: number, end: number, scope: Scope | null): XmlNode[] {
  const nodes: XmlNode[] = [];
  let at = start;
  const nesting = scope?.nesting ?? 0;
  while (at < end) {
    const token = u8(reader, at);
    const base = token & ~MORE_FLAG;
    if (base === TOKEN.endOfStream) break;
    if (base === TOKEN.fragmentHeader) {
      at += 4; // token, major version, minor version, flags
    } else if (base === TOKEN.templateInstance) {
      const instance = parseTemplateInstance(reader, at, nesting);
      nodes.push(...instance.value);
      at = instance.next;
    } else if (base === TOKEN.openStartElement) {
      const element = parseElement(reader, scope, at, 0);
      nodes.push(element.value);
      at = element.next;
    } else {
      throw new EvtxFormatError(`unexpected token 0x${token.toString(16)} at the top of a fragment`, at);
    }
  }
  return nodes;
}

/** The XML of the BinXml in `chunk[start, end)`: an event record's body. */
export function parseFragment(chunk: Uint8Array, start: number, end: number): XmlNode[] {
  const reader = { chunk, view: new DataView(chunk.buffer, chunk.byteOffset, chunk.byteLength) };
  return parseTokens(reader, start, end, null);
}
