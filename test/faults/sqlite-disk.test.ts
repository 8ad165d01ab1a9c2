import { closeSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type Backend, sqliteBackend } from '../support/backends.js';
import { expectProblem } from '../support/http.js';
import { report, scanner } from '../support/scan.js';
import { startServerProcess } from '../support/server-process.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { mountSmallDisk } from './support/small-disk.js';
import { dumpSqlite } from './support/store-dump.js';

/*
 * SQLite on a full disk or a read-only file system (docs/operations.md, "When things fail"): a write
 * that cannot be stored is a 503 service_unavailable with nothing of it written (a whole scan's
 * finish is all or nothing), reads keep working, and once space is back the same request succeeds.
 */
const sqlite = sqliteBackend();

/** A report big enough to need many new pages: 1000 artifacts and 500 detections of 400 characters. */
const bigReport = () =>
  report({
    detections: Array.from({ length: 500 }, (_, i) => `Detection ${i} ${'x'.repeat(380)}`),
    artifacts: Array.from({ length: 1000 }, (_, i) => `C:\\artifact\\${i}\\${'y'.repeat(380)}`),
    discord: [{ id: '222222222222222222', username: 'DiskPlayer' }],
  });

/** A PIN whose scan has started, ready to finish. */
async function scanning(t: TestApp, key: string, hwid: string): Promise<{ pin: string; token: string }> {
  const pin = await t.createPin(key);
  const token = await scanner(t).startOk(pin, [hwid]);
  return { pin, token };
}

/** The refused finish changed nothing; reads still answer; the retry later stores it all. */
async function expectRefusedWhole(t: TestApp, key: string, pin: string, token: string): Promise<void> {
  const before = await dumpSqlite(t);
  const res = await scanner(t).finish(token, bigReport());
  expectProblem(res, 503, 'service_unavailable');
  expect(res.headers['retry-after']).toMatch(/^\d+$/);
  expect(res.json<{ detail: string }>().detail).toMatch(/nothing of this request was saved/);
  expect(await dumpSqlite(t)).toEqual(before);
  const status = await t.api('GET', `/v1/pins/${pin}/status`, { key });
  expect(status.statusCode).toBe(200);
  expect(status.json<{ status: string }>().status).toBe('scanning');
  expect((await t.api('GET', '/healthz')).statusCode).toBe(200);
}

async function expectStoredNow(t: TestApp, key: string, pin: string, token: string): Promise<void> {
  const res = await scanner(t).finish(token, bigReport());
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ result: 'cheating' });
  const results = await t.api('GET', `/v1/pins/${pin}/results`, { key });
  expect(results.json<{ data: { detections: string[] } }>().data.detections).toHaveLength(500);
}

describe('SQLite refusing writes, as a read-only file does (PRAGMA query_only: SQLITE_READONLY)', () => {
  // A file system cannot be turned read-only under open files (the kernel refuses while they are
  // written), so the store's one connection is told to refuse writes with the same error code.
  it('writes are 503 with nothing written, reads answer; writable again: the same writes succeed', async () => {
    const t = await startTestApp(sqlite);
    try {
      const owner = await t.createOwner();
      const { pin, token } = await scanning(t, owner.key, 'HWID-READ-ONLY');
      await sql`pragma query_only = 1`.execute(t.deps.store.db);
      await expectRefusedWhole(t, owner.key, pin, token);
      const create = await t.api('POST', '/v1/pins/create', { key: owner.key, body: { type: 'FiveM' } });
      expectProblem(create, 503, 'service_unavailable');
      const account = await t.adminRaw('POST', '/admin/v1/accounts', { name: 'While read-only' });
      expectProblem(account, 503, 'service_unavailable');
      await sql`pragma query_only = 0`.execute(t.deps.store.db);
      await expectStoredNow(t, owner.key, pin, token);
      expect(
        (await t.api('POST', '/v1/pins/create', { key: owner.key, body: { type: 'FiveM' } })).statusCode,
      ).toBe(201);
    } finally {
      await t.close();
    }
  });
});

describe('SQLite that cannot grow (PRAGMA max_page_count, no privileges needed)', () => {
  it('a finish that needs space is a 503 with nothing written; raising the limit lets the retry through', async () => {
    const t = await startTestApp(sqlite);
    try {
      const owner = await t.createOwner();
      const { pin, token } = await scanning(t, owner.key, 'HWID-PAGE-LIMIT');
      // The one connection of the store: from now on the file may not grow by a single page.
      const pages = await sql<{ page_count: number }>`pragma page_count`.execute(t.deps.store.db);
      await sql.raw(`pragma max_page_count = ${pages.rows[0]?.page_count ?? 0}`).execute(t.deps.store.db);
      await expectRefusedWhole(t, owner.key, pin, token);
      await sql`pragma max_page_count = 1073741823`.execute(t.deps.store.db);
      await expectStoredNow(t, owner.key, pin, token);
    } finally {
      await t.close();
    }
  });
});

const probe = mountSmallDisk(16);
const disk = 'missing' in probe ? null : probe;
disk?.destroy();
if (disk === null && 'missing' in probe) {
  console.warn(
    `\n*** SKIPPED the real full-disk and read-only tests of test/faults/sqlite-disk.test.ts: ${probe.missing} ***\n`,
  );
}

describe.skipIf(disk === null)('SQLite on a small file system of its own (tmpfs)', () => {
  it('disk full (ENOSPC): 503 with nothing written, then the retry succeeds once space is freed', async () => {
    const small = mountSmallDisk(16);
    if ('missing' in small) throw new Error(small.missing);
    const onDisk: Backend = { ...sqlite, databaseUrl: () => `sqlite:${small.dir}/scanpin.db` };
    const t = await startTestApp(onDisk);
    try {
      const owner = await t.createOwner();
      const { pin, token } = await scanning(t, owner.key, 'HWID-DISK-FULL');
      // Take every remaining byte.
      const filler = join(small.dir, 'filler');
      const fd = openSync(filler, 'w');
      const chunk = Buffer.alloc(64 * 1024);
      try {
        for (;;) writeSync(fd, chunk);
      } catch (err) {
        expect((err as NodeJS.ErrnoException).code).toBe('ENOSPC');
      } finally {
        closeSync(fd);
      }
      await expectRefusedWhole(t, owner.key, pin, token);
      rmSync(filler);
      await expectStoredNow(t, owner.key, pin, token);
    } finally {
      await t.close();
      small.destroy();
    }
  });

  it('starting on a read-only file system gives a clear start-up error, not a half-working server', async () => {
    const small = mountSmallDisk(16);
    if ('missing' in small) throw new Error(small.missing);
    try {
      writeFileSync(join(small.dir, 'placeholder'), '');
      // A database made while writable, then the file system turned read-only.
      const env = {
        DATABASE_URL: `sqlite:${small.dir}/scanpin.db`,
        SCANPIN_ADMIN_TOKEN: 'faults-admin-token-0123456789abcdef',
        SCANPIN_HASH_SECRET: 'faults-hash-secret-0123456789abcdef',
        PORT: '0',
      };
      const first = startServerProcess(small.dir, env, ['ignore', 'pipe', 'pipe']);
      await new Promise((r) => setTimeout(r, 200));
      await waitForFile(first, join(small.dir, 'scanpin.db'));
      first.kill('SIGTERM');
      await new Promise((r) => first.once('exit', r));
      small.readOnly(true);
      const child = startServerProcess(small.dir, env, ['ignore', 'pipe', 'pipe']);
      let stderr = '';
      child.stderr?.on('data', (d: Buffer) => {
        stderr += d.toString();
      });
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code).not.toBe(0);
      expect(stderr).toMatch(
        /scanpin failed to start: The SQLite database .*scanpin\.db cannot be opened for writing/,
      );
      expect(stderr).toMatch(/read-only.*writable/s);
    } finally {
      small.destroy();
    }
  }, 30_000);
});

async function waitForFile(child: ReturnType<typeof startServerProcess>, _path: string): Promise<void> {
  // Ready once it listens (migrations done): its first log line says so.
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      if (/listening/i.test(out)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`first start exited with ${code}`)));
    setTimeout(() => reject(new Error('first start did not listen within 20 s')), 20_000).unref();
  });
}
