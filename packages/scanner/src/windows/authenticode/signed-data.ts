import { OID } from './algorithms.js';
import {
  type Asn1,
  childrenOf,
  contentsOf,
  decodeFirst,
  encodingOf,
  explicit,
  integerBytes,
  integerValue,
  isContextTag,
  octets,
  oid,
  sequence,
  set,
} from './der.js';
import { AuthenticodeFormatError } from './format-error.js';

/**
 * The parts of an Authenticode PKCS #7 SignedData that verification needs. Structure from RFC 2315
 * sections 7, 9.1 and 9.2, with the Authenticode profile of "Windows Authenticode Portable
 * Executable Signature Format", sections "SignedData", "SignerInfo" and "SpcIndirectDataContent".
 */
export interface AuthenticodeSignedData {
  /** SpcIndirectDataContent: the digest of the PE image that was signed. */
  indirectData: {
    dataType: string;
    digestAlgorithmOid: string;
    imageDigest: Uint8Array;
    /**
     * What the messageDigest attribute is the hash of: the contents octets of the
     * SpcIndirectDataContent SEQUENCE, without its identifier and length (RFC 2315 9.3: "the
     * contents octets of the DER encoding of the content field"; the Authenticode document, section
     * "SignerInfo", repeats this for Authenticode).
     */
    digestedBytes: Uint8Array;
  };
  /** The certificates the signature carries, as decoded elements. */
  certificates: Asn1[];
  signer: SignerInfo;
  /** Bytes after the ContentInfo inside the WIN_CERTIFICATE, that are not zero padding. */
  nonZeroTrailingBytes: number;
}

export interface SignerInfo {
  /** issuerAndSerialNumber: the issuer Name in its DER encoding, and the serial number's bytes. */
  issuerName: Uint8Array;
  serialNumber: Uint8Array;
  digestAlgorithmOid: string;
  signatureAlgorithmOid: string;
  signature: Uint8Array;
  /** authenticatedAttributes, re-tagged as the SET OF that the signature covers (RFC 2315 9.3). */
  signedAttributes: { signedBytes: Uint8Array; byType: Map<string, Asn1[]> } | undefined;
  unsignedAttributes: Map<string, Asn1[]>;
}

export function readSignedData(blob: Uint8Array): AuthenticodeSignedData {
  const { element: contentInfo, length } = decodeFirst(blob, 'the signature ContentInfo');
  const nonZeroTrailingBytes = blob.subarray(length).filter((byte) => byte !== 0).length;
  const [contentType, content] = sequence(contentInfo, 'ContentInfo');
  const contentTypeOid = oid(contentType, 'ContentInfo.contentType');
  if (contentTypeOid !== OID.signedData) {
    throw new AuthenticodeFormatError(
      'unexpected-structure',
      `ContentInfo holds ${contentTypeOid}, not signedData`,
    );
  }
  const signedData = sequence(explicit(content, 0, 'ContentInfo.content'), 'SignedData');
  const [, , encapsulated, ...rest] = signedData;
  integerValue(signedData[0], 'SignedData.version');
  set(signedData[1], 'SignedData.digestAlgorithms');

  const indirectData = readIndirectData(encapsulated);
  let index = 0;
  const certificates: Asn1[] = [];
  if (isContextTag(rest[index], 0)) {
    for (const choice of childrenOf(rest[index] as Asn1, 'SignedData.certificates')) {
      // Only plain X.509 certificates (a SEQUENCE); attribute certificates are [1], [2] ... and skipped.
      if (choice.idBlock.tagClass === 1 && choice.idBlock.tagNumber === 16) certificates.push(choice);
    }
    index += 1;
  }
  if (isContextTag(rest[index], 1)) index += 1; // crls: not used without a root store
  const signerInfos = set(rest[index], 'SignedData.signerInfos');
  if (signerInfos.length !== 1) {
    // The Authenticode profile allows exactly one SignerInfo; further signatures are nested ones.
    throw new AuthenticodeFormatError(
      'unexpected-structure',
      `SignedData holds ${signerInfos.length} SignerInfos, not 1`,
    );
  }
  return { indirectData, certificates, signer: readSignerInfo(signerInfos[0]), nonZeroTrailingBytes };
}

function readIndirectData(encapsulated: Asn1 | undefined): AuthenticodeSignedData['indirectData'] {
  const [type, content] = sequence(encapsulated, 'SignedData.contentInfo');
  const typeOid = oid(type, 'SignedData.contentInfo.contentType');
  if (typeOid !== OID.spcIndirectDataContent) {
    throw new AuthenticodeFormatError(
      'unexpected-structure',
      `the signed content is ${typeOid}, not SpcIndirectDataContent`,
    );
  }
  const indirect = explicit(content, 0, 'SignedData.contentInfo.content');
  const [data, messageDigest] = sequence(indirect, 'SpcIndirectDataContent');
  const [dataType] = sequence(data, 'SpcIndirectDataContent.data');
  const [digestAlgorithm, digest] = sequence(messageDigest, 'SpcIndirectDataContent.messageDigest');
  const [digestAlgorithmOid] = sequence(digestAlgorithm, 'DigestInfo.digestAlgorithm');
  return {
    dataType: oid(dataType, 'SpcAttributeTypeAndOptionalValue.type'),
    digestAlgorithmOid: oid(digestAlgorithmOid, 'DigestInfo.digestAlgorithm.algorithm'),
    imageDigest: octets(digest, 'DigestInfo.digest'),
    digestedBytes: contentsOf(indirect),
  };
}

function readSignerInfo(element: Asn1 | undefined): SignerInfo {
  const fields = sequence(element, 'SignerInfo');
  integerValue(fields[0], 'SignerInfo.version');
  const [issuer, serial] = sequence(fields[1], 'SignerInfo.issuerAndSerialNumber');
  sequence(issuer, 'SignerInfo.issuerAndSerialNumber.issuer');
  const digestAlgorithm = sequence(fields[2], 'SignerInfo.digestAlgorithm');
  let index = 3;
  let signedAttributes: SignerInfo['signedAttributes'];
  if (isContextTag(fields[index], 0)) {
    const tagged = fields[index] as Asn1;
    const signedBytes = Uint8Array.from(encodingOf(tagged));
    // The signature covers the attributes with the SET OF tag, not the [0] IMPLICIT tag (RFC 2315 9.3).
    signedBytes[0] = 0x31;
    signedAttributes = {
      signedBytes,
      byType: readAttributes(tagged, 'SignerInfo.authenticatedAttributes', true),
    };
    index += 1;
  }
  const signatureAlgorithm = sequence(fields[index], 'SignerInfo.digestEncryptionAlgorithm');
  const signature = octets(fields[index + 1], 'SignerInfo.encryptedDigest');
  const unsigned = fields[index + 2];
  return {
    issuerName: encodingOf(issuer as Asn1),
    serialNumber: integerBytes(serial, 'SignerInfo.issuerAndSerialNumber.serialNumber'),
    digestAlgorithmOid: oid(digestAlgorithm[0], 'SignerInfo.digestAlgorithm.algorithm'),
    signatureAlgorithmOid: oid(signatureAlgorithm[0], 'SignerInfo.digestEncryptionAlgorithm.algorithm'),
    signature,
    signedAttributes,
    unsignedAttributes: isContextTag(unsigned, 1)
      ? readAttributes(unsigned, 'SignerInfo.unauthenticatedAttributes', false)
      : new Map(),
  };
}

/**
 * Attribute ::= SEQUENCE { type OBJECT IDENTIFIER, values SET OF ANY } (RFC 2985 section 5). A
 * signed attribute type may appear once only (RFC 5652 5.3); unsigned ones are merged.
 */
function readAttributes(element: Asn1, what: string, signed: boolean): Map<string, Asn1[]> {
  const byType = new Map<string, Asn1[]>();
  for (const attribute of childrenOf(element, what)) {
    const [type, values] = sequence(attribute, `an attribute of ${what}`);
    const typeOid = oid(type, `an attribute type of ${what}`);
    const known = byType.get(typeOid);
    if (known !== undefined && signed) {
      throw new AuthenticodeFormatError('unexpected-structure', `${what} holds attribute ${typeOid} twice`);
    }
    byType.set(typeOid, [...(known ?? []), ...set(values, `the values of attribute ${typeOid}`)]);
  }
  return byType;
}
