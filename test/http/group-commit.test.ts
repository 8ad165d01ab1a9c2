import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { report, scanner } from '../support/scan.js';
import { type Owner, startTestApp, type TestApp } from '../support/test-app.js';

/*
 * On SQLite, scanner writes that arrive together share one flushed commit (docs/operations.md,
 * "Durability"), and each is answered only once it is committed: a second connection to the file,
 * which sees only committed data, finds the scan finished as soon as its answer is in.
 */
describe.each(backends().filter((b) => !b.pg))('group commit of scanner writes ($name)', (backend) => {
  let t: TestApp;
  let owner: Owner;
  let other: SqliteDatabase.Database;
  beforeAll(async () => {
    t = await startTestApp(backend, { MAX_ACTIVE_PINS: '1000', SCANNER_START_PER_MINUTE: '1000' });
    owner = await t.createOwner();
    other = new SqliteDatabase(`${t.dataDir}/scanpin.db`, { readonly: true });
  });
  afterAll(async () => {
    other.close();
    await t.close();
  });

  const statusInStore = (code: string) =>
    (other.prepare('select status from pins where code = ?').get(code) as { status: string } | undefined)
      ?.status;

  it('finishes sent together share fewer commits than finishes, each committed when answered', async () => {
    const sc = scanner(t);
    const n = 16;
    const scans: Array<{ pin: string; token: string }> = [];
    for (let i = 0; i < n; i++) {
      const pin = await t.createPin(owner.key);
      scans.push({ pin, token: await sc.startOk(pin, [`GC-HW-${i}`]) });
    }
    const before = t.deps.store.groupCommits?.();
    const answered = await Promise.all(
      scans.map(async ({ pin, token }, i) => {
        const body = report({ discord: [{ id: `40000000000000000${i % 10}${i}`, username: `gc${i}` }] });
        const res = await sc.finish(token, body);
        return { status: res.statusCode, inStore: statusInStore(pin) };
      }),
    );
    const after = t.deps.store.groupCommits?.();
    expect(answered).toEqual(scans.map(() => ({ status: 200, inStore: 'finished' })));
    expect(before).toBeDefined();
    expect(after).toBeDefined();
    if (before === undefined || after === undefined) return;
    expect(after.members - before.members).toBeGreaterThanOrEqual(n);
    expect(after.commits - before.commits).toBeLessThan(n);
  });
});
