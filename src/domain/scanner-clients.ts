import { CLIENT_KINDS, type ClientKind } from './assurance.js';

/**
 * The rules of known scanner clients (docs/operations.md, "Scanner clients"; docs/scanner.md,
 * "Signed calls"): which kinds there are, which ones an operator accepts, and when a registered
 * client is retired. Pure.
 */

/** The kinds a registered client can have; `development` and `unverified` are never registered. */
export const REGISTERED_KINDS = ['official', 'third-party'] as const satisfies readonly ClientKind[];
export type RegisteredKind = (typeof REGISTERED_KINDS)[number];

/** The public id a registered client sends as `Scanpin-Client`: `spc_` and 24 base62 characters. */
export const CLIENT_ID_PATTERN = '^spc_[0-9A-Za-z]{24}$';
const CLIENT_ID = new RegExp(CLIENT_ID_PATTERN);
export const CLIENT_ID_PREFIX = 'spc_';
export const CLIENT_ID_RANDOM_LENGTH = 24;
/** A client key is 32 random bytes. */
export const CLIENT_KEY_BYTES = 32;

/** What the scanner run from source sends as `Scanpin-Client`, unsigned. */
export const DEVELOPMENT_CLIENT_HEADER = 'development';

/** A registered client as the operator sees it: never its key. */
export interface ScannerClient {
  /** The row id, which the operator API and the scan's pin row use. */
  id: number;
  /** The public id the client sends. */
  clientId: string;
  name: string;
  kind: RegisteredKind;
  version: string | null;
  platform: string | null;
  createdAt: number;
  expiresAt: number | null;
  revokedAt: number | null;
  lastUsedAt: number | null;
}

export type ClientStatus = 'active' | 'expired' | 'revoked';

/** Revoked at once; expired from its expiry on (a retired build keeps working until its grace ends). */
export function clientStatus(
  client: Pick<ScannerClient, 'expiresAt' | 'revokedAt'>,
  now: number,
): ClientStatus {
  if (client.revokedAt !== null) return 'revoked';
  if (client.expiresAt !== null && client.expiresAt <= now) return 'expired';
  return 'active';
}

/** Who a call's `Scanpin-Client` header says it is, before anything is looked up. */
export type ClaimedClient =
  | { kind: 'unverified' }
  | { kind: 'development' }
  | { kind: 'registered'; clientId: string }
  /** A header that is neither `development` nor a well-formed client id: an unknown client. */
  | { kind: 'malformed' };

export function claimedClientOf(header: string | undefined): ClaimedClient {
  if (header === undefined || header === '') return { kind: 'unverified' };
  if (header === DEVELOPMENT_CLIENT_HEADER) return { kind: 'development' };
  return CLIENT_ID.test(header) ? { kind: 'registered', clientId: header } : { kind: 'malformed' };
}

/** `any` is every kind. */
export const ACCEPT_ANY = 'any';

export type AcceptParse = { ok: true; kinds: readonly ClientKind[] } | { ok: false; unknown: string[] };

/**
 * SCANNER_ACCEPT: a comma-separated subset of the kinds, or `any`. An unknown word is refused (the
 * start-up says which), never ignored: a typo in `official` must not open the server to every client.
 */
export function parseScannerAccept(value: string): AcceptParse {
  const words = value
    .split(',')
    .map((w) => w.trim().toLowerCase())
    .filter((w) => w !== '');
  if (words.length === 0) return { ok: false, unknown: [value] };
  if (words.includes(ACCEPT_ANY)) {
    const others = words.filter((w) => w !== ACCEPT_ANY && !(CLIENT_KINDS as readonly string[]).includes(w));
    return others.length > 0 ? { ok: false, unknown: others } : { ok: true, kinds: CLIENT_KINDS };
  }
  const unknown = words.filter((w) => !(CLIENT_KINDS as readonly string[]).includes(w));
  if (unknown.length > 0) return { ok: false, unknown };
  return { ok: true, kinds: CLIENT_KINDS.filter((k) => words.includes(k)) };
}

/**
 * The official builds a new release retires: every official client made before `current` that is
 * still live and would otherwise stay so past `retireAt`. A build already set to expire sooner keeps
 * its earlier date; a revoked one is left as it is.
 */
export function clientsToRetire(
  clients: readonly ScannerClient[],
  current: Pick<ScannerClient, 'id' | 'createdAt'>,
  retireAt: number,
): ScannerClient[] {
  return clients.filter(
    (c) =>
      c.kind === 'official' &&
      c.id !== current.id &&
      (c.createdAt < current.createdAt || (c.createdAt === current.createdAt && c.id < current.id)) &&
      c.revokedAt === null &&
      (c.expiresAt === null || c.expiresAt > retireAt),
  );
}

/** The client a scan started with, as its pin row keeps it. */
export interface StartedClient {
  kind: ClientKind;
  /** scanner_clients.id, for a registered client; null otherwise. */
  scannerClientId: number | null;
}

/** A pin row's kind: scans started before kinds were kept are `unverified`. */
export function startedKindOf(stored: string | null): ClientKind {
  return (CLIENT_KINDS as readonly string[]).includes(stored ?? '') ? (stored as ClientKind) : 'unverified';
}

/** A manifest entry's target (`npm run build:scanner`): the platforms a build is made for. */
export const BUILD_PLATFORMS = ['linux-x64', 'win-x64'] as const;

/**
 * Why a call is refused as `invalid_client_signature`; the problem's detail says it in words and
 * never echoes the signature or the key.
 */
export type SignatureRefusal =
  | 'unknown_client'
  | 'missing_timestamp'
  | 'malformed_timestamp'
  | 'stale_timestamp'
  | 'missing_signature'
  | 'bad_signature'
  | 'replayed'
  /** A session started by a registered client, called by another client or unsigned. */
  | 'other_client';
