import { createHash, verify } from 'node:crypto';
import { type DigestName, digestByOid, OID, signatureByOid } from './algorithms.js';
import { type ParsedCertificate, parseCertificate, sameBytes, verifiesWith } from './certificate.js';
import { octets, oid } from './der.js';
import { AuthenticodeFormatError } from './format-error.js';
import type { AuthenticodeSignedData } from './signed-data.js';

/**
 * Checks the SignerInfo against the signed content ("Windows Authenticode Portable Executable
 * Signature Format", section "Authenticode Signature Verification"; RFC 2315 section 9.3): the
 * messageDigest attribute must be the hash of the SpcIndirectDataContent, and the signature over
 * the authenticated attributes must verify with the signer certificate's public key. Trust in the
 * certificate chain is not judged here: there is no root store to judge it against.
 */
export interface SignerCheck {
  signer: ParsedCertificate | undefined;
  certificates: ParsedCertificate[];
  digestName: DigestName | undefined;
  /** Whether the messageDigest attribute matches the hash of the SpcIndirectDataContent. */
  contentDigestMatches: boolean;
  /** Whether the signature verifies with the signer certificate's public key. */
  signatureVerifies: boolean;
  /** Why the SignerInfo could not be checked at all: an algorithm this reader does not know. */
  unsupported: string | undefined;
  /** Why it failed, when it did. */
  failure: string | undefined;
}

export function checkSigner(signedData: AuthenticodeSignedData): SignerCheck {
  const certificates = signedData.certificates.map(parseCertificate);
  const info = signedData.signer;
  const signer = certificates.find(
    (candidate) =>
      sameBytes(candidate.issuerName, info.issuerName) &&
      sameBytes(candidate.serialNumber, info.serialNumber),
  );
  const result: SignerCheck = {
    signer,
    certificates,
    digestName: undefined,
    contentDigestMatches: false,
    signatureVerifies: false,
    unsupported: undefined,
    failure: undefined,
  };
  const digest = digestByOid(info.digestAlgorithmOid);
  const signature = signatureByOid(info.signatureAlgorithmOid);
  if (digest === undefined)
    return { ...result, unsupported: `SignerInfo digest algorithm ${info.digestAlgorithmOid}` };
  if (signature === undefined) {
    return { ...result, unsupported: `SignerInfo signature algorithm ${info.signatureAlgorithmOid}` };
  }
  result.digestName = digest.name;
  if (signer === undefined) return { ...result, failure: 'the signer certificate is not in the signature' };
  if (signature.digest !== undefined && signature.digest !== digest.name) {
    return {
      ...result,
      failure: `the signature algorithm hashes with ${signature.digest}, the SignerInfo with ${digest.name}`,
    };
  }

  const contentDigest = createHash(digest.node).update(signedData.indirectData.digestedBytes).digest();
  let signedBytes: Uint8Array;
  if (signedData.signer.signedAttributes === undefined) {
    // Without authenticated attributes the signature covers the content itself (RFC 2315 9.3).
    result.contentDigestMatches = true;
    signedBytes = signedData.indirectData.digestedBytes;
  } else {
    const attributes = signedData.signer.signedAttributes.byType;
    const contentType = attributes.get(OID.contentType);
    const messageDigest = attributes.get(OID.messageDigest);
    if (
      contentType?.length !== 1 ||
      oid(contentType[0], 'the contentType attribute') !== OID.spcIndirectDataContent
    ) {
      return { ...result, failure: 'the contentType attribute does not name SpcIndirectDataContent' };
    }
    if (messageDigest?.length !== 1)
      throw new AuthenticodeFormatError('unexpected-structure', 'no single messageDigest attribute');
    result.contentDigestMatches = sameBytes(
      octets(messageDigest[0], 'the messageDigest attribute'),
      contentDigest,
    );
    signedBytes = signedData.signer.signedAttributes.signedBytes;
  }

  const keyType = signer.publicKey.asymmetricKeyType;
  const keyMatches = signature.key === 'rsa' ? keyType === 'rsa' : keyType === 'ec';
  if (!keyMatches) return { ...result, failure: `a ${signature.key} signature with a ${keyType} key` };
  try {
    result.signatureVerifies = verify(digest.node, signedBytes, signer.publicKey, info.signature);
  } catch {
    result.signatureVerifies = false;
  }
  if (!result.contentDigestMatches)
    result.failure = 'the messageDigest attribute does not match the signed content';
  else if (!result.signatureVerifies)
    result.failure = "the signature does not verify with the signer certificate's key";
  return result;
}

/**
 * The certificates from the signer up, following issuers that are in the signature and whose
 * signatures verify, until a self-signed one or one whose issuer is not included.
 */
export function chainFrom(signer: ParsedCertificate, certificates: ParsedCertificate[]): ParsedCertificate[] {
  const chain = [signer];
  let current = signer;
  while (!current.summary.selfSigned && chain.length < certificates.length) {
    const issuer = certificates.find(
      (candidate) =>
        !chain.includes(candidate) &&
        sameBytes(candidate.subjectName, current.issuerName) &&
        verifiesWith(current.x509, candidate.publicKey),
    );
    if (issuer === undefined) break;
    chain.push(issuer);
    current = issuer;
  }
  return chain;
}
