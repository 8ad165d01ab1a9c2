import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { PARAM, precompile } from '../../src/storage/precompiled.js';
import type { Database as Schema } from '../../src/storage/schema.js';
import { withStatementCache } from '../../src/storage/sqlite-statement-cache.js';

describe('the SQLite statement cache', () => {
  it('reuses a statement for the same SQL and evicts the least recently used beyond capacity', () => {
    const raw = new Database(':memory:');
    const db = withStatementCache(raw, 2);
    const a = db.prepare('select 1');
    expect(db.prepare('select 1')).toBe(a);
    db.prepare('select 2');
    db.prepare('select 1'); // now most recently used
    db.prepare('select 3'); // evicts 'select 2'
    expect(db.prepare('select 1')).toBe(a);
    const b2 = db.prepare('select 2');
    expect(b2.all([])).toEqual([{ 2: 2 }]);
    db.close();
    expect(raw.open).toBe(false);
  });
});

describe('precompiled queries', () => {
  it('run with fresh parameters and refuse a query whose placeholders do not match', async () => {
    const raw = new Database(':memory:');
    raw.exec(
      "create table settings (name text primary key, value text); insert into settings values ('a', '1'), ('b', '2')",
    );
    const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: withStatementCache(raw) }) });
    const byName = precompile(db, db.selectFrom('settings').select('value').where('name', '=', PARAM), 1);
    expect(await byName('a')).toEqual([{ value: '1' }]);
    expect(await byName('b')).toEqual([{ value: '2' }]);
    expect(() =>
      precompile(db, db.selectFrom('settings').select('value').where('name', '=', PARAM), 2),
    ).toThrow(/1 parameters, expected 2/);
    await db.destroy();
  });
});
