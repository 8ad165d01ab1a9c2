import type { ClientKind } from '../../domain/assurance.js';
import type { Pin } from '../../domain/pin.js';
import {
  claimedClientOf,
  clientStatus,
  type ScannerClient,
  type SignatureRefusal,
  startedKindOf,
} from '../../domain/scanner-clients.js';
import {
  parseSignatureHeader,
  replayDigest,
  replayMemoryUntil,
  sessionPart,
  signatureMatches,
  timestampRefusal,
} from '../../domain/scanner-signature.js';
import type { ClientWithKey } from '../../storage/repositories/scanner-clients.js';
import type { UseCaseContext } from '../context.js';
import { refuse } from '../failures.js';
import { refuseUnlessAccepted, scannerDownloadUrl } from './accepted-kinds.js';
import { openedKey } from './client-keys.js';

/*
 * Who is calling the scanner API (docs/scanner.md, "Signed calls"). Every scanner call is identified
 * from its headers before its body is read: an unknown client id, a retired build and a kind the
 * operator does not accept are refused then, at no cost. A registered client's signature covers the
 * body, so it is checked once the body is read (verifySignedCall), and remembered so it is good once.
 */

/** The caller of a scanner call, as the server knows it. */
export interface ScannerCaller {
  kind: ClientKind;
  /** scanner_clients.id of a registered client; null for development and unverified callers. */
  clientId: number | null;
  /** The registered client's name; null otherwise. */
  name: string | null;
}

/** The headers a scanner call identifies itself with, as sent. */
export interface ScannerCallHeaders {
  client: string | undefined;
  timestamp: string | undefined;
  signature: string | undefined;
}

/** A registered client's call whose signature is checked once its body has been read. */
export interface PendingSignature {
  client: ScannerClient;
  key: Buffer;
  timestamp: string;
  signature: Buffer;
}

export interface IdentifiedCall {
  caller: ScannerCaller;
  /** null for unsigned callers (development, unverified), which have nothing more to check. */
  pending: PendingSignature | null;
}

/** A client that has made a call within this long is not written to again for its last use. */
const LAST_USED_EVERY_MS = 60_000;

function refuseSignature(reason: SignatureRefusal): never {
  refuse({ code: 'invalid_client_signature', reason });
}

function unsigned(ctx: UseCaseContext, kind: ClientKind): IdentifiedCall {
  refuseUnlessAccepted(ctx, kind);
  return { caller: { kind, clientId: null, name: null }, pending: null };
}

/** A registered client's call: live, accepted, and carrying a fresh timestamp and a signature. */
function registered(ctx: UseCaseContext, found: ClientWithKey, headers: ScannerCallHeaders): IdentifiedCall {
  const { client } = found;
  const status = clientStatus(client, ctx.clock());
  if (status !== 'active') {
    refuse({ code: 'scanner_client_retired', status, downloadUrl: scannerDownloadUrl(ctx) });
  }
  refuseUnlessAccepted(ctx, client.kind);
  const stale = timestampRefusal(headers.timestamp, ctx.clock());
  if (stale !== null) refuseSignature(`${stale}_timestamp`);
  if (headers.signature === undefined || headers.signature === '') refuseSignature('missing_signature');
  const signature = parseSignatureHeader(headers.signature);
  if (signature === null) refuseSignature('bad_signature');
  return {
    caller: { kind: client.kind, clientId: client.id, name: client.name },
    pending: {
      client,
      key: openedKey(ctx.scannerClientKeys, found.keySealed),
      timestamp: headers.timestamp as string,
      signature,
    },
  };
}

/** `/v1/scanner/start`: the kind the caller claims, proved by its signature if it names a registered client. */
export async function identifyStart(
  ctx: UseCaseContext,
  headers: ScannerCallHeaders,
): Promise<IdentifiedCall> {
  const claimed = claimedClientOf(headers.client);
  switch (claimed.kind) {
    case 'unverified':
    case 'development':
      return unsigned(ctx, claimed.kind);
    case 'malformed':
      return refuseSignature('unknown_client');
    case 'registered': {
      const found = await ctx.repos.scannerClients.findByClientId(claimed.clientId);
      if (found === undefined) refuseSignature('unknown_client');
      return registered(ctx, found, headers);
    }
  }
}

/**
 * A session call (progress, finish, fail, evidence): the client is the one the scan started with,
 * whatever this call's headers say. A session a registered client started must be signed by that
 * client on every call; one started unsigned stays development or unverified.
 */
export async function identifySessionCall(
  ctx: UseCaseContext,
  pin: Pin,
  headers: ScannerCallHeaders,
): Promise<IdentifiedCall> {
  const started = await sessionClientOf(ctx, pin.id);
  const kind = startedKindOf(started?.clientKind ?? null);
  if (kind !== 'official' && kind !== 'third-party') return unsigned(ctx, kind);
  // A registered kind always has its client row (rows are never deleted); without one, trust nothing.
  const client = started?.registered;
  if (client == null) return unsigned(ctx, 'unverified');
  if (headers.client !== client.client.clientId) refuseSignature('other_client');
  return registered(ctx, client, headers);
}

/**
 * A session's client is fixed at its start, so a scan's calls (a start, progress every few seconds,
 * the upload) read it once per this many milliseconds, not on every call. A client revoked or expired
 * meanwhile is refused from the next read on: within this long (docs/operations.md, "Scanner clients").
 */
export const SESSION_CLIENT_KEPT_MS = 10_000;
const SESSION_CLIENTS_KEPT = 10_000;
type SessionClientRow = Awaited<ReturnType<UseCaseContext['repos']['scannerClients']['sessionClient']>>;
const sessionClients = new WeakMap<object, Map<number, { row: SessionClientRow; at: number }>>();

async function sessionClientOf(ctx: UseCaseContext, pinId: number): Promise<SessionClientRow> {
  let kept = sessionClients.get(ctx.repos);
  if (kept === undefined) {
    kept = new Map();
    sessionClients.set(ctx.repos, kept);
  }
  const now = ctx.clock();
  const known = kept.get(pinId);
  if (known !== undefined && now - known.at < SESSION_CLIENT_KEPT_MS) return known.row;
  const row = await ctx.repos.scannerClients.sessionClient(pinId);
  // Bounded: the oldest entry goes first (a Map keeps insertion order).
  if (kept.size >= SESSION_CLIENTS_KEPT) kept.delete(kept.keys().next().value as number);
  kept.delete(pinId);
  kept.set(pinId, { row, at: now });
  return row;
}

/** What the signature of a call covers besides its headers. */
export interface SignedRequest {
  method: string;
  /** The request path as sent, without its query string. */
  path: string;
  /** The session token of a session call; null for /start. */
  sessionToken: string | null;
  /** Lowercase hex SHA-256 of the body bytes as they arrived. */
  bodyDigest: string;
}

/**
 * Checks a registered client's signature over the whole request, then remembers it on the store so
 * the same call is refused if it comes again, on any instance, until its timestamp is stale.
 */
/** A signature to remember, written by the call's own transaction (progress: report-progress.ts). */
export interface SignatureToRemember {
  digest: string;
  until: number;
}

/**
 * Checks a registered client's signature. Each signature is accepted once, on every instance
 * (docs/scanner.md, "Signed calls"):
 * - a progress call, the one call a scan makes again and again, has its signature remembered on the
 *   store until its timestamp is stale, in the call's own transaction ('with-the-call': the caller
 *   writes it; a commit of its own would cost more than the check);
 * - every other call moves the scan one way only, once ('by-the-lifecycle'): a start takes a waiting
 *   PIN, and an upload, a report or a failure closes the scan, so the same call again meets the
 *   refusal any second attempt meets (`pin_already_used`, `scan_closed`), on every instance;
 * - 'now' remembers it in a commit of its own (for calls that are neither).
 */
export async function verifySignedCall(
  ctx: UseCaseContext,
  pending: PendingSignature,
  request: SignedRequest,
  remember: 'now' | 'with-the-call' | 'by-the-lifecycle' = 'now',
): Promise<SignatureToRemember | null> {
  const parts = {
    method: request.method,
    path: request.path,
    timestamp: pending.timestamp,
    session: sessionPart(request.sessionToken),
    body: request.bodyDigest,
  };
  if (!signatureMatches(pending.key, parts, pending.signature)) refuseSignature('bad_signature');
  const toRemember = {
    digest: replayDigest(pending.client.clientId, pending.signature),
    until: replayMemoryUntil(pending.timestamp),
  };
  await touchNowAndThen(ctx, pending);
  if (remember === 'with-the-call') return toRemember;
  if (remember === 'by-the-lifecycle') return null;
  // Not flushed on its own: a crash in the next moments could forget a signature of the last few
  // seconds, which a replay would have to send again within the window (docs/scanner.md, "Signed calls").
  const first = await ctx.transaction(
    (repos) => repos.scannerClients.rememberSignature(toRemember.digest, toRemember.until),
    { durable: false },
  );
  if (!first) refuseSignature('replayed');
  return null;
}

/** Refuses a call whose signature was remembered already: its own transaction rolls back with it. */
export async function rememberWithTheCall(
  repos: Pick<UseCaseContext['repos'], 'scannerClients'>,
  signature: SignatureToRemember,
): Promise<void> {
  if (!(await repos.scannerClients.rememberSignature(signature.digest, signature.until)))
    refuseSignature('replayed');
}

/** A client's last use, written about once a minute. */
async function touchNowAndThen(ctx: UseCaseContext, pending: PendingSignature): Promise<void> {
  const now = ctx.clock();
  const lastUsed = pending.client.lastUsedAt;
  if (lastUsed === null || now - lastUsed >= LAST_USED_EVERY_MS) {
    await ctx.repos.scannerClients.touch(pending.client.id, now);
    // The session's client row is kept for a few seconds (sessionClientOf): it is touched once.
    (pending.client as { lastUsedAt: number | null }).lastUsedAt = now;
  }
}

/** Forgets accepted signatures whose timestamps have left the window (background job). */
export function forgetStaleSignatures(ctx: UseCaseContext): Promise<number> {
  return ctx.repos.scannerClients.forgetSignatures(ctx.clock());
}
