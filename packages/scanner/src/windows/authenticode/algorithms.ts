/**
 * The algorithm identifiers an Authenticode signature may name, mapped to node:crypto names.
 * Object identifiers from RFC 3279, RFC 4055, RFC 5758 and RFC 8017 appendix C.
 */
export type DigestName = 'MD5' | 'SHA-1' | 'SHA-256' | 'SHA-384' | 'SHA-512';

/** MD5 (RFC 1321) signed files before about 2009: still checked, and reported as weak. */
export const WEAK_DIGESTS: readonly DigestName[] = ['MD5'];

const DIGESTS: Record<string, { name: DigestName; node: string }> = {
  '1.2.840.113549.2.5': { name: 'MD5', node: 'md5' },
  '1.3.14.3.2.26': { name: 'SHA-1', node: 'sha1' },
  '2.16.840.1.101.3.4.2.1': { name: 'SHA-256', node: 'sha256' },
  '2.16.840.1.101.3.4.2.2': { name: 'SHA-384', node: 'sha384' },
  '2.16.840.1.101.3.4.2.3': { name: 'SHA-512', node: 'sha512' },
};

export function digestByOid(oid: string): { name: DigestName; node: string } | undefined {
  return DIGESTS[oid];
}

export type KeyKind = 'rsa' | 'ecdsa';

/**
 * A SignerInfo's signatureAlgorithm: either the bare key algorithm (rsaEncryption, as signtool and
 * osslsigncode write it; the hash is then the SignerInfo's digestAlgorithm) or a combined
 * signature algorithm, whose hash must agree with the digestAlgorithm.
 */
const SIGNATURES: Record<string, { key: KeyKind; digest?: DigestName }> = {
  '1.2.840.113549.1.1.1': { key: 'rsa' },
  '1.2.840.113549.1.1.4': { key: 'rsa', digest: 'MD5' },
  '1.2.840.113549.1.1.5': { key: 'rsa', digest: 'SHA-1' },
  '1.2.840.113549.1.1.11': { key: 'rsa', digest: 'SHA-256' },
  '1.2.840.113549.1.1.12': { key: 'rsa', digest: 'SHA-384' },
  '1.2.840.113549.1.1.13': { key: 'rsa', digest: 'SHA-512' },
  '1.2.840.10045.2.1': { key: 'ecdsa' },
  '1.2.840.10045.4.1': { key: 'ecdsa', digest: 'SHA-1' },
  '1.2.840.10045.4.3.2': { key: 'ecdsa', digest: 'SHA-256' },
  '1.2.840.10045.4.3.3': { key: 'ecdsa', digest: 'SHA-384' },
  '1.2.840.10045.4.3.4': { key: 'ecdsa', digest: 'SHA-512' },
};

export function signatureByOid(oid: string): { key: KeyKind; digest?: DigestName } | undefined {
  return SIGNATURES[oid];
}

export const OID = {
  signedData: '1.2.840.113549.1.7.2',
  spcIndirectDataContent: '1.3.6.1.4.1.311.2.1.4',
  spcPeImageData: '1.3.6.1.4.1.311.2.1.15',
  spcNestedSignature: '1.3.6.1.4.1.311.2.4.1',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  counterSignature: '1.2.840.113549.1.9.6',
  rfc3161Timestamp: '1.3.6.1.4.1.311.3.3.1',
  commonName: '2.5.4.3',
} as const;
