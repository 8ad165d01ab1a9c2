import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { backends } from '../support/backends.js';
import { report, scanner } from '../support/scan.js';
import { integrationClient } from '../support/scanner-client.js';
import { type Owner, startTestApp, type TestApp } from '../support/test-app.js';
import { startSibling } from '../support/with-app.js';

/*
 * Status and results polls of a PIN that did not change are answered from memory, kept true by the
 * PIN-change notices of every instance (docs/operations.md, "Caches"). These tests count the store
 * reads a poll makes, and check that no change, on this instance or another, is ever missed.
 */

const PLAYER = { id: '700000000000000001', username: 'Cached' };

describe.each(backends())('polls answered from memory on $name', (backend) => {
  let t: TestApp;
  let owner: Owner;
  beforeAll(async () => {
    t = await startTestApp(backend);
    owner = await t.createOwner();
  });
  afterAll(async () => t.close());

  const status = (pin: string) => t.api('GET', `/v1/pins/${pin}/status`, { key: owner.key });
  /** PostgreSQL's notices are heard once its listener has connected; SQLite's at once. */
  const listening = () => vi.waitFor(() => expect(t.deps.pinChanges.listening()).toBe(true));

  it('reads the store once for repeated polls, and again as soon as the PIN changes', async () => {
    await listening();
    // Signed as the official build, so the clean report is legit (docs/scan-client.md, "Trust").
    const sc = scanner(t, { client: await integrationClient(t) });
    const reads = vi.spyOn(t.deps.repos.pins, 'findByCode');
    const pin = await t.createPin(owner.key);
    for (let i = 0; i < 5; i++) expect((await status(pin)).json()).toMatchObject({ status: 'pending' });
    expect(reads).toHaveBeenCalledTimes(1);
    const token = await sc.startOk(pin, ['HW-CACHE-1']);
    expect((await status(pin)).json()).toMatchObject({ status: 'scanning', progress: 0 });
    expect((await sc.progress(token, 40)).statusCode).toBe(204);
    expect((await status(pin)).json()).toMatchObject({ progress: 40 });
    expect((await sc.finish(token, report({ discord: [PLAYER] }))).statusCode).toBe(200);
    expect((await status(pin)).json()).toMatchObject({ status: 'finished', result: 'legit' });
    expect(reads).toHaveBeenCalledTimes(5);
    reads.mockRestore();
  });

  it('an erasure reaches results that were answered from memory', async () => {
    const pin = await t.createPin(owner.key);
    const sc = scanner(t);
    const token = await sc.startOk(pin, ['HW-CACHE-2']);
    await sc.finish(token, report({ discord: [{ id: '700000000000000002', username: 'ToErase' }] }));
    const results = () => t.api('GET', `/v1/pins/${pin}/results`, { key: owner.key });
    expect((await results()).json().data.discord).toEqual([
      { id: '700000000000000002', username: 'ToErase', provenance: 'claimed', reach: 'enterprise' },
    ]);
    expect((await t.adminRaw('POST', '/admin/v1/scanned-users/700000000000000002/erase')).statusCode).toBe(
      200,
    );
    expect((await results()).json().data.discord).toEqual([{ id: 'erased', username: 'erased' }]);
  });
});

const shared = backends().filter((b) => b.pg);
if (shared.length === 0) {
  console.warn('SKIPPED: polls across two instances need PostgreSQL; set SCANPIN_TEST_PG_URL.');
  it.skip('needs PostgreSQL: set SCANPIN_TEST_PG_URL', () => {});
}

describe.each(shared)('polls across two instances on $name', (backend) => {
  it('a change made on one instance reaches polls answered from memory on the other at once', async () => {
    const t = await startTestApp(backend);
    const sibling = await startSibling(t, backend);
    try {
      const owner = await t.createOwner();
      await vi.waitFor(() => expect(t.deps.pinChanges.listening()).toBe(true), { timeout: 5_000 });
      const pin = await t.createPin(owner.key);
      const status = async () =>
        (await t.api('GET', `/v1/pins/${pin}/status`, { key: owner.key })).json() as { status: string };
      expect((await status()).status).toBe('pending');
      // The sibling starts the scan; this instance kept the pending record.
      const res = await sibling.inject({
        method: 'POST',
        url: '/v1/scanner/start',
        payload: { pin, hwids: ['HW-CACHE-SIBLING'] },
      });
      expect(res.statusCode).toBe(201);
      // Well inside the ten seconds a record may go unannounced: the notice, not the age, did it.
      await vi.waitFor(async () => expect((await status()).status).toBe('scanning'), { timeout: 3_000 });
    } finally {
      await sibling.close();
      await t.close();
    }
  });
});
