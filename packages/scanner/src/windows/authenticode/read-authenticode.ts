import { digestByOid, OID, WEAK_DIGESTS } from './algorithms.js';
import { AuthenticodeFormatError } from './format-error.js';
import { computeImageHash } from './image-hash.js';
import { type PeLayout, readPeLayout } from './pe-layout.js';
import { type AuthenticodeSignedData, readSignedData } from './signed-data.js';
import { chainFrom, checkSigner, type SignerCheck } from './signer.js';
import { readSigningTime } from './signing-time.js';
import type { AuthenticodeStatus, InvalidSignatureReason, SignatureReport } from './status.js';
import {
  readWinCertificates,
  WIN_CERT_REVISION_2_0,
  WIN_CERT_TYPE_PKCS_SIGNED_DATA,
} from './win-certificate.js';

export type { AuthenticodeStatus, InvalidSignatureReason, SignatureReport } from './status.js';

/**
 * The Authenticode status of a PE file (an .exe, .dll or .sys), per "Windows Authenticode Portable
 * Executable Signature Format": is it signed, does the signature still match the file, and who
 * signed it. Synchronous and pure: node:crypto hashes and verifies. See `AuthenticodeStatus` for
 * what each answer means and does not mean.
 */
export function readAuthenticode(bytes: Uint8Array): AuthenticodeStatus {
  let layout: PeLayout;
  try {
    layout = readPeLayout(bytes);
  } catch (error) {
    if (error instanceof AuthenticodeFormatError)
      return { status: 'unreadable', code: error.code, detail: error.message };
    throw error;
  }
  if (layout.certificateTable === undefined) return { status: 'unsigned' };
  try {
    return checkSignedFile(bytes, layout);
  } catch (error) {
    if (error instanceof AuthenticodeFormatError) {
      return {
        status: 'signed-invalid',
        reason: 'malformed-signature',
        detail: error.message,
        signature: undefined,
      };
    }
    throw error;
  }
}

function checkSignedFile(bytes: Uint8Array, layout: PeLayout): AuthenticodeStatus {
  const table = layout.certificateTable as { offset: number; size: number };
  const headersEnd = (layout.certificateDirectoryOffset ?? 0) + 8;
  if (table.offset < headersEnd) {
    throw new AuthenticodeFormatError(
      'certificate-table-out-of-bounds',
      `the certificate table at offset ${table.offset} lies inside the PE headers`,
    );
  }
  const entries = readWinCertificates(bytes, table);
  const entry = entries.find((candidate) => candidate.type === WIN_CERT_TYPE_PKCS_SIGNED_DATA);
  if (entry === undefined || entry.revision !== WIN_CERT_REVISION_2_0) {
    throw new AuthenticodeFormatError(
      'bad-win-certificate',
      entry === undefined
        ? 'no WIN_CERTIFICATE of type PKCS_SIGNED_DATA'
        : `WIN_CERTIFICATE at offset ${entry.offset} has revision 0x${entry.revision.toString(16)}, not 0x0200`,
    );
  }
  const signedData = readSignedData(entry.certificate);
  if (signedData.indirectData.dataType !== OID.spcPeImageData) {
    throw new AuthenticodeFormatError(
      'unexpected-structure',
      `the signed data is ${signedData.indirectData.dataType}, not a PE image (SpcPeImageData)`,
    );
  }

  const digest = digestByOid(signedData.indirectData.digestAlgorithmOid);
  const anomalies = findAnomalies(entries.length, signedData);
  if (digest && WEAK_DIGESTS.includes(digest.name)) {
    anomalies.push(
      `the image digest is ${digest.name}, for which collisions can be made: a matching digest proves little`,
    );
  }
  const computed = digest === undefined ? undefined : computeImageHash(bytes, layout, digest.node);
  const signerCheck = checkSigner(signedData);
  const report = buildReport(signedData, digest?.name, computed, signerCheck, anomalies);

  if (digest === undefined) {
    const detail = `image digest algorithm ${signedData.indirectData.digestAlgorithmOid} is not supported`;
    return { status: 'signed-unverifiable', detail, signature: report };
  }
  if (!report.checks.imageDigestMatches) {
    const detail = 'the file does not hash to the digest that was signed: it was changed after signing';
    return { status: 'signed-invalid', reason: 'image-digest-mismatch', detail, signature: report };
  }
  const after = bytes.length - (table.offset + table.size);
  if (after > 0) {
    // The Authenticode document, section "Calculating the PE Image Hash", has the certificate table
    // end the file; osslsigncode then ignores the signature altogether. Whatever follows it is
    // covered by no signature, so the file as a whole is not what was signed.
    const detail = `${after} bytes follow the certificate table and are not covered by the signature`;
    return { status: 'signed-invalid', reason: 'data-after-signature', detail, signature: report };
  }
  if (signerCheck.unsupported !== undefined) {
    return {
      status: 'signed-unverifiable',
      detail: `${signerCheck.unsupported} is not supported`,
      signature: report,
    };
  }
  if (signerCheck.failure !== undefined) {
    return {
      status: 'signed-invalid',
      reason: invalidReason(signerCheck),
      detail: signerCheck.failure,
      signature: report,
    };
  }
  return { status: 'signed-valid', signature: report };
}

function invalidReason(check: SignerCheck): InvalidSignatureReason {
  if (check.signer === undefined) return 'signer-certificate-missing';
  if (!check.contentDigestMatches) return 'content-digest-mismatch';
  if (!check.signatureVerifies) return 'signature-mismatch';
  return 'malformed-signature';
}

function buildReport(
  signedData: AuthenticodeSignedData,
  digestName: string | undefined,
  computed: Uint8Array | undefined,
  check: SignerCheck,
  anomalies: string[],
): SignatureReport {
  const signedImageDigest = hex(signedData.indirectData.imageDigest);
  const computedImageDigest = computed === undefined ? undefined : hex(computed);
  const chain = check.signer === undefined ? [] : chainFrom(check.signer, check.certificates);
  const last = chain.at(-1);
  return {
    digestAlgorithm: digestName ?? signedData.indirectData.digestAlgorithmOid,
    signedImageDigest,
    computedImageDigest,
    checks: {
      imageDigestMatches: computedImageDigest === signedImageDigest,
      contentDigestMatches: check.contentDigestMatches,
      signatureVerifies: check.signatureVerifies,
    },
    signer: check.signer?.summary,
    chain: chain.map((certificate) => certificate.summary),
    selfSigned: check.signer?.summary.selfSigned ?? false,
    chainEndsAtSelfSigned: last?.summary.selfSigned ?? false,
    signingTime: readSigningTime(signedData.signer),
    nestedSignatures: signedData.signer.unsignedAttributes.get(OID.spcNestedSignature)?.length ?? 0,
    trust: 'not-checked',
    anomalies,
  };
}

/**
 * Facts that do not decide the status: bytes after the PKCS #7 blob inside its WIN_CERTIFICATE
 * (padding should be zeros; Microsoft security bulletin MS13-098 describes payloads hidden there,
 * which Windows accepts unless EnableCertPaddingCheck is set), and further WIN_CERTIFICATE entries.
 */
function findAnomalies(entryCount: number, signedData: AuthenticodeSignedData): string[] {
  const anomalies: string[] = [];
  if (signedData.nonZeroTrailingBytes > 0) {
    anomalies.push(
      `${signedData.nonZeroTrailingBytes} non-zero bytes follow the signature inside its WIN_CERTIFICATE`,
    );
  }
  if (entryCount > 1)
    anomalies.push(
      `the certificate table holds ${entryCount} WIN_CERTIFICATE entries; the first PKCS #7 one is checked`,
    );
  return anomalies;
}

function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex');
}
