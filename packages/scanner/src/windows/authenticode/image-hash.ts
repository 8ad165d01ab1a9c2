import { createHash } from 'node:crypto';
import type { PeLayout } from './pe-layout.js';

/**
 * The Authenticode image hash ("Windows Authenticode Portable Executable Signature Format",
 * section "Calculating the PE Image Hash"): the file's bytes, leaving out the optional header's
 * CheckSum, the Certificate Table directory entry, and the certificate table itself.
 *
 * The document describes hashing the headers and then each section sorted by file offset, followed
 * by any remaining data; WinVerifyTrust and osslsigncode instead hash the file linearly up to the
 * certificate table, which covers the same bytes for a file whose sections follow each other
 * without gaps, and also covers gaps and appended data. The linear rule is what signers produce, so
 * it is what this reader checks. The certificate table must be the file's last content; anything
 * after it is not hashed and is reported by the caller.
 */
export function computeImageHash(bytes: Uint8Array, layout: PeLayout, nodeHashName: string): Uint8Array {
  const hash = createHash(nodeHashName);
  const end = layout.certificateTable?.offset ?? bytes.length;
  const holes: Array<[number, number]> = [[layout.checksumOffset, 4]];
  if (layout.certificateDirectoryOffset !== undefined) holes.push([layout.certificateDirectoryOffset, 8]);
  let at = 0;
  for (const [holeStart, holeLength] of holes) {
    hash.update(bytes.subarray(at, Math.min(holeStart, end)));
    at = Math.min(holeStart + holeLength, end);
  }
  hash.update(bytes.subarray(at, end));
  return new Uint8Array(hash.digest());
}
