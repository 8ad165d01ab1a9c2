import type { FastifyReply, FastifyRequest } from 'fastify';
import { looksLikeApiKey } from '../../domain/api-key.js';
import type { Permission } from '../../domain/permissions.js';
import { sha256Hex } from '../../lib/crypto.js';
import type { HitResult } from '../../storage/counters/rate-limit-store.js';
import type { KeyPrincipal } from '../../storage/repositories/api-keys.js';
import type { AppDeps } from '../deps.js';
import { problems } from '../problem.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The permission a key needs for this route (spec §5). */
    permission?: Permission;
  }
  interface FastifyRequest {
    principal: KeyPrincipal;
  }
}

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
/** last_used_at is informational; writing it at most once a minute keeps polling read-only. */
const TOUCH_EVERY_MS = 60_000;

function setRateLimitHeaders(reply: FastifyReply, hit: HitResult): number {
  const resetSeconds = Math.max(1, Math.ceil(hit.resetMs / 1000));
  reply.header('x-ratelimit-limit', hit.limit);
  reply.header('x-ratelimit-remaining', hit.remaining);
  reply.header('x-ratelimit-reset', resetSeconds);
  return resetSeconds;
}

/**
 * onRequest hook for the keyed /v1 endpoints, in CONTRACT §3's order: key present and valid (401),
 * rate limit (429), permission (403). Requests without a valid key are counted per client IP, and
 * once that bucket is spent they get 429 too, so keys cannot be guessed by brute force.
 */
export function apiKeyAuth(deps: AppDeps) {
  const { repos, rateLimits, config, clock } = deps;

  return async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const now = clock();
    const raw = request.headers['x-api-key'];
    const sent = typeof raw === 'string' && raw !== '';
    const principal =
      sent && looksLikeApiKey(raw) ? await repos.apiKeys.findPrincipal(sha256Hex(raw)) : undefined;

    if (principal === undefined || principal.revoked) {
      const hit = await rateLimits.hit(`ip:${request.ip}`, config.unauthenticatedPerMinute, MINUTE_MS, now);
      const resetSeconds = setRateLimitHeaders(reply, hit);
      if (!hit.allowed) throw problems.rateLimited(resetSeconds);
      throw sent ? problems.invalidApiKey() : problems.missingApiKey();
    }

    const limit = principal.rateLimitPerHour ?? config.rateLimitPerHour;
    const hit = await rateLimits.hit(`key:${principal.keyId}`, limit, HOUR_MS, now);
    const resetSeconds = setRateLimitHeaders(reply, hit);
    if (!hit.allowed) throw problems.rateLimited(resetSeconds);

    const needed = request.routeOptions.config.permission;
    if (needed !== undefined && !principal.permissions.includes(needed)) {
      throw problems.insufficientPermission(needed);
    }

    request.principal = principal;
    if (principal.lastUsedAt === null || now - principal.lastUsedAt >= TOUCH_EVERY_MS) {
      await repos.apiKeys.touch(principal.keyId, now);
    }
  };
}

/** The key's live account, or 404 account_not_found (spec §7). */
export function requireAccount(request: FastifyRequest): NonNullable<KeyPrincipal['account']> {
  const account = request.principal.account;
  if (account === null) throw problems.accountNotFound();
  return account;
}
