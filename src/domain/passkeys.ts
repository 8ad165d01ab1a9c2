import { firstUnprintable } from './printable-text.js';

/**
 * The rules of passkeys (docs/dashboard.md, "Passkeys"): whom a passkey is for, how long a ceremony
 * may take, what a passkey may be called, and which addresses can have passkeys at all.
 */

/** From asking for a challenge to answering it: a person has this long to touch their authenticator. */
export const PASSKEY_CEREMONY_TTL_MS = 5 * 60_000;

/** A person keeps a few passkeys (a phone, a laptop, a security key), not an unbounded list. */
export const MAX_PASSKEYS_PER_ACCOUNT = 20;

export const PASSKEY_NAME_MAX = 60;
export const ACCOUNT_NAME_MAX = 100;

const tidy = (raw: string, max: number) => raw.replace(/\s+/g, ' ').trim().slice(0, max);

/** The name shown in Settings: the person's, trimmed, or what the authenticator is when they gave none. */
export function passkeyName(raw: string | undefined, fallback = 'Passkey'): string {
  const name = tidy(raw ?? '', PASSKEY_NAME_MAX);
  return name === '' ? fallback : name;
}

/**
 * Why a name given to a passkey or taken by a new member cannot be used, or null. Names are shown in
 * Settings, the members list, the CLI and the audit trail, so they are printable text (whitespace is
 * made single spaces first).
 */
export function personalNameProblem(field: string, raw: string | undefined): string | null {
  const found = firstUnprintable(tidy(raw ?? '', Number.POSITIVE_INFINITY));
  return found === null ? null : `${field} holds the control character ${found}; a name is printable text.`;
}

/** The name a person joining with a passkey gives themselves: whitespace made single spaces, trimmed. */
export function newMemberName(raw: string): string {
  return tidy(raw, ACCOUNT_NAME_MAX);
}

/** The relying party: whose passkeys these are, and the one origin a browser may use them from. */
export interface RelyingParty {
  /** The WebAuthn RP ID: PUBLIC_URL's host name. */
  id: string;
  /** PUBLIC_URL's origin: the only origin a ceremony's client data may name. */
  origin: string;
  name: string;
}

/**
 * The relying party of a server whose public address is `publicUrl`, or undefined when browsers
 * refuse passkeys there: WebAuthn takes a domain as RP ID, never an IP address, and only on a secure
 * origin (https://, or http:// on localhost).
 */
export function relyingPartyOf(publicUrl: string): RelyingParty | undefined {
  let url: URL;
  try {
    url = new URL(publicUrl);
  } catch {
    return undefined;
  }
  const host = url.hostname;
  if (host === '' || /^[\d.]+$/.test(host) || host.startsWith('[')) return undefined;
  const local = host === 'localhost' || host.endsWith('.localhost');
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) return undefined;
  return { id: host, origin: url.origin, name: 'scanpin' };
}
