import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { expectProblem, fakeClock, rateLimitHeaders } from '../support/http.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/*
 * The per-address buckets (docs/api.md, "Rate limits"): requests without a valid key, refused
 * credentials, the signed-out routes and scan starts. Their windows slide, so no 60 seconds hold more
 * than the limit, across what a fixed window's end would have been too; Retry-After is the truth; and
 * an IPv6 client is counted by its /64, an IPv4-mapped address as its IPv4 address.
 */

const LIMIT = 3;

interface Family {
  name: string;
  /** The status an answer that was not limited has. */
  status: number;
  /** Whether that answer carries the bucket's headers (a refused credential's 401 does not). */
  headers: boolean;
  send(t: TestApp, remoteAddress: string): Promise<LightMyRequestResponse>;
}

const families: Family[] = [
  {
    name: 'requests without an API key',
    status: 401,
    headers: true,
    send: (t, remoteAddress) => t.api('GET', '/v1/pins/A7K3M2P9/status', { remoteAddress }),
  },
  {
    name: 'refused operator tokens',
    status: 401,
    headers: false,
    send: (t, remoteAddress) =>
      t.api('GET', '/admin/v1/accounts/1', { headers: { 'x-admin-token': 'wrong-token' }, remoteAddress }),
  },
  {
    name: 'signed-out routes',
    status: 200,
    headers: true,
    send: (t, remoteAddress) => t.api('GET', '/app/api/auth/options', { remoteAddress }),
  },
  {
    name: 'scan starts',
    status: 404,
    headers: true,
    send: (t, remoteAddress) =>
      t.api('POST', '/v1/scanner/start', { body: { pin: 'ZZZZZZZZ', hwids: ['HWID-X'] }, remoteAddress }),
  },
];

function expectLimited(res: LightMyRequestResponse): number {
  expectProblem(res, 429, 'rate_limited');
  expect(rateLimitHeaders(res)).toMatchObject({ limit: LIMIT, remaining: 0 });
  expect(Number(res.headers['retry-after'])).toBe(rateLimitHeaders(res).reset);
  return rateLimitHeaders(res).reset;
}

describe.each(backends())('per-address rate limits on $name', (backend) => {
  const clock = fakeClock();
  let t: TestApp;
  let n = 0;
  beforeAll(async () => {
    t = await startTestApp(
      backend,
      { UNAUTHENTICATED_PER_MINUTE: String(LIMIT), SCANNER_START_PER_MINUTE: String(LIMIT) },
      clock,
    );
  });
  afterAll(async () => t.close());

  describe.each(families)('$name', (family) => {
    const expectAnswered = async (ip: string, remaining: number) => {
      const res = await family.send(t, ip);
      expect(res.statusCode, res.body).toBe(family.status);
      if (family.headers) expect(rateLimitHeaders(res)).toMatchObject({ limit: LIMIT, remaining });
      else expect(res.headers['x-ratelimit-limit']).toBeUndefined();
      return res;
    };
    const resetOf = (res: LightMyRequestResponse) =>
      family.headers ? rateLimitHeaders(res).reset : undefined;
    const expected = (seconds: number) => (family.headers ? seconds : undefined);

    it('lets no client spend the budget twice across a window boundary, and Retry-After is the truth', async () => {
      const ip = `198.51.100.${++n}`;
      // 123 ms into a second, as the clock started: a request counts until a minute after its second ends.
      clock.set(Math.ceil(clock() / 1000) * 1000 + 123);
      const first = await expectAnswered(ip, 2);
      // The first request counts until 60.877 s from now.
      expect(resetOf(first)).toBe(expected(61));
      clock.advance(59_000);
      await expectAnswered(ip, 1);
      await expectAnswered(ip, 0);
      // A fixed window opened by the first request would have reset here.
      clock.advance(1_500);
      expect(expectLimited(await family.send(t, ip))).toBe(1);
      expectLimited(await family.send(t, ip));
      // Retry-After: one request again once it has passed (the first one stopped counting)...
      clock.advance(1_000);
      const again = await expectAnswered(ip, 0);
      // ... and the two made at 59 s count until 119.877 s.
      expect(resetOf(again)).toBe(expected(59));
      const limited = await family.send(t, ip);
      expect(expectLimited(limited)).toBe(59);
      clock.advance(57_999);
      expect(expectLimited(await family.send(t, ip))).toBe(1);
      clock.advance(1_000);
      await expectAnswered(ip, 1);
      await expectAnswered(ip, 0);
      expectLimited(await family.send(t, ip));
    });

    it('counts every address of one IPv6 /64 together, and a neighbouring /64 apart', async () => {
      const prefix = `2001:db8:${(++n).toString(16)}:7`;
      await expectAnswered(`${prefix}::1`, 2);
      await expectAnswered(`${prefix}:ffff:ffff:ffff:ffff`, 1);
      await expectAnswered(`${prefix}:abcd:0:0:9`, 0);
      expectLimited(await family.send(t, `${prefix}::2`));
      await expectAnswered(`2001:db8:${n.toString(16)}:8::1`, 2);
    });

    it('counts an IPv4-mapped IPv6 address as its IPv4 address', async () => {
      const ip = `203.0.113.${++n}`;
      await expectAnswered(`::ffff:${ip}`, 2);
      await expectAnswered(ip, 1);
      await expectAnswered(`::ffff:${ip}`, 0);
      expectLimited(await family.send(t, ip));
    });
  });
});
