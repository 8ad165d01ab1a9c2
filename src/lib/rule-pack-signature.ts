import { createPrivateKey, createPublicKey, type KeyObject, sign, verify } from 'node:crypto';
import { ed25519 } from '@noble/curves/ed25519.js';
import { publisherKeyId, type RulePack, signedBytes, type UnsignedRulePack } from '../domain/rule-pack.js';

/**
 * Ed25519 keys and signatures of rule packs (docs/rules.md, "Rule packs"). A key is given as PEM
 * (SubjectPublicKeyInfo or PKCS #8, as `openssl genpkey -algorithm ed25519` writes them) or as its 32
 * raw bytes in hexadecimal; a signature is base64url without padding. Both wrap the raw bytes in the
 * fixed DER prefixes of RFC 8410.
 */
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const HEX_32 = /^[0-9a-fA-F]{64}$/;
const SIGNATURE = /^[A-Za-z0-9_-]{86}$/;

/** A publisher's public key as the server keeps it: its raw bytes in hex and its fingerprint. */
export interface PublisherKey {
  publicKey: string;
  keyId: string;
}

/**
 * The public key in `text` (PEM or 64 hex characters), or the reason it cannot be a publisher's key.
 * Verifiers accept a signature under a small-order key without any secret, so a key must be a
 * canonical point of the prime-order subgroup, as every key made from a secret is (lib/discord-signature.ts
 * explains the same check for Discord's key).
 */
export function parsePublicKey(text: string): PublisherKey | { problem: string } {
  const trimmed = text.trim();
  let raw: Buffer;
  if (HEX_32.test(trimmed)) raw = Buffer.from(trimmed, 'hex');
  else if (trimmed.startsWith('-----BEGIN PUBLIC KEY-----')) {
    let key: KeyObject;
    try {
      key = createPublicKey({ key: trimmed, format: 'pem' });
    } catch {
      return { problem: 'is not a readable PEM public key.' };
    }
    if (key.asymmetricKeyType !== 'ed25519') return { problem: 'is not an Ed25519 key.' };
    raw = key.export({ format: 'der', type: 'spki' }).subarray(SPKI_PREFIX.length);
  } else
    return {
      problem:
        'must be an Ed25519 public key in PEM ("-----BEGIN PUBLIC KEY-----") or its 32 bytes in hexadecimal.',
    };
  try {
    const point = ed25519.Point.fromHex(raw.toString('hex'), false);
    if (point.isSmallOrder() || !point.isTorsionFree())
      return {
        problem: 'is a weak Ed25519 key (small order), under which signatures verify without any secret.',
      };
  } catch {
    return {
      problem: 'is not a valid Ed25519 public key (not a point on the curve in its canonical encoding).',
    };
  }
  return { publicKey: raw.toString('hex'), keyId: publisherKeyId(raw) };
}

/** The private key in `text` (PEM PKCS #8 or the 32-byte seed in hexadecimal), or an error saying what it is not. */
export function parsePrivateKey(text: string): KeyObject {
  const trimmed = text.trim();
  let key: KeyObject;
  try {
    key = HEX_32.test(trimmed)
      ? createPrivateKey({
          key: Buffer.concat([PKCS8_PREFIX, Buffer.from(trimmed, 'hex')]),
          format: 'der',
          type: 'pkcs8',
        })
      : createPrivateKey({ key: trimmed, format: 'pem' });
  } catch {
    throw new Error(
      'The private key must be an Ed25519 key in PEM ("-----BEGIN PRIVATE KEY-----") or its 32-byte seed in hexadecimal.',
    );
  }
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('The private key is not an Ed25519 key.');
  return key;
}

/** The public half of a private key, as a publisher gives it to operators. */
export function publicKeyOf(privateKey: KeyObject): PublisherKey & { pem: string } {
  const pub = createPublicKey(privateKey);
  const raw = pub.export({ format: 'der', type: 'spki' }).subarray(SPKI_PREFIX.length);
  return {
    publicKey: raw.toString('hex'),
    keyId: publisherKeyId(raw),
    pem: pub.export({ format: 'pem', type: 'spki' }).toString(),
  };
}

/** The pack signed with `privateKey`; its publisher's key id is set to that key's, whatever it said. */
export function signPack(
  pack: Omit<UnsignedRulePack, 'publisher'> & { publisher: { name: string } },
  privateKey: KeyObject,
): RulePack {
  const { keyId } = publicKeyOf(privateKey);
  const unsigned: UnsignedRulePack = {
    format: pack.format,
    publisher: { name: pack.publisher.name, keyId },
    name: pack.name,
    version: pack.version,
    rules: pack.rules,
  };
  const signature = sign(null, signedBytes(unsigned), privateKey).toString('base64url');
  return { ...unsigned, signature };
}

/** Whether the pack's signature is the signature of its canonical form under `publicKey` (hex). */
export function verifyPack(pack: RulePack, publicKey: string): boolean {
  if (!SIGNATURE.test(pack.signature) || !HEX_32.test(publicKey)) return false;
  try {
    const key = createPublicKey({
      key: Buffer.concat([SPKI_PREFIX, Buffer.from(publicKey, 'hex')]),
      format: 'der',
      type: 'spki',
    });
    const signature = Buffer.from(pack.signature, 'base64url');
    // 86 characters carry 516 bits for the signature's 512: the last one's 4 spare bits are ignored
    // by the decoder, so 16 spellings of one signature would verify. Only its one canonical spelling
    // is accepted, so any character changed anywhere in a pack is refused (docs/rules.md).
    if (signature.toString('base64url') !== pack.signature) return false;
    return verify(null, signedBytes(pack), key, signature);
  } catch {
    return false;
  }
}
