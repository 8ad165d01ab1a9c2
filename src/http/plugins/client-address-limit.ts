import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UseCaseContext } from '../../application/context.js';
import { problemFor } from '../problem.js';
import { setRateLimitHeaders } from './rate-limit-headers.js';

/**
 * onRequest hook for signed-out routes (docs/api.md, "Rate limits"): each request is counted against
 * the caller's address (an IPv6 one by its /64, domain/client-address.ts), UNAUTHENTICATED_PER_MINUTE
 * in any minute (a sliding window, in a bucket apart from API-key guesses), so sign-in link tokens,
 * invite tokens and share-link tokens cannot be guessed by brute force, and nothing that needs no
 * credential can be hammered for free. It runs before anything else the route does.
 */
export function limitByClientAddress(ctx: UseCaseContext) {
  return async function limitClientAddress(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const limit = await ctx.rateLimiter.forSignedOut(request.ip);
    setRateLimitHeaders(reply, limit);
    if (!limit.allowed) throw problemFor({ code: 'rate_limited', limit });
  };
}

/**
 * For a credential that was refused (an operator token, a scanner session token): the attempt is
 * counted against the caller's address in the bucket of requests without a valid API key
 * (UNAUTHENTICATED_PER_MINUTE), and once that is spent the answer is 429
 * instead of 401, so the credential cannot be guessed. Good credentials are never counted here.
 */
export async function countRefusedCredential(
  ctx: UseCaseContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const limit = await ctx.rateLimiter.forUnauthenticated(request.ip);
  if (!limit.allowed) {
    setRateLimitHeaders(reply, limit);
    throw problemFor({ code: 'rate_limited', limit });
  }
}
