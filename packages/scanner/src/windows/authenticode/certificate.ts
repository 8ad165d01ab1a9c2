import { type KeyObject, X509Certificate } from 'node:crypto';
import { OID } from './algorithms.js';
import {
  type Asn1,
  encodingOf,
  integerBytes,
  isContextTag,
  oid,
  sequence,
  set,
  stringValue,
  timeValue,
} from './der.js';
import { AuthenticodeFormatError } from './format-error.js';

/**
 * One X.509 certificate from the signature (RFC 5280 section 4.1). The names and serial number are
 * read from the DER here, because SignerInfo names its certificate by the issuer's exact encoding
 * and the serial number; node:crypto's X509Certificate checks signatures between certificates.
 */
export interface CertificateSummary {
  /** The subject's attributes in the order the certificate stores them, e.g. "CN=Example, O=Org". */
  subject: string;
  subjectCommonName: string | undefined;
  issuer: string;
  issuerCommonName: string | undefined;
  /** Upper-case hexadecimal, as Windows and OpenSSL show it. */
  serialNumber: string;
  notBefore: string;
  notAfter: string;
  /** Issued by itself: subject equals issuer and its signature verifies with its own public key. */
  selfSigned: boolean;
}

export interface ParsedCertificate {
  der: Uint8Array;
  issuerName: Uint8Array;
  subjectName: Uint8Array;
  serialNumber: Uint8Array;
  x509: X509Certificate;
  publicKey: KeyObject;
  summary: CertificateSummary;
}

const SHORT_NAMES: Record<string, string> = {
  '2.5.4.3': 'CN',
  '2.5.4.6': 'C',
  '2.5.4.7': 'L',
  '2.5.4.8': 'ST',
  '2.5.4.10': 'O',
  '2.5.4.11': 'OU',
  '2.5.4.5': 'serialNumber',
  '1.2.840.113549.1.9.1': 'emailAddress',
};

export function parseCertificate(certificate: Asn1): ParsedCertificate {
  const der = encodingOf(certificate);
  const [tbs] = sequence(certificate, 'Certificate');
  const fields = sequence(tbs, 'TBSCertificate');
  // version is [0] EXPLICIT and absent for version 1 certificates.
  const at = isContextTag(fields[0], 0) ? 1 : 0;
  const serialNumber = integerBytes(fields[at], 'TBSCertificate.serialNumber');
  const issuer = fields[at + 2];
  const [notBefore, notAfter] = sequence(fields[at + 3], 'TBSCertificate.validity');
  const subject = fields[at + 4];
  const issuerAttributes = readName(issuer, 'TBSCertificate.issuer');
  const subjectAttributes = readName(subject, 'TBSCertificate.subject');

  let x509: X509Certificate;
  let publicKey: KeyObject;
  try {
    x509 = new X509Certificate(der);
    // Decoded now: node:crypto decodes the key on first use and throws if it is damaged.
    publicKey = x509.publicKey;
  } catch (error) {
    throw new AuthenticodeFormatError(
      'unexpected-structure',
      `a certificate is not readable: ${(error as Error).message}`,
    );
  }
  const issuerName = encodingOf(issuer as Asn1);
  const subjectName = encodingOf(subject as Asn1);
  return {
    der,
    issuerName,
    subjectName,
    serialNumber,
    x509,
    publicKey,
    summary: {
      subject: formatName(subjectAttributes),
      subjectCommonName: subjectAttributes.find(([type]) => type === OID.commonName)?.[1],
      issuer: formatName(issuerAttributes),
      issuerCommonName: issuerAttributes.find(([type]) => type === OID.commonName)?.[1],
      serialNumber: Buffer.from(withoutSignPadding(serialNumber)).toString('hex').toUpperCase(),
      notBefore: timeValue(notBefore, 'TBSCertificate.validity.notBefore').toISOString(),
      notAfter: timeValue(notAfter, 'TBSCertificate.validity.notAfter').toISOString(),
      selfSigned: sameBytes(issuerName, subjectName) && verifiesWith(x509, publicKey),
    },
  };
}

/** True when the certificate's signature verifies with the (issuer's) public key. */
export function verifiesWith(certificate: X509Certificate, issuerKey: KeyObject): boolean {
  try {
    return certificate.verify(issuerKey);
  } catch {
    return false;
  }
}

export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, index) => byte === b[index]);
}

/** DER INTEGER contents carry a leading zero when the top bit is set; the serial number is the rest. */
export function withoutSignPadding(integer: Uint8Array): Uint8Array {
  return integer.length > 1 && integer[0] === 0 ? integer.subarray(1) : integer;
}

/** Name ::= SEQUENCE OF RelativeDistinguishedName, each a SET OF AttributeTypeAndValue (RFC 5280 4.1.2.4). */
function readName(element: Asn1 | undefined, what: string): Array<[string, string]> {
  const attributes: Array<[string, string]> = [];
  for (const rdn of sequence(element, what)) {
    for (const typeAndValue of set(rdn, `a relative distinguished name of ${what}`)) {
      const [type, value] = sequence(typeAndValue, `an attribute of ${what}`);
      const typeOid = oid(type, `an attribute type of ${what}`);
      const text = value === undefined ? undefined : stringValue(value);
      attributes.push([typeOid, text ?? `#${Buffer.from(value ? encodingOf(value) : []).toString('hex')}`]);
    }
  }
  return attributes;
}

function formatName(attributes: Array<[string, string]>): string {
  return attributes.map(([type, value]) => `${SHORT_NAMES[type] ?? type}=${value}`).join(', ');
}
