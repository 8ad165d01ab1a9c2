import type { FastifyReply } from 'fastify';
import type { RateLimitDecision } from '../../application/rate-limits.js';

/**
 * The same three headers on every limited answer, refusals included (docs/api.md, "Rate limits");
 * a 429's Retry-After comes with its problem (http/problem.ts).
 */
export function setRateLimitHeaders(reply: FastifyReply, limit: RateLimitDecision): void {
  reply.header('x-ratelimit-limit', limit.limit);
  reply.header('x-ratelimit-remaining', limit.remaining);
  reply.header('x-ratelimit-reset', limit.resetSeconds);
}
