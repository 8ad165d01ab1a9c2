import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { type Owner, startTestApp, type TestApp } from '../support/test-app.js';

/** docs/api.md: "Stored only as a SHA-256 hash plus a short display prefix". */
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Every row of every table in the store, as text (binary columns as hex and as UTF-8). */
async function dumpStore(t: TestApp): Promise<{ tables: string[]; text: string }> {
  const db = t.deps.store.db;
  const names =
    t.deps.store.dialect === 'sqlite'
      ? (
          await sql<{
            name: string;
          }>`select name from sqlite_master where type = 'table' order by name`.execute(db)
        ).rows.map((r) => r.name)
      : (
          await sql<{ name: string }>`select table_name as name from information_schema.tables
            where table_schema = current_schema() order by table_name`.execute(db)
        ).rows.map((r) => r.name);
  const parts: string[] = [];
  for (const name of names) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db);
    for (const row of rows) {
      for (const [column, value] of Object.entries(row)) {
        const text = Buffer.isBuffer(value)
          ? `${value.toString('hex')} ${value.toString('utf8')}`
          : typeof value === 'object'
            ? JSON.stringify(value)
            : String(value);
        parts.push(`${name}.${column}=${text}`);
      }
    }
  }
  return { tables: names, text: parts.join('\n') };
}

/** Every file under a directory, as raw bytes. */
function filesUnder(dir: string): Array<{ path: string; bytes: Buffer }> {
  const out: Array<{ path: string; bytes: Buffer }> = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...filesUnder(path));
    else out.push({ path, bytes: readFileSync(path) });
  }
  return out;
}

describe.each(backends())('no raw API key is stored anywhere, on $name', (backend) => {
  let t: TestApp;
  let owner: Owner;
  let keys: string[];
  beforeAll(async () => {
    t = await startTestApp(backend);
    owner = await t.createOwner('At rest');
    const poller = await t.issueKey(owner.accountId, ['pins:status', 'pins:results'], {
      name: 'poller',
      rateLimitPerHour: 500,
    });
    const revoked = await t.issueKey(owner.accountId, ['pins:status'], { name: 'old' });
    keys = [owner.key, poller, revoked];

    // Use every key the way a client would, so every write path (auth, last-used, PINs, counters) ran.
    const pin = await t.createPin(owner.key, { type: 'FiveM', pinName: 'rest' });
    for (const key of keys) {
      await t.api('GET', `/v1/pins/${pin}/status`, { key });
      await t.api('GET', `/v1/pins/${pin}/results`, { key });
      await t.api('POST', '/v1/pins/create', { key, body: { type: 'Nope' } });
    }
    const listing = await t.admin<Array<{ id: number; prefix: string }>>(
      'GET',
      `/admin/v1/accounts/${owner.accountId}/keys`,
    );
    const revokedId = listing.find((k) => revoked.startsWith(k.prefix))?.id;
    await t.admin('DELETE', `/admin/v1/keys/${revokedId}`);
    await t.api('GET', `/v1/pins/${pin}/status`, { key: revoked });
  });
  afterAll(async () => t.close());

  it('keeps only the SHA-256 hash and a short prefix of each key in api_keys', async () => {
    const rows = await t.deps.store.db.selectFrom('api_keys').selectAll().orderBy('id').execute();
    expect(rows).toHaveLength(3);
    rows.forEach((row, i) => {
      const key = keys[i] as string;
      expect(row.key_hash).toBe(sha256(key));
      expect(key.startsWith(row.prefix)).toBe(true);
      expect(row.prefix.length).toBeLessThanOrEqual(12);
      expect(key.length - row.prefix.length).toBeGreaterThanOrEqual(32);
    });
  });

  it('has no raw key in any column of any table, while every hash is there', async () => {
    const { tables, text } = await dumpStore(t);
    for (const table of ['accounts', 'enterprises', 'api_keys', 'pins']) expect(tables).toContain(table);
    for (const key of keys) {
      expect(text).not.toContain(key);
      // Nor the secret part on its own, which is all a prefix-less copy would hold.
      expect(text).not.toContain(key.slice(12));
      expect(text).toContain(sha256(key));
    }
  });

  it.skipIf(backend.pg)(
    'has no raw key in the bytes of the database file, its WAL or anything else in the data directory',
    async () => {
      const check = () => {
        const files = filesUnder(t.dataDir);
        const names = files.map((f) => f.path);
        expect(names).toContain(join(t.dataDir, 'scanpin.db'));
        const all = Buffer.concat(files.map((f) => f.bytes));
        for (const key of keys) {
          for (const f of files) expect(f.bytes.includes(key), f.path).toBe(false);
          expect(all.includes(sha256(key))).toBe(true);
        }
        return names;
      };
      // First as written (the WAL holds recent pages), then after folding the WAL into the main file.
      const before = check();
      expect(before).toContain(join(t.dataDir, 'scanpin.db-wal'));
      expect(readFileSync(join(t.dataDir, 'scanpin.db-wal')).length).toBeGreaterThan(0);
      await sql`pragma wal_checkpoint(TRUNCATE)`.execute(t.deps.store.db);
      check();
      const main = readFileSync(join(t.dataDir, 'scanpin.db'));
      for (const key of keys) expect(main.includes(sha256(key))).toBe(true);
      if (existsSync(join(t.dataDir, 'scanpin.db-shm'))) {
        expect(readFileSync(join(t.dataDir, 'scanpin.db-shm')).includes(keys[0] as string)).toBe(false);
      }
    },
  );

  it.skipIf(backend.redisUrl === undefined)('has no raw key in the shared rate-limit counters', async () => {
    const redis = new Redis(backend.redisUrl as string);
    try {
      const names = await redis.keys(`${t.redisPrefix}*`);
      expect(names.length).toBeGreaterThan(0);
      // Fixed windows are strings, sliding windows (the per-address buckets) hashes of slots.
      const values = await Promise.all(
        names.map(async (n) =>
          (await redis.type(n)) === 'hash' ? JSON.stringify(await redis.hgetall(n)) : redis.get(n),
        ),
      );
      const text = [...names, ...values].join('\n');
      for (const key of keys) {
        expect(text).not.toContain(key);
        expect(text).not.toContain(key.slice(12));
      }
    } finally {
      redis.disconnect();
    }
  });
});
