import { AuthenticodeFormatError } from './format-error.js';

/**
 * The attribute certificate table: a run of WIN_CERTIFICATE entries, each
 * `dwLength (4) | wRevision (2) | wCertificateType (2) | bCertificate`, each starting on an 8-byte
 * boundary ("PE Format", section "The Attribute Certificate Table (Image Only)").
 */
export interface WinCertificate {
  /** File offset of the entry. */
  offset: number;
  revision: number;
  type: number;
  /** bCertificate: for WIN_CERT_TYPE_PKCS_SIGNED_DATA, a PKCS #7 ContentInfo (possibly padded). */
  certificate: Uint8Array;
}

export const WIN_CERT_REVISION_2_0 = 0x0200;
export const WIN_CERT_TYPE_PKCS_SIGNED_DATA = 0x0002;
const HEADER_SIZE = 8;

export function readWinCertificates(
  bytes: Uint8Array,
  table: { offset: number; size: number },
): WinCertificate[] {
  const end = table.offset + table.size;
  if (end > bytes.length) {
    throw new AuthenticodeFormatError(
      'certificate-table-out-of-bounds',
      `the certificate table (offset ${table.offset}, ${table.size} bytes) ends past the end of the ${bytes.length}-byte file`,
    );
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries: WinCertificate[] = [];
  let at = table.offset;
  while (at + HEADER_SIZE <= end) {
    const length = view.getUint32(at, true);
    if (length < HEADER_SIZE || at + length > end) {
      throw new AuthenticodeFormatError(
        'bad-win-certificate',
        `WIN_CERTIFICATE at offset ${at} gives dwLength ${length}, outside 8..${end - at}`,
      );
    }
    entries.push({
      offset: at,
      revision: view.getUint16(at + 4, true),
      type: view.getUint16(at + 6, true),
      certificate: bytes.subarray(at + HEADER_SIZE, at + length),
    });
    at += Math.ceil(length / 8) * 8;
  }
  if (entries.length === 0) {
    throw new AuthenticodeFormatError(
      'bad-win-certificate',
      `the certificate table at offset ${table.offset} holds no WIN_CERTIFICATE`,
    );
  }
  return entries;
}
