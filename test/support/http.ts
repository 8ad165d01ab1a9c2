import { STATUS_CODES } from 'node:http';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** docs/api.md: ISO 8601 UTC with milliseconds. */
export const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
/** docs/api.md: 8 characters without 0, 1, I and O. */
export const PIN_CODE = /^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{8}$/;

/** A clock tests can move; starts on a whole second plus 123 ms so millisecond formatting shows. */
export interface FakeClock {
  (): number;
  advance(ms: number): void;
  set(ms: number): void;
}

export function fakeClock(start = Math.floor(Date.now() / 1000) * 1000 + 123): FakeClock {
  let now = start;
  const clock = (() => now) as FakeClock;
  clock.advance = (ms) => {
    now += ms;
  };
  clock.set = (ms) => {
    now = ms;
  };
  return clock;
}

/** Signs of a leaked stack trace, SQL or server path in a body. */
export function expectNoLeak(body: string): void {
  expect(body).not.toMatch(/\n\s+at /);
  expect(body).not.toMatch(/\bat .+\.(ts|js):\d+/);
  expect(body).not.toMatch(/node_modules|\/work\/|\/src\/|file:\/\//);
  expect(body).not.toMatch(/\b(select|insert|update|delete) .+\b(from|into|set)\b/i);
  expect(body).not.toMatch(/SQLITE_|sqlite3|postgres|kysely|stack/i);
}

/**
 * The response is an RFC 9457 problem (docs/api.md, "Errors") with this status and code: exact key set,
 * `application/problem+json`, an `x-request-id`, and nothing that leaks internals.
 */
export function expectProblem(res: LightMyRequestResponse, status: number, code: string): void {
  const body = res.json<Record<string, unknown>>();
  expect({ status: res.statusCode, code: body.code }, res.body).toEqual({ status, code });
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json(;|$)/);
  expect(Object.keys(body).sort()).toEqual(['code', 'detail', 'status', 'title', 'type']);
  expect(body.type).toBe('about:blank');
  expect(body.title).toBe(STATUS_CODES[status]);
  expect(body.status).toBe(status);
  expect(typeof body.detail).toBe('string');
  expect((body.detail as string).length).toBeGreaterThan(0);
  expectRequestId(res);
  expectNoLeak(res.body);
}

export function expectRequestId(res: LightMyRequestResponse): void {
  expect(res.headers['x-request-id']).toMatch(/^[A-Za-z0-9._:-]{1,64}$/);
}

export interface RateLimitHeaders {
  limit: number;
  remaining: number;
  reset: number;
}

/** The three rate-limit headers (docs/api.md), checked for shape (integers; reset whole seconds ≥ 1) and returned. */
export function rateLimitHeaders(res: LightMyRequestResponse): RateLimitHeaders {
  const raw = {
    limit: res.headers['x-ratelimit-limit'],
    remaining: res.headers['x-ratelimit-remaining'],
    reset: res.headers['x-ratelimit-reset'],
  };
  for (const value of Object.values(raw)) expect(value, JSON.stringify(raw)).toMatch(/^\d+$/);
  const parsed = {
    limit: Number(raw.limit),
    remaining: Number(raw.remaining),
    reset: Number(raw.reset),
  };
  expect(parsed.reset).toBeGreaterThanOrEqual(1);
  expect(parsed.remaining).toBeLessThanOrEqual(parsed.limit);
  return parsed;
}

/** A well-formed PIN code that no test has created (the odds of a clash are about 1 in 10^12). */
export function unusedPinCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let code = '';
  for (let i = 0; i < 8; i++) code += alphabet[Math.floor(Math.random() * alphabet.length)];
  return code;
}

/** A key of the right shape that was never issued. */
export function unissuedKey(): string {
  const base62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  let key = 'sp_';
  for (let i = 0; i < 40; i++) key += base62[Math.floor(Math.random() * base62.length)];
  return key;
}
