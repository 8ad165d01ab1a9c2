import { crc32 } from '../../../../packages/scanner/src/windows/prefetch/crc32.js';
import { type SubstitutionInput, utf16 } from './evtx-values.js';

/**
 * A test-side writer of Windows XML Event Log (.evtx) files, built from libyal's "Windows XML Event Log
 * (EVTX) format" document: a 4096-byte file header, 64 KiB chunks with their string and template
 * tables, event records whose Binary XML is a template instance with a substitution array. As Windows
 * does, a chunk stores each name and each template inline the first time it uses it and refers to it
 * by offset afterwards, so later records depend on earlier ones. CRC-32s are correct unless a test
 * breaks them on purpose.
 */

export interface Substitution {
  sub: number;
  /** The value type the template declares (the instance's descriptor decides what is read). */
  type: number;
  /** Optional substitution (token 0x0e), as Windows writes most of them. */
  optional?: boolean;
}

export interface TemplateElement {
  name: string;
  attributes?: [string, string | Substitution][];
  children?: (TemplateElement | string | Substitution)[];
}

export interface TemplateSpec {
  guid: string;
  root: TemplateElement;
}

export interface RecordSpec {
  recordId: number;
  /** FILETIME ticks of the record header's written time. */
  written: bigint;
  template: TemplateSpec;
  values: SubstitutionInput[];
}

export interface EvtxFileSpec {
  /** Records per chunk, in file order. */
  chunks: RecordSpec[][];
  dirty?: boolean;
  full?: boolean;
}

const CHUNK_SIZE = 0x10000;
const HEADER_BLOCK = 4096;

function isSubstitution(item: unknown): item is Substitution {
  return typeof item === 'object' && item !== null && 'sub' in item;
}

/** The 16-bit name hash of the string table (multiply by 65599, add the UTF-16 code unit). */
function nameHash(name: string): number {
  let hash = 0;
  for (let i = 0; i < name.length; i++) hash = (Math.imul(hash, 65599) + name.charCodeAt(i)) >>> 0;
  return hash & 0xffff;
}

class ChunkWriter {
  readonly bytes = new Uint8Array(CHUNK_SIZE);
  readonly view = new DataView(this.bytes.buffer);
  pos = 512;
  private readonly names = new Map<string, number>();
  private readonly templates = new Map<TemplateSpec, number>();

  u8(n: number): void {
    this.view.setUint8(this.pos, n);
    this.pos += 1;
  }
  u16(n: number): void {
    this.view.setUint16(this.pos, n, true);
    this.pos += 2;
  }
  u32(n: number): void {
    this.view.setUint32(this.pos, n, true);
    this.pos += 4;
  }
  raw(bytes: Uint8Array): void {
    this.bytes.set(bytes, this.pos);
    this.pos += bytes.length;
  }

  /** A name-offset field, followed by the name itself the first time the chunk uses it. */
  name(name: string): void {
    const known = this.names.get(name);
    if (known !== undefined) {
      this.u32(known);
      return;
    }
    const offset = this.pos + 4;
    this.u32(offset);
    this.names.set(name, offset);
    const bucket = 128 + (nameHash(name) % 64) * 4;
    this.u32(this.view.getUint32(bucket, true)); // next string in the same bucket
    this.view.setUint32(bucket, offset, true);
    this.u16(nameHash(name));
    this.u16(name.length);
    this.raw(utf16(name));
    this.u16(0);
  }

  text(text: string): void {
    this.u8(0x05);
    this.u8(0x01);
    this.u16(text.length);
    this.raw(utf16(text));
  }

  substitution(item: Substitution): void {
    this.u8(item.optional === false ? 0x0d : 0x0e);
    this.u16(item.sub);
    this.u8(item.type);
  }

  element(element: TemplateElement): void {
    const start = this.pos;
    const attributes = element.attributes ?? [];
    this.u8(attributes.length > 0 ? 0x41 : 0x01);
    this.u16(0xffff); // dependency identifier: none
    this.u32(0); // element size, patched below
    this.name(element.name);
    if (attributes.length > 0) {
      const sizeAt = this.pos;
      this.u32(0);
      attributes.forEach(([name, value], index) => {
        this.u8(index < attributes.length - 1 ? 0x46 : 0x06);
        this.name(name);
        if (isSubstitution(value)) this.substitution(value);
        else this.text(value);
      });
      this.view.setUint32(sizeAt, this.pos - sizeAt - 4, true);
    }
    const children = element.children ?? [];
    if (children.length === 0) {
      this.u8(0x03);
    } else {
      this.u8(0x02);
      for (const child of children) {
        if (typeof child === 'string') this.text(child);
        else if (isSubstitution(child)) this.substitution(child);
        else this.element(child);
      }
      this.u8(0x04);
    }
    this.view.setUint32(start + 3, this.pos - start - 7, true);
  }

  /** Fragment header, a template instance (its definition inline on first use), its values, end of stream. */
  fragment(template: TemplateSpec, values: SubstitutionInput[]): void {
    this.raw(Uint8Array.of(0x0f, 0x01, 0x01, 0x00));
    const guid = guidBytes(template.guid);
    this.u8(0x0c);
    this.u8(0x01);
    this.raw(guid.subarray(0, 4));
    const known = this.templates.get(template);
    if (known !== undefined) {
      this.u32(known);
    } else {
      const offset = this.pos + 4;
      this.u32(offset);
      this.templates.set(template, offset);
      const bucket = 384 + (new DataView(guid.buffer).getUint32(0, true) % 32) * 4;
      this.u32(this.view.getUint32(bucket, true));
      this.view.setUint32(bucket, offset, true);
      this.raw(guid);
      const sizeAt = this.pos;
      this.u32(0);
      this.raw(Uint8Array.of(0x0f, 0x01, 0x01, 0x00));
      this.element(template.root);
      this.u8(0x00);
      this.view.setUint32(sizeAt, this.pos - sizeAt - 4, true);
    }
    this.u32(values.length);
    const descriptors = this.pos;
    this.pos += values.length * 4;
    values.forEach((value, index) => {
      const start = this.pos;
      if ('template' in value) this.fragment(value.template, value.values);
      else this.raw(value.bytes);
      this.view.setUint16(descriptors + index * 4, this.pos - start, true);
      this.view.setUint8(descriptors + index * 4 + 2, value.type);
    });
    this.u8(0x00); // end of stream: libfwevt (as Windows writes it) expects it after the values
  }

  record(spec: RecordSpec): number {
    const start = this.pos;
    this.u32(0x00002a2a);
    this.u32(0);
    this.view.setBigUint64(this.pos, BigInt(spec.recordId), true);
    this.pos += 8;
    this.view.setBigUint64(this.pos, spec.written, true);
    this.pos += 8;
    this.fragment(spec.template, spec.values);
    const size = this.pos - start + 4;
    this.u32(size);
    this.view.setUint32(start + 4, size, true);
    if (this.pos > CHUNK_SIZE) throw new Error('test fixture: records overflow the chunk');
    return start;
  }
}

function guidBytes(text: string): Uint8Array {
  const hex = text.replace(/[{}-]/g, '');
  const bytes = new Uint8Array(16);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, Number.parseInt(hex.slice(0, 8), 16), true);
  view.setUint16(4, Number.parseInt(hex.slice(8, 12), 16), true);
  view.setUint16(6, Number.parseInt(hex.slice(12, 16), 16), true);
  for (let i = 0; i < 8; i++) bytes[8 + i] = Number.parseInt(hex.slice(16 + i * 2, 18 + i * 2), 16);
  return bytes;
}

/** One chunk holding `records` in order, header and both checksums filled in. */
export function buildChunk(records: RecordSpec[], firstRecordNumber = records[0]?.recordId ?? 1): Uint8Array {
  const writer = new ChunkWriter();
  let lastOffset = 0;
  for (const record of records) lastOffset = writer.record(record);
  const { bytes, view } = writer;
  bytes.set(
    Uint8Array.from('ElfChnk\0', (c) => c.charCodeAt(0)),
    0,
  );
  const first = records[0]?.recordId ?? 0;
  const last = records.at(-1)?.recordId ?? 0;
  view.setBigUint64(8, BigInt(firstRecordNumber), true);
  view.setBigUint64(16, BigInt(firstRecordNumber + records.length - 1), true);
  view.setBigUint64(24, BigInt(first), true);
  view.setBigUint64(32, BigInt(last), true);
  view.setUint32(40, 128, true);
  view.setUint32(44, lastOffset, true);
  view.setUint32(48, writer.pos, true);
  view.setUint32(52, crc32(bytes.subarray(512, writer.pos)), true);
  const headerBytes = new Uint8Array(504);
  headerBytes.set(bytes.subarray(0, 120), 0);
  headerBytes.set(bytes.subarray(128, 512), 120);
  view.setUint32(124, crc32(headerBytes), true);
  return bytes;
}

/** A whole .evtx file: file header, then one chunk per entry of `spec.chunks`. */
export function buildEvtx(spec: EvtxFileSpec): Uint8Array {
  const chunks = spec.chunks.map((records) => buildChunk(records));
  const file = new Uint8Array(HEADER_BLOCK + chunks.length * CHUNK_SIZE);
  const view = new DataView(file.buffer);
  file.set(
    Uint8Array.from('ElfFile\0', (c) => c.charCodeAt(0)),
    0,
  );
  const lastRecord = spec.chunks.flat().reduce((max, record) => Math.max(max, record.recordId), 0);
  view.setBigUint64(8, 0n, true);
  view.setBigUint64(16, BigInt(Math.max(chunks.length - 1, 0)), true);
  view.setBigUint64(24, BigInt(lastRecord + 1), true);
  view.setUint32(32, 128, true);
  view.setUint16(36, 1, true);
  view.setUint16(38, 3, true);
  view.setUint16(40, HEADER_BLOCK, true);
  view.setUint16(42, chunks.length, true);
  view.setUint32(120, (spec.dirty ? 1 : 0) | (spec.full ? 2 : 0), true);
  view.setUint32(124, crc32(file.subarray(0, 120)), true);
  chunks.forEach((chunk, index) => {
    file.set(chunk, HEADER_BLOCK + index * CHUNK_SIZE);
  });
  return file;
}
