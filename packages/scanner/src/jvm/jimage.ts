import { open } from 'node:fs/promises';

/**
 * The class names held by a Java runtime's `lib/modules` file, the "jimage" container in which JDK 9
 * and later ship every class of the platform (docs/scan-client.md, "Classes injected into the Java
 * game"). Only the index at the head of the file is read, never a class.
 *
 * Layout, from OpenJDK's public `ImageHeader`/`BasicImageReader` documentation and checked against
 * the JDK's own `jimage list` (test/scanner/jvm/jimage.test.ts): a header of seven 32-bit words in
 * the byte order of the machine that built it (magic 0xCAFEDADA, version, flags, resource count,
 * table length, locations size, strings size), then two tables of `table length` 32-bit words
 * (redirects, then each resource's offset into the locations), then the locations, then the strings.
 * A location is a stream of attributes: one byte whose top five bits are the kind and low three bits
 * the value's length minus one, then the value, big-endian; kind 0 ends it. Kinds 1–4 are string
 * offsets of the module, the parent (the package path `java/lang`), the base (`String`) and the
 * extension (`class`); strings are zero-terminated modified UTF-8.
 */

const MAGIC = 0xcafedada;
const HEADER_SIZE = 28;
const KIND_END = 0;
const KIND_PARENT = 2;
const KIND_BASE = 3;
const KIND_EXTENSION = 4;
const KIND_COUNT = 8;

export type JimageIndex =
  | { readable: true; classes: string[] }
  | { readable: false; reason: string; classes: [] };

interface Header {
  littleEndian: boolean;
  tableLength: number;
  locationsSize: number;
  stringsSize: number;
}

function readHeader(data: Uint8Array): Header | string {
  if (data.length < HEADER_SIZE) return 'the file is shorter than a jimage header';
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let littleEndian = true;
  if (view.getUint32(0, true) !== MAGIC) {
    if (view.getUint32(0, false) !== MAGIC) return 'the file does not start with the jimage magic number';
    littleEndian = false;
  }
  const major = view.getUint32(4, littleEndian) >>> 16;
  if (major !== 1) return `jimage version ${major} is not known (only version 1 is)`;
  return {
    littleEndian,
    tableLength: view.getUint32(16, littleEndian),
    locationsSize: view.getUint32(20, littleEndian),
    stringsSize: view.getUint32(24, littleEndian),
  };
}

/** How many bytes of the file the index takes: what must be read to list the classes. */
export function jimageIndexSize(head: Uint8Array): number | string {
  const header = readHeader(head);
  if (typeof header === 'string') return header;
  return HEADER_SIZE + header.tableLength * 8 + header.locationsSize + header.stringsSize;
}

/** The class names (`java/lang/String`) listed by a jimage index (the file's first bytes). */
export function jimageClassNames(data: Uint8Array): JimageIndex {
  const header = readHeader(data);
  if (typeof header === 'string') return { readable: false, reason: header, classes: [] };
  const { littleEndian, tableLength, locationsSize, stringsSize } = header;
  const offsetsAt = HEADER_SIZE + tableLength * 4;
  const locationsAt = offsetsAt + tableLength * 4;
  const stringsAt = locationsAt + locationsSize;
  if (stringsAt + stringsSize > data.length)
    return { readable: false, reason: 'the jimage index is cut short', classes: [] };
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const decoder = new TextDecoder();
  const stringAt = (offset: number): string | null => {
    if (offset >= stringsSize) return null;
    const start = stringsAt + offset;
    const end = data.indexOf(0, start);
    if (end < 0 || end > stringsAt + stringsSize) return null;
    return decoder.decode(data.subarray(start, end));
  };
  const classes: string[] = [];
  const values = new Array<number>(KIND_COUNT);
  for (let i = 0; i < tableLength; i++) {
    values.fill(-1);
    let at = locationsAt + view.getUint32(offsetsAt + i * 4, littleEndian);
    while (at < stringsAt) {
      const head = data[at] as number;
      const kind = head >>> 3;
      if (kind === KIND_END) break;
      const length = (head & 7) + 1;
      if (kind >= KIND_COUNT || at + 1 + length > stringsAt) break;
      let value = 0;
      for (let b = 1; b <= length; b++) value = value * 256 + (data[at + b] as number);
      values[kind] = value;
      at += 1 + length;
    }
    if (values[KIND_EXTENSION] === -1 || values[KIND_BASE] === -1) continue;
    if (stringAt(values[KIND_EXTENSION] as number) !== 'class') continue;
    const base = stringAt(values[KIND_BASE] as number);
    const parent = values[KIND_PARENT] === -1 ? '' : stringAt(values[KIND_PARENT] as number);
    if (base === null || parent === null || base === 'module-info') continue;
    classes.push(parent === '' ? base : `${parent}/${base}`);
  }
  return { readable: true, classes };
}

/** Reads only the index of a runtime's `lib/modules` file and lists its classes. */
export async function readJimageClassNames(path: string): Promise<JimageIndex> {
  let file: Awaited<ReturnType<typeof open>>;
  try {
    file = await open(path, 'r');
  } catch (error) {
    const code = (error as { code?: string }).code ?? 'error';
    return {
      readable: false,
      reason: `the runtime's class library could not be opened (${code})`,
      classes: [],
    };
  }
  try {
    const head = Buffer.alloc(HEADER_SIZE);
    await file.read(head, 0, HEADER_SIZE, 0);
    const size = jimageIndexSize(head);
    if (typeof size === 'string') return { readable: false, reason: size, classes: [] };
    // The JDK's own index is under 2 MiB; a larger claim is a damaged or foreign file.
    if (size > 64 * 1024 * 1024)
      return { readable: false, reason: 'the jimage index claims an implausible size', classes: [] };
    const index = Buffer.alloc(size);
    const { bytesRead } = await file.read(index, 0, size, 0);
    return jimageClassNames(index.subarray(0, bytesRead));
  } finally {
    await file.close();
  }
}
