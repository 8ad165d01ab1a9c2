import { looksLikeApiKey } from '../../domain/api-key.js';
import type { Permission } from '../../domain/permissions.js';
import type { KeyCaller } from '../callers.js';
import type { UseCaseContext } from '../context.js';
import type { Failure } from '../failures.js';
import type { RateLimitDecision } from '../rate-limits.js';
import type { Admission } from '../stream-admission.js';
import { keyHashOf, rememberKeyHash } from './key-hash-memo.js';

export interface KeyPresented {
  /** The x-api-key header as sent, if any. */
  rawKey: string | undefined;
  /**
   * The client's address, for counting requests that carry no valid key; asked only then, since
   * reading it is a system call (getpeername) on every request otherwise.
   */
  ip: () => string;
  /** What the endpoint needs (docs/api.md, "Authentication"). */
  permission: Permission | undefined;
}

/**
 * Every outcome carries the rate-limit decision it was counted under, since refused answers carry
 * the rate-limit headers too (docs/api.md, "Rate limits").
 */
export type KeyOutcome =
  | { ok: true; caller: KeyCaller; limit: RateLimitDecision }
  | { ok: false; failure: Failure; limit: RateLimitDecision };

/** last_used_at is informational; writing it at most once a minute keeps polling read-only. */
const TOUCH_EVERY_MS = 60_000;

/**
 * The keyed /v1 API's gate, in the published order: key present and valid (401), rate limit (429),
 * permission (403). Requests without a valid key are counted per client IP, and once that bucket is
 * spent they get 429 too, so keys cannot be guessed by brute force.
 */
export async function authenticateKey(ctx: UseCaseContext, request: KeyPresented): Promise<KeyOutcome> {
  const { rawKey } = request;
  const sent = rawKey !== undefined && rawKey !== '';
  const keyHash = sent && looksLikeApiKey(rawKey) ? keyHashOf(rawKey) : undefined;
  const principal = keyHash === undefined ? undefined : await ctx.keyPrincipals.find(keyHash);

  if (principal === undefined || principal.revoked) {
    const limit = await ctx.rateLimiter.forUnauthenticated(request.ip());
    if (!limit.allowed) return { ok: false, failure: { code: 'rate_limited', limit }, limit };
    return { ok: false, failure: { code: sent ? 'invalid_api_key' : 'missing_api_key' }, limit };
  }

  if (keyHash !== undefined) rememberKeyHash(rawKey as string, keyHash);
  const limit = await ctx.rateLimiter.forKey(principal);
  if (!limit.allowed) return { ok: false, failure: { code: 'rate_limited', limit }, limit };

  const needed = request.permission;
  if (needed !== undefined && !principal.permissions.includes(needed)) {
    return { ok: false, failure: { code: 'insufficient_permission', permission: needed }, limit };
  }

  const now = ctx.clock();
  if (principal.lastUsedAt === null || now - principal.lastUsedAt >= TOUCH_EVERY_MS) {
    await ctx.repos.apiKeys.touch(principal.keyId, now);
    if (keyHash !== undefined) ctx.keyPrincipals.touched(keyHash, now);
  }
  return {
    ok: true,
    caller: {
      keyId: principal.keyId,
      accountId: principal.accountId,
      permissions: principal.permissions,
      account: principal.account,
    },
    limit,
  };
}

/**
 * Whether a key let in earlier would still be let in (the gate above, without counting a request):
 * its event streams end once it is revoked, on whichever instance (every change to keys is announced
 * to all, application/access/key-principals.ts).
 */
export function keyAdmission(ctx: UseCaseContext, caller: KeyCaller): Admission {
  return {
    admittedUntil: async () =>
      (await ctx.repos.apiKeys.isLive(caller.keyId)) ? Number.POSITIVE_INFINITY : null,
    followEnds: (ended) => ctx.keyPrincipals.followChanges(ended),
  };
}
