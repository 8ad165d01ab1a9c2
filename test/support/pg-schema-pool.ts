import pg from 'pg';
import { openStore } from '../../src/storage/database.js';

/**
 * Migrated PostgreSQL schemas for the test apps, used again instead of migrated anew. Migrating a
 * schema is most of a PostgreSQL test app's start (about 300 of 500 ms, 156 statements), and the
 * suite starts over a thousand of them. So a schema whose app has closed goes back to its worker's pool,
 * and the next app takes it after one reset has made it equal to a schema only migrated: every table
 * emptied, the rows the migrations themselves wrote (rule packs) copied back from a template
 * schema migrated once per worker and database, and every sequence set where the template's stands. The
 * app's own start still runs the migrator, which finds every migration applied, as it does on the SQLite
 * stores copied from a template (test/support/store-template.ts).
 *
 * The pool lives on globalThis: test files share a worker's modules (vitest.config.ts, `isolate`), but
 * the setup file that drops a file's other schemas (test/support/worker-database.ts) is evaluated
 * again for each file and must see the same pool.
 */
interface Pool {
  /**
   * Databases where a reset cannot run: it turns off foreign-key checks while it deletes
   * (`session_replication_role`), which takes a superuser, or on PostgreSQL 15 a role granted SET on
   * it. There every app gets a schema of its own, migrated, as before the pool.
   */
  unresettable: Set<string>;
  /** Free schemas by database URL. */
  free: Map<string, string[]>;
  /** Every schema the pool made, in use or free, so the end-of-file cleanup leaves them. */
  owned: Set<string>;
  /** How to reset a schema of the database at that URL, learnt from that database's template. */
  resets: Map<string, Promise<Reset>>;
  made: number;
}

interface Reset {
  /** The template's tables, columns, indexes, constraints, triggers and functions, as one digest. */
  shape: string;
  /** The statements that make a schema of that shape equal to the template. */
  statements(schema: string): string;
}

const KEY = Symbol.for('scanpin.test.pgSchemaPool');
const shared = globalThis as Record<symbol, Pool | undefined>;
const state: Pool = shared[KEY] ?? {
  unresettable: new Set(),
  free: new Map(),
  owned: new Set(),
  resets: new Map(),
  made: 0,
};
shared[KEY] = state;

/**
 * A digest of a schema's definitions, with the schema's own name taken out: its tables, their columns
 * (position, type, nullability, default), indexes, constraints, triggers and functions, each as
 * PostgreSQL prints its definition. Some tests change them (a trigger that refuses inserts, columns
 * dropped and added again to replay an upgrade); a schema that no longer has the template's shape is
 * dropped, not reset.
 */
const SHAPE = `
  with ns as (select oid from pg_namespace where nspname = $1::text)
  select md5(coalesce(string_agg(replace(item, $1::text, ''), ',' order by item), '')) as shape from (
    select 'r:' || c.relname || ':' || c.relkind::text from pg_class c, ns where c.relnamespace = ns.oid
    union all
    select 'a:' || c.relname || ':' || a.attname || ':' ||
           (select count(*) from pg_attribute b
            where b.attrelid = a.attrelid and b.attnum > 0 and b.attnum <= a.attnum and not b.attisdropped)
           || ':' || format_type(a.atttypid, a.atttypmod) || ':' || a.attnotnull::text || ':' ||
           coalesce(pg_get_expr(d.adbin, d.adrelid), '')
    from ns, pg_attribute a join pg_class c on c.oid = a.attrelid
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where c.relnamespace = ns.oid and a.attnum > 0 and not a.attisdropped
    union all
    select 'i:' || c.relname || ':' || pg_get_indexdef(i.indexrelid)
    from ns, pg_index i join pg_class c on c.oid = i.indexrelid where c.relnamespace = ns.oid
    union all
    select 'k:' || k.conname || ':' || pg_get_constraintdef(k.oid) from pg_constraint k, ns
    where k.connamespace = ns.oid
    union all
    select 't:' || c.relname || ':' || pg_get_triggerdef(t.oid) || ':' || t.tgenabled::text
    from ns, pg_trigger t join pg_class c on c.oid = t.tgrelid
    where c.relnamespace = ns.oid and not t.tgisinternal
    union all
    select 'p:' || p.proname || ':' || md5(p.prosrc) from pg_proc p, ns where p.pronamespace = ns.oid
  ) items (item)`;

/** The schemas the pool keeps between files (the cleanup after each file must not drop them). */
export function pooledSchemas(): ReadonlySet<string> {
  return state.owned;
}

/**
 * A schema for a new test app in the database at `url`: a used one, reset to the migrated state, or a
 * new name that the app's start will create and migrate.
 */
export async function takePgSchema(url: string, prefix: string): Promise<string> {
  const free = state.unresettable.has(url) ? undefined : state.free.get(url);
  const schema = free?.pop();
  if (schema === undefined) {
    const name = `${prefix}p${state.made++}`;
    // Where no reset can run, the schema is the file's own, dropped when the file ends as before.
    if (!state.unresettable.has(url)) state.owned.add(name);
    return name;
  }
  const reset = await resetOf(url, prefix);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    if ((await shapeOf(client, schema)) === reset.shape) {
      try {
        await client.query(reset.statements(schema));
        return schema;
      } catch (error) {
        // 42501: not allowed to set session_replication_role (see `unresettable`).
        if ((error as { code?: string }).code !== '42501') throw error;
        await client.query('rollback');
        state.unresettable.add(url);
        for (const kept of state.free.get(url) ?? []) state.owned.delete(kept);
        state.free.delete(url);
      }
    }
    await client.query(`drop schema "${schema}" cascade`);
    state.owned.delete(schema);
  } finally {
    await client.end();
  }
  return takePgSchema(url, prefix);
}

/** Gives back the schema of an app that has closed (once: test-app.ts calls it from its close). */
export function givePgSchemaBack(url: string, schema: string): void {
  if (state.unresettable.has(url)) {
    state.owned.delete(schema);
    return;
  }
  let free = state.free.get(url);
  if (free === undefined) {
    free = [];
    state.free.set(url, free);
  }
  free.push(schema);
}

async function shapeOf(client: pg.Client, schema: string): Promise<string> {
  const { rows } = await client.query<{ shape: string }>(SHAPE, [schema]);
  return rows[0]?.shape ?? '';
}

function resetOf(url: string, prefix: string): Promise<Reset> {
  let reset = state.resets.get(url);
  if (reset === undefined) {
    reset = buildReset(url, `${prefix}template`);
    state.owned.add(`${prefix}template`);
    state.resets.set(url, reset);
    // A failed build is tried again by the next app rather than remembered.
    reset.catch(() => state.resets.delete(url));
  }
  return reset;
}

/** Migrates the template schema, then reads what a reset must restore from it. */
async function buildReset(url: string, template: string): Promise<Reset> {
  const store = await openStore(url, { pgSchema: template });
  await store.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = (
      await client.query<{ name: string }>(
        `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = $1 and c.relkind in ('r', 'p') order by c.relname`,
        [template],
      )
    ).rows.map((r) => r.name);
    // Each table with rows the migrations wrote, with its column list (named, not `*`: a schema of the
    // same shape has them in the same order, but naming them does not depend on it).
    const seeded: Array<{ table: string; columns: string }> = [];
    for (const table of tables) {
      const { rows } = await client.query(`select exists (select from "${template}"."${table}") as seeded`);
      if (!(rows[0] as { seeded: boolean }).seeded) continue;
      const columns = await client.query<{ name: string }>(
        `select attname as name from pg_attribute
         where attrelid = $1::regclass and attnum > 0 and not attisdropped order by attnum`,
        [`"${template}"."${table}"`],
      );
      seeded.push({ table, columns: columns.rows.map((c) => `"${c.name}"`).join(', ') });
    }
    const sequences = (
      await client.query<{ name: string; last: string; called: boolean }>(
        `select sequencename as name, coalesce(last_value, start_value)::text as last,
                last_value is not null as called
         from pg_sequences where schemaname = $1`,
        [template],
      )
    ).rows;
    // DELETE, not TRUNCATE: a TRUNCATE of some forty tables gives each a new file and took 270 ms;
    // deleting the few rows a test left takes a few. Foreign keys are not checked meanwhile
    // (`session_replication_role`), so the order does not matter; the sequences are set explicitly.
    const shape = await shapeOf(client, template);
    return {
      shape,
      statements: (schema) =>
        [
          'begin',
          'set local session_replication_role = replica',
          ...tables.map((t) => `delete from "${schema}"."${t}"`),
          ...seeded.map(
            ({ table, columns }) =>
              `insert into "${schema}"."${table}" (${columns}) select ${columns} from "${template}"."${table}"`,
          ),
          ...sequences.map((s) => `select setval('"${schema}"."${s.name}"', ${s.last}, ${s.called})`),
          'commit',
        ].join(';\n'),
    };
  } finally {
    await client.end();
  }
}
