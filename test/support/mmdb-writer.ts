/**
 * Writes MaxMind DB files for tests, from the public "MaxMind DB File Format Specification" 2.0:
 * a binary search tree over the address bits, 16 zero bytes, a data section of typed values, then
 * `\xAB\xCD\xEFMaxMind.com` and the metadata map. No real database is copied or downloaded: every
 * file the tests read is made here.
 */

/** A value with an explicit MaxMind DB type; plain JS values get a natural one (see encode). */
export type MmdbValue =
  | string
  | number
  | boolean
  | bigint
  | MmdbValue[]
  | { [key: string]: MmdbValue }
  | Typed;

export class Typed {
  constructor(
    readonly type: 'uint16' | 'uint32' | 'uint64' | 'double',
    readonly value: number | bigint,
  ) {}
}
export const uint16 = (v: number) => new Typed('uint16', v);
export const uint32 = (v: number) => new Typed('uint32', v);
export const uint64 = (v: number | bigint) => new Typed('uint64', v);

/** Type numbers of the data section ("Output Data Section", "Data Field Format"). */
const TYPE = {
  utf8: 2,
  double: 3,
  uint16: 5,
  uint32: 6,
  map: 7,
  uint64: 9,
  array: 11,
  boolean: 14,
} as const;

/** A control byte with its size (spec: sizes under 29 inline; 29, 30, 31 take 1, 2, 3 more bytes). */
function control(type: number, size: number): Buffer {
  const extended = type > 7;
  const head = (extended ? 0 : type) << 5;
  let sizeBits: number;
  let extra: Buffer;
  if (size < 29) {
    sizeBits = size;
    extra = Buffer.alloc(0);
  } else if (size < 29 + 256) {
    sizeBits = 29;
    extra = Buffer.from([size - 29]);
  } else if (size < 285 + 65_536) {
    sizeBits = 30;
    extra = Buffer.alloc(2);
    extra.writeUInt16BE(size - 285);
  } else {
    sizeBits = 31;
    const n = size - 65_821;
    extra = Buffer.from([(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff]);
  }
  // Extended types: type 0 in the first byte, then (type - 7) in the next, then the size bytes.
  const first = Buffer.from([head | sizeBits]);
  return extended ? Buffer.concat([first, Buffer.from([type - 7]), extra]) : Buffer.concat([first, extra]);
}

/** Unsigned integers are big-endian in as few bytes as hold them (0 takes none). */
function unsigned(type: number, value: bigint): Buffer {
  const bytes: number[] = [];
  for (let v = value; v > 0n; v >>= 8n) bytes.unshift(Number(v & 0xffn));
  return Buffer.concat([control(type, bytes.length), Buffer.from(bytes)]);
}

export function encode(value: MmdbValue): Buffer {
  if (value instanceof Typed) {
    if (value.type === 'double') {
      const b = Buffer.alloc(8);
      b.writeDoubleBE(Number(value.value));
      return Buffer.concat([control(TYPE.double, 8), b]);
    }
    return unsigned(TYPE[value.type], BigInt(value.value));
  }
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([control(TYPE.utf8, bytes.length), bytes]);
  }
  if (typeof value === 'boolean') return control(TYPE.boolean, value ? 1 : 0);
  if (typeof value === 'bigint') return unsigned(TYPE.uint64, value);
  if (typeof value === 'number') {
    if (Number.isInteger(value) && value >= 0 && value <= 0xffff_ffff)
      return unsigned(TYPE.uint32, BigInt(value));
    return encode(new Typed('double', value));
  }
  if (Array.isArray(value)) return Buffer.concat([control(TYPE.array, value.length), ...value.map(encode)]);
  const entries = Object.entries(value);
  return Buffer.concat([
    control(TYPE.map, entries.length),
    ...entries.flatMap(([k, v]) => [encode(k), encode(v)]),
  ]);
}

/** `a.b.c.d/n` or an IPv6 prefix `x:y::/n`, with the record to find there. */
export interface MmdbNetwork {
  network: string;
  data: MmdbValue;
}

export interface MmdbOptions {
  databaseType: string;
  ipVersion: 4 | 6;
  recordSize?: 24 | 28 | 32;
  networks: readonly MmdbNetwork[];
  /** Seconds since 1970; metadata `build_epoch`. */
  buildEpoch?: number;
}

/** An address's bits, most significant first; IPv4 in an IPv6 tree sits under ::/96 (spec, "IPv4 addresses in an IPv6 tree"). */
function bitsOf(address: string, ipVersion: 4 | 6): number[] {
  let bytes: number[];
  if (address.includes(':')) {
    if (ipVersion === 4) throw new Error(`IPv6 network ${address} in an IPv4 tree`);
    const [head = '', tail = ''] = address.split('::');
    const h = head === '' ? [] : head.split(':');
    const t = tail === '' ? [] : tail.split(':');
    const groups = address.includes('::') ? [...h, ...Array(8 - h.length - t.length).fill('0'), ...t] : h;
    if (groups.length !== 8) throw new Error(`bad IPv6 address ${address}`);
    bytes = groups.flatMap((g) => {
      const n = Number.parseInt(g, 16);
      return [n >> 8, n & 0xff];
    });
  } else {
    const v4 = address.split('.').map(Number);
    bytes = ipVersion === 6 ? [...Array(12).fill(0), ...v4] : v4;
  }
  return bytes.flatMap((b) => [7, 6, 5, 4, 3, 2, 1, 0].map((i) => (b >> i) & 1));
}

interface TreeNode {
  children: [TreeNode | number | null, TreeNode | number | null];
}

/** The whole file: tree, separator, data section, metadata. */
export function writeMmdb(options: MmdbOptions): Buffer {
  const recordSize = options.recordSize ?? 24;
  const root: TreeNode = { children: [null, null] };
  const data: Buffer[] = [];
  let dataSize = 0;
  for (const { network, data: value } of options.networks) {
    const [address = '', lengthText = ''] = network.split('/');
    const isV4 = !address.includes(':');
    const prefix = Number(lengthText) + (isV4 && options.ipVersion === 6 ? 96 : 0);
    const bits = bitsOf(address, options.ipVersion).slice(0, prefix);
    const encoded = encode(value);
    const offset = dataSize;
    data.push(encoded);
    dataSize += encoded.length;
    let node = root;
    bits.forEach((bit, depth) => {
      if (depth === bits.length - 1) {
        if (node.children[bit as 0 | 1] !== null) throw new Error(`overlapping network ${network}`);
        node.children[bit as 0 | 1] = offset;
        return;
      }
      const next = node.children[bit as 0 | 1];
      if (typeof next === 'number') throw new Error(`overlapping network ${network}`);
      if (next === null) {
        const made: TreeNode = { children: [null, null] };
        node.children[bit as 0 | 1] = made;
        node = made;
      } else node = next;
    });
  }
  // Nodes numbered breadth-first from the root, which is node 0.
  const order: TreeNode[] = [root];
  for (let i = 0; i < order.length; i++)
    for (const child of order[i]?.children ?? [])
      if (typeof child === 'object' && child !== null) order.push(child);
  const number = new Map(order.map((n, i) => [n, i]));
  const nodeCount = order.length;
  // Record values: a node's number, nodeCount for "no data", or nodeCount + 16 + data offset.
  const recordOf = (child: TreeNode | number | null): number =>
    child === null
      ? nodeCount
      : typeof child === 'number'
        ? nodeCount + 16 + child
        : (number.get(child) ?? 0);
  const nodeBytes = recordSize / 4;
  const tree = Buffer.alloc(nodeCount * nodeBytes);
  order.forEach((node, i) => {
    const [left, right] = node.children.map(recordOf) as [number, number];
    const at = i * nodeBytes;
    if (recordSize === 24) {
      tree.writeUIntBE(left, at, 3);
      tree.writeUIntBE(right, at + 3, 3);
    } else if (recordSize === 28) {
      // Spec: the middle byte's high nibble is the left record's top 4 bits, the low nibble the right's.
      tree.writeUIntBE(left & 0xff_ffff, at, 3);
      tree[at + 3] = ((left >>> 24) << 4) | (right >>> 24);
      tree.writeUIntBE(right & 0xff_ffff, at + 4, 3);
    } else {
      tree.writeUInt32BE(left, at);
      tree.writeUInt32BE(right, at + 4);
    }
  });
  const metadata = encode({
    node_count: uint32(nodeCount),
    record_size: uint16(recordSize),
    ip_version: uint16(options.ipVersion),
    database_type: options.databaseType,
    languages: ['en'],
    binary_format_major_version: uint16(2),
    binary_format_minor_version: uint16(0),
    build_epoch: uint64(options.buildEpoch ?? 1_767_225_600),
    description: { en: `${options.databaseType} written by the scanpin tests` },
  });
  return Buffer.concat([
    tree,
    Buffer.alloc(16),
    ...data,
    Buffer.from([0xab, 0xcd, 0xef]),
    Buffer.from('MaxMind.com', 'ascii'),
    metadata,
  ]);
}

/** A GeoLite2-Country-shaped database: each network's country ISO code. */
export function countryDatabase(networks: Record<string, string>, extra: Partial<MmdbOptions> = {}): Buffer {
  return writeMmdb({
    databaseType: 'GeoLite2-Country',
    ipVersion: 6,
    ...extra,
    networks: Object.entries(networks).map(([network, iso]) => ({
      network,
      data: {
        continent: { code: 'EU', geoname_id: uint32(6255148), names: { en: 'Europe' } },
        country: { geoname_id: uint32(1), iso_code: iso, names: { en: iso } },
        registered_country: { geoname_id: uint32(1), iso_code: iso, names: { en: iso } },
      },
    })),
  });
}

/** A GeoLite2-ASN-shaped database: each network's AS number and organisation. */
export function asnDatabase(
  networks: Record<string, { asn: number; organisation: string }>,
  extra: Partial<MmdbOptions> = {},
): Buffer {
  return writeMmdb({
    databaseType: 'GeoLite2-ASN',
    ipVersion: 6,
    ...extra,
    networks: Object.entries(networks).map(([network, { asn, organisation }]) => ({
      network,
      data: { autonomous_system_number: uint32(asn), autonomous_system_organization: organisation },
    })),
  });
}
