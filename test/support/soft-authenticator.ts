import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

/**
 * A software WebAuthn authenticator for tests (W3C WebAuthn Level 2, §6.1 authenticator data, §6.5
 * attestation objects, §8.7 'none' attestation; COSE keys per RFC 9053): one P-256 (ES256) key,
 * answers made with node:crypto. It signs whatever origin and challenge it is given, so a test can
 * also make the answers a real browser never would (another origin, a counter that went back).
 */

const b64u = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

/** The little of CBOR (RFC 8949) these structures need: unsigned/negative ints, bytes, text, maps. */
function cbor(value: number | string | Uint8Array | Map<number | string, unknown>): Buffer {
  const head = (major: number, n: number): Buffer => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
    if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
    const b = Buffer.alloc(5);
    b[0] = (major << 5) | 26;
    b.writeUInt32BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  const parts = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v as never));
  return Buffer.concat(parts);
}

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

function counterBytes(counter: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(counter, 0);
  return b;
}

export interface SoftCredential {
  credentialId: Buffer;
  privateKey: KeyObject;
  /** The user handle the server gave at registration (base64url). */
  userHandle: string;
  counter: number;
}

interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}

interface RequestOptions {
  challenge: string;
  rpId?: string;
}

/**
 * Makes the credential a browser would for `options`, and the RegistrationResponseJSON it sends; the
 * user is verified unless `userVerified` is false (a security key without a PIN).
 */
export function createCredential(
  options: CreationOptions,
  at: { origin: string; rpId?: string; counter?: number; userVerified?: boolean },
): { credential: SoftCredential; response: Record<string, unknown> } {
  const rpId = at.rpId ?? options.rp.id ?? new URL(at.origin).hostname;
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const coseKey = cbor(
    new Map<number, unknown>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x ?? '', 'base64url')],
      [-3, Buffer.from(jwk.y ?? '', 'base64url')],
    ]),
  );
  const credentialId = randomBytes(32);
  const counter = at.counter ?? 0;
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(credentialId.length, 0);
  const authData = Buffer.concat([
    sha256(rpId),
    Buffer.from([UP | (at.userVerified === false ? 0 : UV) | AT]),
    counterBytes(counter),
    Buffer.alloc(16), // AAGUID: none
    idLength,
    credentialId,
    coseKey,
  ]);
  const attestationObject = cbor(
    new Map<string, unknown>([
      ['fmt', 'none'],
      ['attStmt', new Map()],
      ['authData', authData],
    ]),
  );
  const clientDataJSON = Buffer.from(
    JSON.stringify({
      type: 'webauthn.create',
      challenge: options.challenge,
      origin: at.origin,
      crossOrigin: false,
    }),
  );
  return {
    credential: { credentialId, privateKey, userHandle: options.user.id, counter },
    response: {
      id: b64u(credentialId),
      rawId: b64u(credentialId),
      type: 'public-key',
      response: {
        clientDataJSON: b64u(clientDataJSON),
        attestationObject: b64u(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    },
  };
}

/**
 * Signs `options`' challenge with the credential, as navigator.credentials.get() would, and returns
 * the AuthenticationResponseJSON. The counter moves on by one unless `counter` says otherwise; the
 * user is verified (the UV flag, as after a PIN or a fingerprint) unless `userVerified` is false.
 */
export function assert(
  credential: SoftCredential,
  options: RequestOptions,
  at: { origin: string; rpId?: string; counter?: number; userVerified?: boolean },
): Record<string, unknown> {
  const rpId = at.rpId ?? options.rpId ?? new URL(at.origin).hostname;
  const counter = at.counter ?? credential.counter + 1;
  credential.counter = Math.max(credential.counter, counter);
  const authData = Buffer.concat([
    sha256(rpId),
    Buffer.from([UP | (at.userVerified === false ? 0 : UV)]),
    counterBytes(counter),
  ]);
  const clientDataJSON = Buffer.from(
    JSON.stringify({
      type: 'webauthn.get',
      challenge: options.challenge,
      origin: at.origin,
      crossOrigin: false,
    }),
  );
  const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
  return {
    id: b64u(credential.credentialId),
    rawId: b64u(credential.credentialId),
    type: 'public-key',
    response: {
      clientDataJSON: b64u(clientDataJSON),
      authenticatorData: b64u(authData),
      signature: b64u(signature),
      userHandle: credential.userHandle,
    },
    clientExtensionResults: {},
  };
}
