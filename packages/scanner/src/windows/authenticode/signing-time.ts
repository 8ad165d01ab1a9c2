import { OID } from './algorithms.js';
import {
  type Asn1,
  childrenOf,
  decodeExactly,
  explicit,
  isContextTag,
  octets,
  oid,
  sequence,
  set,
  timeValue,
} from './der.js';
import { AuthenticodeFormatError } from './format-error.js';
import type { SignerInfo } from './signed-data.js';

/**
 * When the file says it was signed. In order of preference: an RFC 3161 timestamp token or a
 * PKCS #9 countersignature (a timestamp authority's clock; the Authenticode document, section
 * "Authenticode Timestamp"), else the signer's own signingTime attribute (RFC 2985 5.3.3, the
 * signer's clock). The timestamp's own signature is not verified: `source` says where the time
 * came from so a reader can weigh it.
 */
export interface SigningTime {
  time: string;
  source: 'timestamp-token' | 'countersignature' | 'signed-attribute';
}

const TST_INFO = '1.2.840.113549.1.9.16.1.4';

export function readSigningTime(signer: SignerInfo): SigningTime | undefined {
  const fromToken = unlessDamaged(() =>
    timestampTokenTime(signer.unsignedAttributes.get(OID.rfc3161Timestamp)?.[0]),
  );
  if (fromToken !== undefined) return { time: fromToken.toISOString(), source: 'timestamp-token' };
  const counterSignature = signer.unsignedAttributes.get(OID.counterSignature)?.[0];
  const fromCounterSignature = unlessDamaged(() => counterSignatureTime(counterSignature));
  if (fromCounterSignature !== undefined)
    return { time: fromCounterSignature.toISOString(), source: 'countersignature' };
  const signed = signer.signedAttributes?.byType.get(OID.signingTime)?.[0];
  if (signed !== undefined)
    return { time: timeValue(signed, 'the signingTime attribute').toISOString(), source: 'signed-attribute' };
  return undefined;
}

/** Unsigned attributes are not covered by the signature: a damaged one is ignored, not fatal. */
function unlessDamaged(read: () => Date | undefined): Date | undefined {
  try {
    return read();
  } catch (error) {
    if (error instanceof AuthenticodeFormatError) return undefined;
    throw error;
  }
}

/** A countersignature is a SignerInfo whose authenticated attributes carry signingTime (RFC 2985 5.3.6). */
function counterSignatureTime(counterSignature: Asn1 | undefined): Date | undefined {
  if (counterSignature === undefined) return undefined;
  const attributes = sequence(counterSignature, 'the countersignature').find((field) =>
    isContextTag(field, 0),
  );
  if (attributes === undefined) return undefined;
  for (const attribute of childrenOf(attributes, 'the countersignature attributes')) {
    const [type, values] = sequence(attribute, 'a countersignature attribute');
    if (oid(type, 'a countersignature attribute type') === OID.signingTime) {
      return timeValue(
        set(values, 'the countersignature signingTime')[0],
        'the countersignature signingTime',
      );
    }
  }
  return undefined;
}

/** A timestamp token is a SignedData over a TSTInfo, whose fifth field is genTime (RFC 3161 2.4.2). */
function timestampTokenTime(token: Asn1 | undefined): Date | undefined {
  if (token === undefined) return undefined;
  const [, content] = sequence(token, 'the timestamp token');
  const [, , encapsulated] = sequence(
    explicit(content, 0, 'the timestamp token content'),
    'the timestamp SignedData',
  );
  const [type, tstInfo] = sequence(encapsulated, 'the timestamp encapsulated content');
  if (oid(type, 'the timestamp content type') !== TST_INFO) return undefined;
  const tstInfoBytes = octets(explicit(tstInfo, 0, 'the TSTInfo'), 'the TSTInfo');
  const fields = sequence(decodeExactly(tstInfoBytes, 'TSTInfo'), 'TSTInfo');
  return timeValue(fields[4], 'TSTInfo.genTime');
}
