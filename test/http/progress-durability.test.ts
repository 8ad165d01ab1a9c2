import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { scanner } from '../support/scan.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/*
 * Progress commits skip the disk flush (docs/operations.md, "Durability"); start, finish and failure
 * never do. On SQLite the lighter setting is for the progress transaction only: every other commit
 * still runs with synchronous=FULL.
 */
describe.each(backends())('progress commits without a flush ($name)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => t.close());

  it('records the progress, and leaves every later commit flushed', async () => {
    const owner = await t.createOwner();
    const pin = await t.createPin(owner.key);
    const s = scanner(t);
    const token = await s.startOk(pin);
    // One after another: progress never goes back, so concurrent steps may refuse each other.
    for (const progress of [10, 20, 30]) {
      const step = await s.post('progress', { progress, statusMessage: `at ${progress}` }, token);
      expect(step.statusCode).toBeLessThan(300);
    }
    const status = (await t.api('GET', `/v1/pins/${pin}/status`, { key: owner.key })).json();
    expect(status.progress).toBe(30);
    if (t.deps.store.dialect === 'sqlite') {
      const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(t.deps.store.db);
      // 2 = FULL (https://www.sqlite.org/pragma.html#pragma_synchronous)
      expect(rows[0]?.synchronous).toBe(2);
    } else {
      const { rows } = await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(
        t.deps.store.db,
      );
      expect(rows[0]?.synchronous_commit).toBe('on');
    }
  });
});
