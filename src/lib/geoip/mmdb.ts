import { isIPv4, isIPv6 } from 'node:net';
import { Reader, type Response } from 'maxmind';

const METADATA_MARKER = Buffer.concat([Buffer.from([0xab, 0xcd, 0xef]), Buffer.from('MaxMind.com', 'ascii')]);
const METADATA_MAX_BYTES = 128 * 1024;

/**
 * A MaxMind DB file ("MaxMind DB File Format Specification" 2.0), read with the `maxmind` package
 * and checked beyond what it checks itself, so a damaged file is refused when it is loaded rather
 * than answering garbage (or throwing) on a lookup.
 */
export class MmdbFile<T extends Response> {
  private constructor(
    private readonly reader: Reader<T>,
    /** `database_type` from the metadata, e.g. GeoLite2-Country. */
    readonly databaseType: string,
    readonly builtAt: Date,
    readonly ipVersion: 4 | 6,
  ) {}

  /** Throws when the content is no MaxMind DB, or not of an accepted `database_type`. */
  static parse<T extends Response>(content: Buffer, accepts: (databaseType: string) => boolean): MmdbFile<T> {
    // Spec, "Database Metadata": the last occurrence of the marker, within the file's last 128 KiB.
    const marker = content.lastIndexOf(METADATA_MARKER);
    if (marker === -1 || content.length - marker > METADATA_MAX_BYTES)
      throw new Error('no MaxMind DB metadata marker at the end of the file');
    const reader = new Reader<T>(content);
    const m = reader.metadata;
    if (m.binaryFormatMajorVersion !== 2) throw new Error('not a MaxMind DB of format version 2');
    if (m.ipVersion !== 4 && m.ipVersion !== 6) throw new Error('ip_version is neither 4 nor 6');
    if (!Number.isSafeInteger(m.nodeCount) || m.nodeCount < 1) throw new Error('node_count is not a count');
    // The tree and the 16-byte separator must fit in the file before the metadata.
    if (m.searchTreeSize + 16 > marker) throw new Error('the search tree runs past the end of the file');
    if (typeof m.databaseType !== 'string' || !accepts(m.databaseType))
      throw new Error(`database_type "${String(m.databaseType).slice(0, 60)}" is not one this setting takes`);
    const file = new MmdbFile(reader, m.databaseType, m.buildEpoch, m.ipVersion);
    // One lookup per family walks the tree's first levels and decodes a record, if any.
    file.get('1.1.1.1');
    file.get('2001:db8::1');
    return file;
  }

  /** The record for an address, or null. IPv4-mapped IPv6 addresses are looked up as IPv4. */
  get(address: string): T | null {
    const ip = plainAddress(address);
    if (ip === null) return null;
    // An IPv4 database holds no IPv6 address; its tree would otherwise be walked with the wrong bits.
    if (this.ipVersion === 4 && !isIPv4(ip)) return null;
    return this.reader.get(ip);
  }
}

/**
 * The address as the database indexes it: a dual-stack socket shows IPv4 clients as
 * `::ffff:a.b.c.d` (RFC 4291 2.5.5.2), which a tree holds under its IPv4 part; a zone is dropped.
 */
export function plainAddress(address: string): string | null {
  const unzoned = address.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(unzoned);
  if (mapped?.[1] !== undefined && isIPv4(mapped[1])) return mapped[1];
  return isIPv4(unzoned) || isIPv6(unzoned) ? unzoned : null;
}
