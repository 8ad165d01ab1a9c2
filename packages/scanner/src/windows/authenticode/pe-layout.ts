import { AuthenticodeFormatError } from './format-error.js';

/**
 * Where the fields that Authenticode leaves out of the image hash sit in a PE file. Offsets follow
 * Microsoft's "PE Format" document (sections "MS-DOS Stub", "Signature", "COFF File Header",
 * "Optional Header", "Optional Header Data Directories"). Only the headers are read: Authenticode
 * hashes the file as bytes, so sections need no parsing.
 */
export interface PeLayout {
  /** File offset of the optional header's CheckSum field (4 bytes, left out of the hash). */
  checksumOffset: number;
  /** File offset of the Certificate Table data directory entry (8 bytes, left out of the hash). */
  certificateDirectoryOffset: number | undefined;
  /** The Certificate Table as the directory gives it: a FILE offset, not an RVA ("PE Format", section "The Attribute Certificate Table"). */
  certificateTable: { offset: number; size: number } | undefined;
  /** PE32 (0x10b) or PE32+ (0x20b). */
  magic: 0x10b | 0x20b;
}

const DOS_MAGIC = 0x5a4d; // "MZ"
const PE_SIGNATURE = 0x00004550; // "PE\0\0"
const COFF_HEADER_SIZE = 20;
const CERTIFICATE_TABLE_INDEX = 4;

export function readPeLayout(bytes: Uint8Array): PeLayout {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const need = (end: number, what: string): void => {
    if (end > bytes.length) {
      throw new AuthenticodeFormatError(
        'truncated',
        `${what} ends at offset ${end}, past the end of the ${bytes.length}-byte file`,
      );
    }
  };

  need(0x40, 'the MS-DOS header');
  if (view.getUint16(0, true) !== DOS_MAGIC) {
    throw new AuthenticodeFormatError('not-pe', 'no MZ signature at offset 0');
  }
  // e_lfanew, at 0x3C in the MS-DOS header, gives the file offset of the PE signature.
  const peOffset = view.getUint32(0x3c, true);
  need(peOffset + 4 + COFF_HEADER_SIZE, 'the PE signature and COFF file header');
  if (view.getUint32(peOffset, true) !== PE_SIGNATURE) {
    throw new AuthenticodeFormatError('not-pe', `no PE signature at offset ${peOffset} (e_lfanew)`);
  }
  const sizeOfOptionalHeader = view.getUint16(peOffset + 4 + 16, true);
  const optional = peOffset + 4 + COFF_HEADER_SIZE;
  need(optional + sizeOfOptionalHeader, 'the optional header');
  if (sizeOfOptionalHeader < 2) {
    throw new AuthenticodeFormatError(
      'bad-optional-header',
      `optional header of ${sizeOfOptionalHeader} bytes at offset ${optional}`,
    );
  }

  const magic = view.getUint16(optional, true);
  if (magic !== 0x10b && magic !== 0x20b) {
    throw new AuthenticodeFormatError(
      'bad-optional-header',
      `optional header magic 0x${magic.toString(16)} at offset ${optional} is neither PE32 (0x10b) nor PE32+ (0x20b)`,
    );
  }
  // PE32+ drops BaseOfData and widens four fields to 8 bytes: the Windows-specific fields end 16
  // bytes later, so NumberOfRvaAndSizes and the data directories move by 16.
  const numberOfRvaAndSizesOffset = optional + (magic === 0x10b ? 92 : 108);
  const directoriesOffset = numberOfRvaAndSizesOffset + 4;
  const checksumOffset = optional + 64;
  if (numberOfRvaAndSizesOffset + 4 > optional + sizeOfOptionalHeader) {
    throw new AuthenticodeFormatError(
      'bad-optional-header',
      `optional header of ${sizeOfOptionalHeader} bytes at offset ${optional} is too short for its Windows-specific fields`,
    );
  }
  const numberOfDirectories = view.getUint32(numberOfRvaAndSizesOffset, true);
  const certificateDirectoryOffset = directoriesOffset + CERTIFICATE_TABLE_INDEX * 8;
  const hasCertificateDirectory =
    numberOfDirectories > CERTIFICATE_TABLE_INDEX &&
    certificateDirectoryOffset + 8 <= optional + sizeOfOptionalHeader;
  if (!hasCertificateDirectory) {
    return { checksumOffset, certificateDirectoryOffset: undefined, certificateTable: undefined, magic };
  }
  const offset = view.getUint32(certificateDirectoryOffset, true);
  const size = view.getUint32(certificateDirectoryOffset + 4, true);
  // A zero size means no certificate table ("PE Format": a data directory with size 0 is absent).
  const certificateTable = size === 0 ? undefined : { offset, size };
  return { checksumOffset, certificateDirectoryOffset, certificateTable, magic };
}
