import type { CertificateSummary } from './certificate.js';
import type { AuthenticodeErrorCode } from './format-error.js';
import type { SigningTime } from './signing-time.js';

/**
 * What `readAuthenticode` says about one executable. It never throws for damaged input:
 * - `unsigned`: the PE file has no certificate table. Windows' own files are mostly signed in
 *   catalog files (`System32\CatRoot`) instead, which this reader does not consult: they read as
 *   `unsigned` here although Windows calls them signed;
 * - `signed-valid`: the image hash, the content digest and the signature all check out;
 * - `signed-invalid`: the file carries a signature that does not check out: changed after signing
 *   (`image-digest-mismatch`), or a broken signature (any other reason);
 * - `signed-unverifiable`: a well-formed signature using an algorithm this reader does not
 *   implement (SHA-3, RSA-PSS, ...): neither valid nor proven invalid;
 * - `unreadable`: not a PE file, or its headers are damaged or truncated.
 *
 * Valid means the signature matches the file and the certificate it names; it does NOT mean the
 * certificate chains to a root that Windows trusts (`trust: 'not-checked'`): a self-made
 * certificate gives a valid signature too, which is why `selfSigned` and the issuer are reported.
 */
export type AuthenticodeStatus =
  | { status: 'unsigned' }
  | { status: 'signed-valid'; signature: SignatureReport }
  | {
      status: 'signed-invalid';
      reason: InvalidSignatureReason;
      detail: string;
      signature: SignatureReport | undefined;
    }
  | { status: 'signed-unverifiable'; detail: string; signature: SignatureReport | undefined }
  | { status: 'unreadable'; code: AuthenticodeErrorCode; detail: string };

export type InvalidSignatureReason =
  /** The file's bytes no longer hash to the digest that was signed: changed after signing. */
  | 'image-digest-mismatch'
  /** Bytes follow the certificate table, which must end the file: they are covered by no signature. */
  | 'data-after-signature'
  /** The signed attributes' messageDigest is not the hash of the signed SpcIndirectDataContent. */
  | 'content-digest-mismatch'
  /** The signature does not verify with the signer certificate's public key. */
  | 'signature-mismatch'
  /** The SignerInfo names a certificate the signature does not carry. */
  | 'signer-certificate-missing'
  /** The certificate table or the PKCS #7 structure in it cannot be read. */
  | 'malformed-signature';

export interface SignatureReport {
  /** The image hash algorithm named in the SpcIndirectDataContent (MD5, SHA-1, SHA-256, ... or its OID). */
  digestAlgorithm: string;
  /** Lower-case hexadecimal: the image digest the signature carries, and the one computed from the file. */
  signedImageDigest: string;
  computedImageDigest: string | undefined;
  checks: { imageDigestMatches: boolean; contentDigestMatches: boolean; signatureVerifies: boolean };
  signer: CertificateSummary | undefined;
  /** From the signer up through the certificates the signature carries, each issuing the one before. */
  chain: CertificateSummary[];
  /** The signer certificate issued itself. */
  selfSigned: boolean;
  /** The chain ends at a self-signed certificate carried in the signature (a root, not necessarily trusted). */
  chainEndsAtSelfSigned: boolean;
  signingTime: SigningTime | undefined;
  /** Nested (additional) signatures present; they are counted, not verified. */
  nestedSignatures: number;
  /** Trust in the chain up to Microsoft's root program is not checked: there is no root store. */
  trust: 'not-checked';
  /** Facts worth a look that do not change the status, e.g. data the signature does not cover. */
  anomalies: string[];
}
