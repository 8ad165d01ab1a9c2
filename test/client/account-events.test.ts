import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type PinWebhookEvent, ScanpinError } from '../../packages/client/src/index.js';
import { backends } from '../support/backends.js';
import { report, scanner } from '../support/scan.js';
import type { Owner } from '../support/test-app.js';
import { type LiveApp, rejectionOf, startLiveApp } from './live.js';

describe.each(backends())('client.events.listen on $name', (backend) => {
  let t: LiveApp;
  let owner: Owner;
  beforeAll(async () => {
    t = await startLiveApp(backend);
    owner = await t.createOwner();
  });
  afterAll(async () => t.close());

  it("yields the account's PIN events as typed webhook bodies until aborted", async () => {
    const controller = new AbortController();
    const seen: PinWebhookEvent[] = [];
    const listening = (async () => {
      for await (const event of t.client(owner.key).events.listen({ signal: controller.signal })) {
        seen.push(event);
        if (event.type === 'pin.finished') controller.abort();
      }
    })();
    // The stream follows from the moment it opens; give it that moment.
    await new Promise((r) => setTimeout(r, 300));
    const pin = await t.createPin(owner.key);
    const token = await scanner(t).startOk(pin);
    // The stream reads each changed PIN as it is when it gets to it, so a finish landing before that
    // read would be told as one change; this test is about the bodies, so it waits for each.
    await vi.waitFor(() => expect(seen.map((e) => e.type)).toContain('pin.started'), { timeout: 10_000 });
    await scanner(t).finish(token, report({ detections: ['Eulen'] }));
    const error = await rejectionOf(listening);
    expect((error as Error).name).toBe('AbortError');
    expect(seen.map((e) => e.type)).toEqual(['pin.created', 'pin.started', 'pin.finished']);
    expect(seen[2]?.data).toMatchObject({ pin, status: 'finished', result: 'cheating' });
  });

  it('throws the typed refusal of a key without pins:status', async () => {
    const key = await t.issueKey(owner.accountId, ['pins:create']);
    const error = await rejectionOf(t.client(key).events.listen().next());
    expect(error).toBeInstanceOf(ScanpinError);
    expect(error).toMatchObject({ status: 403, code: 'insufficient_permission' });
  });
});
