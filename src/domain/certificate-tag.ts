import { createHash, type KeyObject, sign } from 'node:crypto';
import {
  childrenOf,
  DerError,
  element,
  expectTag,
  oid,
  readElement,
  TAG,
  unsignedInteger,
} from '../lib/der.js';
import { fieldSum, peChecksum, wordSum } from './pe-checksum.js';

/*
 * Stamping an Authenticode-signed Windows build without breaking its signature (docs/scanner.md,
 * "Stamped downloads"), the way Google tags its signed installers: Authenticode hashes the whole file
 * except the CheckSum field, the Certificate Table's directory entry and the table itself, so what is
 * put there leaves the signed digest as it was. The stamp region goes into one more certificate
 * (a "superfluous" one, in no chain) in the PKCS #7 SignedData's `certificates`, inside an extension
 * under our own object identifier. Then the lengths around it are written again: the certificates
 * set, the SignedData, the ContentInfo, the WIN_CERTIFICATE (padded with zeros to 8 bytes), the
 * directory's size and the CheckSum. Nothing else changes, and nothing is appended after the PKCS #7
 * blob, which Windows refuses when EnableCertPaddingCheck is set.
 *
 * Layouts: Microsoft's "PE Format" (optional header, data directories, "The Attribute Certificate
 * Table") and "Windows Authenticode Portable Executable Signature Format"; RFC 5652 (SignedData) and
 * RFC 5280 (the certificate).
 */

/** Where a signed PE file keeps what tagging changes, read from its headers. */
export interface SignedPeLayout {
  /** File offset of the optional header's CheckSum field. */
  checksumOffset: number;
  /** The CheckSum as the file holds it (zero: the file keeps none). */
  checksum: number;
  /** File offset of the Certificate Table's data directory entry (offset, then size). */
  directoryOffset: number;
  /** The table as the entry gives it: a file offset, not an address in memory. */
  tableOffset: number;
  tableSize: number;
}

const PE_SIGNATURE = 0x0000_4550;
const COFF_HEADER_BYTES = 20;
/**
 * What tagging reads from where `e_lfanew` points: the PE signature, the COFF file header and the
 * optional header up to the Certificate Table's directory entry (the fifth), for PE32+, the longer.
 * The headers may sit anywhere in the file, so they are read there, and never more than this.
 */
export const PE_HEADERS_BYTES = 4 + COFF_HEADER_BYTES + 108 + 4 + 5 * 8;

/** Where a file's PE headers start (`e_lfanew`), from its first 64 bytes; null for a file that is not MZ. */
export function peHeadersOffset(dosHeader: Buffer): number | null {
  if (dosHeader.length < 0x40 || dosHeader.toString('latin1', 0, 2) !== 'MZ') return null;
  return dosHeader.readUInt32LE(0x3c);
}

/**
 * The layout of a PE file with a certificate table, from its headers as read at file offset `at`
 * (PE_HEADERS_BYTES, fewer where the file ends); null for anything else.
 */
export function signedPeLayoutAt(headers: Buffer, at: number): SignedPeLayout | null {
  const optional = 4 + COFF_HEADER_BYTES;
  if (optional + 2 > headers.length || headers.readUInt32LE(0) !== PE_SIGNATURE) return null;
  const optionalSize = headers.readUInt16LE(4 + 16);
  const magic = headers.readUInt16LE(optional);
  if (magic !== 0x10b && magic !== 0x20b) return null;
  // PE32+ widens four fields, so its data directories start 16 bytes later.
  const count = optional + (magic === 0x20b ? 108 : 92);
  const directory = count + 4 + 4 * 8;
  if (directory + 8 > Math.min(headers.length, optional + optionalSize)) return null;
  if (headers.readUInt32LE(count) <= 4) return null;
  const tableSize = headers.readUInt32LE(directory + 4);
  if (tableSize === 0) return null;
  return {
    checksumOffset: at + optional + 64,
    checksum: headers.readUInt32LE(optional + 64),
    directoryOffset: at + directory,
    tableOffset: headers.readUInt32LE(directory),
    tableSize,
  };
}

/**
 * The layout of a PE file with a certificate table, from bytes that start the file and reach past
 * its headers (a whole file in memory); null for anything else.
 */
export function signedPeLayout(file: Buffer): SignedPeLayout | null {
  const at = peHeadersOffset(file);
  return at === null ? null : signedPeLayoutAt(file.subarray(at, at + PE_HEADERS_BYTES), at);
}

/** Why a signed build cannot be tagged: it is then sent as signed, and the player types the PIN. */
export class TagRefused extends Error {}

/**
 * Our extension's object identifier: a UUID under `2.25` (ITU-T X.667), which needs no registration
 * and is no one else's.
 */
export const STAMP_EXTENSION_OID = '2.25.41082404087842133366594210294314734911';
/** Real signatures take a few KiB, with a time-stamp some more; the scanner reads at most this. */
export const MAX_CERTIFICATE_TABLE_BYTES = 1024 * 1024;

const SIGNED_DATA_OID = oid('1.2.840.113549.1.7.2');
const ECDSA_WITH_SHA256 = element(TAG.sequence, oid('1.2.840.10045.4.3.2'));
const WIN_CERT_REVISION_2_0 = 0x0200;
const WIN_CERT_TYPE_PKCS_SIGNED_DATA = 0x0002;
const NAME = element(
  TAG.sequence,
  element(
    TAG.set,
    element(TAG.sequence, oid('2.5.4.3'), element(TAG.utf8String, Buffer.from('scanpin download stamp'))),
  ),
);
const VALIDITY = element(
  TAG.sequence,
  element(TAG.utcTime, Buffer.from('250101000000Z')),
  element(TAG.utcTime, Buffer.from('491231235959Z')),
);

/** The key the carrier certificates are signed with: any P-256 key, made by the server at start. */
export interface CarrierKey {
  privateKey: KeyObject;
  publicKey: KeyObject;
}

/**
 * A self-signed certificate that carries the stamp region in a non-critical extension. It is whole
 * and well formed, so every parser takes it, and it is in no chain: its name is its own, and its
 * signature says only that it was not damaged.
 */
export function carrierCertificate(region: Uint8Array, key: CarrierKey): Buffer {
  // The serial is the region's digest, cut to 16 bytes and kept positive: unique per stamp.
  const serial = createHash('sha256').update(region).digest().subarray(0, 16);
  serial[0] = ((serial[0] as number) & 0x7f) | 0x01;
  const extension = element(
    TAG.sequence,
    oid(STAMP_EXTENSION_OID),
    element(TAG.octetString, element(TAG.octetString, region)),
  );
  const tbs = element(
    TAG.sequence,
    element(TAG.context(0), unsignedInteger(Buffer.from([2]))),
    unsignedInteger(serial),
    ECDSA_WITH_SHA256,
    NAME,
    VALIDITY,
    NAME,
    key.publicKey.export({ type: 'spki', format: 'der' }),
    element(TAG.context(3), element(TAG.sequence, extension)),
  );
  const signature = sign('sha256', tbs, { key: key.privateKey, dsaEncoding: 'der' });
  return element(TAG.sequence, tbs, ECDSA_WITH_SHA256, element(TAG.bitString, Buffer.from([0]), signature));
}

const align8 = (n: number) => Math.ceil(n / 8) * 8;

/**
 * The certificate table with `certificate` added to its signature's certificates: one
 * WIN_CERTIFICATE of PKCS #7 SignedData, as Authenticode writes it. Anything else (several entries,
 * another kind, BER lengths, a ContentInfo that is not SignedData) is TagRefused.
 */
export function tagCertificateTable(table: Buffer, certificate: Buffer): Buffer {
  if (table.length < 8 || table.length > MAX_CERTIFICATE_TABLE_BYTES)
    throw new TagRefused(`a certificate table of ${table.length} bytes`);
  const length = table.readUInt32LE(0);
  if (length < 8 || align8(length) !== table.length)
    throw new TagRefused(`the table is not one WIN_CERTIFICATE (dwLength ${length}, table ${table.length})`);
  if (
    table.readUInt16LE(4) !== WIN_CERT_REVISION_2_0 ||
    table.readUInt16LE(6) !== WIN_CERT_TYPE_PKCS_SIGNED_DATA
  )
    throw new TagRefused('the WIN_CERTIFICATE is not revision 2.0 PKCS #7 signed data');
  const blob = table.subarray(8, length);
  try {
    const contentInfo = expectTag(readElement(blob, 0), TAG.sequence, 'ContentInfo');
    const [contentType, explicit] = childrenOf(blob, contentInfo);
    const type = expectTag(contentType, TAG.oid, 'ContentInfo.contentType');
    if (!blob.subarray(type.start, type.end).equals(SIGNED_DATA_OID))
      throw new DerError('the ContentInfo is not SignedData');
    const [signedData, ...extra] = childrenOf(
      blob,
      expectTag(explicit, TAG.context(0), 'ContentInfo.content'),
    );
    if (extra.length > 0) throw new DerError('ContentInfo.content holds more than SignedData');
    const fields = childrenOf(blob, expectTag(signedData, TAG.sequence, 'SignedData'));
    // version, digestAlgorithms, encapContentInfo, then [0] certificates when present (RFC 5652).
    if (fields.length < 4) throw new DerError('SignedData has too few fields');
    const certificatesAt = 3;
    const present = fields[certificatesAt]?.tag === TAG.context(0);
    const certificates = present ? childrenOf(blob, fields[certificatesAt] as typeof contentInfo) : [];
    const bytesOf = (e: { start: number; end: number }) => blob.subarray(e.start, e.end);
    // DER orders a SET OF by encoding; the new one goes where that order puts it.
    const existing = certificates.map(bytesOf);
    const at = existing.findIndex((c) => Buffer.compare(c, certificate) > 0);
    existing.splice(at === -1 ? existing.length : at, 0, certificate);
    const rest = fields.slice(present ? certificatesAt + 1 : certificatesAt).map(bytesOf);
    const newSignedData = element(
      TAG.sequence,
      ...fields.slice(0, certificatesAt).map(bytesOf),
      element(TAG.context(0), ...existing),
      ...rest,
    );
    const newContentInfo = element(TAG.sequence, bytesOf(type), element(TAG.context(0), newSignedData));
    const out = Buffer.alloc(align8(8 + newContentInfo.length));
    out.writeUInt32LE(out.length, 0);
    out.writeUInt16LE(WIN_CERT_REVISION_2_0, 4);
    out.writeUInt16LE(WIN_CERT_TYPE_PKCS_SIGNED_DATA, 6);
    newContentInfo.copy(out, 8);
    return out;
  } catch (error) {
    if (error instanceof DerError) throw new TagRefused(`the signature cannot be read: ${error.message}`);
    throw error;
  }
}

/** What a signed build needs for tagging, gathered once per build while it is read. */
export interface SignedBuild {
  layout: SignedPeLayout;
  /** The certificate table as signed, the last bytes of the file. */
  table: Buffer;
  /** The total of the file's 16-bit words before the table, the CheckSum and the table's size as zero. */
  headSum: number;
  /** Whether the file had a CheckSum; one without (zero) keeps none. */
  hasChecksum: boolean;
}

/** A tagged download: the file up to its table with a few header bytes changed, then the new table. */
export interface TaggedTail {
  patches: { offset: number; bytes: Buffer }[];
  table: Buffer;
  size: number;
}

/** The bytes that turn a signed build into one carrying `region` in its signature's certificates. */
export function taggedTail(build: SignedBuild, region: Uint8Array, key: CarrierKey): TaggedTail {
  const table = tagCertificateTable(build.table, carrierCertificate(region, key));
  const size = build.layout.tableOffset + table.length;
  const directorySize = Buffer.alloc(4);
  directorySize.writeUInt32LE(table.length);
  const patches = [{ offset: build.layout.directoryOffset + 4, bytes: directorySize }];
  if (build.hasChecksum) {
    const total =
      build.headSum +
      fieldSum(table.length, build.layout.directoryOffset + 4) +
      wordSum(table, build.layout.tableOffset);
    const checksum = Buffer.alloc(4);
    checksum.writeUInt32LE(peChecksum(total, size));
    patches.push({ offset: build.layout.checksumOffset, bytes: checksum });
  }
  return { patches, table, size };
}

/**
 * What tagging needs, from the layout, the total of the file's words before its table
 * (`wordSum` from offset 0) and the table. The CheckSum and the table's size are counted as zero
 * from here on, and written for each download.
 */
export function signedBuildFrom(
  layout: SignedPeLayout,
  wordsBeforeTable: number,
  table: Buffer,
): SignedBuild {
  return {
    layout,
    table,
    headSum:
      wordsBeforeTable -
      fieldSum(layout.checksum, layout.checksumOffset) -
      fieldSum(layout.tableSize, layout.directoryOffset + 4),
    hasChecksum: layout.checksum !== 0,
  };
}

/** What tagging needs, from a whole signed file in memory (small files and tests). */
export function signedBuildOf(file: Buffer): SignedBuild {
  const layout = signedPeLayout(file);
  if (layout === null) throw new TagRefused('not a signed PE file');
  if (
    layout.tableOffset < layout.directoryOffset + 8 ||
    layout.tableOffset + layout.tableSize !== file.length
  )
    throw new TagRefused('the certificate table is not the end of the file');
  return signedBuildFrom(
    layout,
    wordSum(file.subarray(0, layout.tableOffset), 0),
    file.subarray(layout.tableOffset),
  );
}

/** A whole signed file tagged (small files and tests; the server streams with taggedTail). */
export function tagSignedFile(file: Buffer, region: Uint8Array, key: CarrierKey): Buffer {
  const build = signedBuildOf(file);
  const tail = taggedTail(build, region, key);
  const head = Buffer.from(file.subarray(0, build.layout.tableOffset));
  for (const patch of tail.patches) patch.bytes.copy(head, patch.offset);
  return Buffer.concat([head, tail.table]);
}
