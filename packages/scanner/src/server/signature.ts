import { createHash, createHmac } from 'node:crypto';

/**
 * Who the scanner says it is on every call (docs/scan-client.md, "Official builds"): an official build
 * carries its registered client id and key; a run from source is the `development` client and signs
 * nothing.
 */
export type ClientIdentity =
  | { kind: 'registered'; clientId: string; key: Uint8Array }
  | { kind: 'development' };

export const DEVELOPMENT: ClientIdentity = { kind: 'development' };

/** What one call signs: everything that would change its meaning if an attacker changed it. */
export interface SignedCall {
  method: string;
  /** The URL path as requested, without its query string. */
  path: string;
  /** Unix time in whole seconds, on the server's clock as far as the scanner knows it. */
  timestamp: number;
  /** The session's Bearer token; null for the call that starts the session. */
  sessionToken: string | null;
  /** The body exactly as it goes on the wire (the gzip bytes of a compressed upload). */
  body: Uint8Array;
}

const sha256Hex = (data: Uint8Array | string): string => createHash('sha256').update(data).digest('hex');

/** The string a registered client signs (docs/scan-client.md, "Official builds"). */
export function canonicalString(call: SignedCall): string {
  return [
    'scanpin-signature-v1',
    call.method.toUpperCase(),
    call.path,
    String(call.timestamp),
    call.sessionToken === null ? '-' : sha256Hex(call.sessionToken),
    sha256Hex(call.body),
  ].join('\n');
}

/** The headers that say who is calling, and for a registered client, its signature of the call. */
export function identityHeaders(identity: ClientIdentity, call: SignedCall): Record<string, string> {
  if (identity.kind === 'development') return { 'scanpin-client': 'development' };
  const signature = createHmac('sha256', identity.key)
    .update(canonicalString(call), 'utf8')
    .digest('base64url');
  return {
    'scanpin-client': identity.clientId,
    'scanpin-timestamp': String(call.timestamp),
    'scanpin-signature': `v1=${signature}`,
  };
}
