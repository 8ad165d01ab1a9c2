import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PinStatus } from '../../packages/client/src/index.js';
import { backends } from '../support/backends.js';
import { report, scanner } from '../support/scan.js';
import type { Owner } from '../support/test-app.js';
import { type LiveApp, rejectionOf, startLiveApp } from './live.js';

/** Refuses every event stream as a server at its stream limit would, so the client must poll. */
const noStreams: typeof fetch = async (input, init) =>
  String(input).endsWith('/events')
    ? new Response(
        JSON.stringify({
          type: 'about:blank',
          title: 'Too Many Requests',
          status: 429,
          code: 'too_many_streams',
          detail: 'x',
        }),
        { status: 429, headers: { 'content-type': 'application/problem+json' } },
      )
    : fetch(input, init);

const states = (seen: PinStatus[]) => [...new Set(seen.map((s) => s.status))];

describe.each(backends())('waitForResult on $name', (backend) => {
  let t: LiveApp;
  let owner: Owner;
  beforeAll(async () => {
    t = await startLiveApp(backend, { PIN_TTL_SECONDS: '2' });
    owner = await t.createOwner();
  });
  afterAll(async () => t.close());

  describe('following the event stream', () => {
    it('reports progress and returns the results of a finished scan', async () => {
      const pin = await t.createPin(owner.key);
      const seen: PinStatus[] = [];
      const waiting = t
        .client(owner.key)
        .waitForResult(pin, { via: 'stream', onProgress: (s) => seen.push(s) });
      await expect.poll(() => seen.length).toBe(1);
      const token = await scanner(t).startOk(pin);
      await scanner(t).progress(token, 60);
      await expect.poll(() => seen.at(-1)?.progress).toBe(60);
      await scanner(t).finish(token, report({ suspicious: ['Odd driver'] }));
      const results = await waiting;
      expect(results).toMatchObject({ pin, status: 'finished', result: 'suspicious' });
      expect(states(seen)).toEqual(['pending', 'scanning', 'finished']);
    });

    it('ends on error with the results body saying why', async () => {
      const pin = await t.createPin(owner.key);
      const seen: PinStatus[] = [];
      const waiting = t
        .client(owner.key)
        .waitForResult(pin, { via: 'stream', onProgress: (s) => seen.push(s) });
      await expect.poll(() => seen.length).toBe(1);
      await scanner(t).fail(await scanner(t).startOk(pin), 'Scanner crashed');
      expect(await waiting).toMatchObject({ pin, status: 'error', result: 'none' });
      expect(seen.at(-1)?.status).toBe('error');
    });

    it('ends on expired once the PIN times out', async () => {
      const pin = await t.createPin(owner.key);
      const results = await t.client(owner.key).waitForResult(pin, { via: 'stream' });
      expect(results).toMatchObject({ pin, status: 'expired', result: 'none' });
    });

    it('rejects with an AbortError when aborted, and stops reading', async () => {
      const pin = await t.createPin(owner.key);
      const controller = new AbortController();
      const seen: PinStatus[] = [];
      const waiting = t.client(owner.key).waitForResult(pin, {
        signal: controller.signal,
        onProgress: (s) => seen.push(s),
      });
      await expect.poll(() => seen.length).toBe(1);
      controller.abort();
      expect(await rejectionOf(waiting)).toMatchObject({ name: 'AbortError' });
    });
  });

  describe('polling when the stream is refused', () => {
    it('polls 10–15 s while pending and 3–5 s while scanning, to finished', async () => {
      const pin = await t.createPin(owner.key);
      const waits: { ms: number; status: string | undefined }[] = [];
      const seen: PinStatus[] = [];
      let token = '';
      // Each wait is the moment the scan takes its next step, so the test needs no real time.
      const steps = [
        async () => {
          token = await scanner(t).startOk(pin);
        },
        async () => void (await scanner(t).progress(token, 30)),
        async () => void (await scanner(t).finish(token, report({ detections: ['Aimbot'] }))),
      ];
      const client = t.client(owner.key, {
        fetch: noStreams,
        sleep: async (ms) => {
          waits.push({ ms, status: seen.at(-1)?.status });
          await steps.shift()?.();
        },
      });
      const results = await client.waitForResult(pin, { onProgress: (s) => seen.push(s) });
      expect(results).toMatchObject({ status: 'finished', result: 'cheating' });
      expect(waits.map((w) => w.status)).toEqual(['pending', 'scanning', 'scanning']);
      expect(waits[0]?.ms).toBeGreaterThanOrEqual(10_000);
      expect(waits[0]?.ms).toBeLessThanOrEqual(15_000);
      for (const w of waits.slice(1)) {
        expect(w.ms).toBeGreaterThanOrEqual(3000);
        expect(w.ms).toBeLessThanOrEqual(5000);
      }
      expect(seen.map((s) => s.progress)).toEqual([0, 0, 30, 100]);
    });

    it('polls to error', async () => {
      const pin = await t.createPin(owner.key);
      const token = await scanner(t).startOk(pin);
      const client = t.client(owner.key, {
        fetch: noStreams,
        sleep: async () => void (await scanner(t).fail(token)),
      });
      expect(await client.waitForResult(pin)).toMatchObject({ status: 'error', result: 'none' });
    });

    it('polls to expired', async () => {
      const pin = await t.createPin(owner.key);
      const client = t.client(owner.key, {
        sleep: (ms) => new Promise((r) => setTimeout(r, Math.min(ms, 500))),
      });
      expect(await client.waitForResult(pin, { via: 'poll' })).toMatchObject({ status: 'expired' });
    });

    it('rejects with an AbortError when aborted between polls', async () => {
      const pin = await t.createPin(owner.key);
      const controller = new AbortController();
      const waiting = t.client(owner.key).waitForResult(pin, {
        via: 'poll',
        signal: controller.signal,
        onProgress: () => controller.abort(),
      });
      expect(await rejectionOf(waiting)).toMatchObject({ name: 'AbortError' });
    });
  });

  it('does not fall back to polling on a refusal polling would get too', async () => {
    const error = await rejectionOf(t.client(owner.key).waitForResult('AAAAAAAA'));
    expect(error).toMatchObject({ code: 'pin_not_found' });
  });
});
