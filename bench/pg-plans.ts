/*
 * `npx tsx bench/pg-plans.ts [scans]` (docs/benchmarks.md, "PostgreSQL statistics"): seeds a new
 * PostgreSQL database without ever analysing it after the data arrived (as a new installation is), runs the hot
 * paths once through the HTTP app in this process (status of a pending, a scanning and a finished
 * PIN, results, risk score, lookup, create, start, progress, finish), records every statement they
 * sent, and prints `EXPLAIN (ANALYZE, BUFFERS)` of each: the plan PostgreSQL picks with no statistics.
 * Writes are explained inside a transaction that is rolled back. A sequential scan of a table that
 * holds more than a few hundred rows is flagged. Needs SCANPIN_TEST_PG_URL.
 */
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { wire } from '../src/wiring.js';
import { Api, CLEAN_REPORT } from './api.js';
import { Population } from './population.js';
import { seedTo, setUp } from './seed.js';
import { holdAutovacuum, openBenchStore } from './stores.js';

interface Sent {
  text: string;
  values: unknown[];
  step: string;
}

const size = Number(process.argv[2] ?? 100_000);
const sent: Sent[] = [];
let step = '';
let recording = false;

// Every statement the app sends goes through a pooled pg.Client; the prepared ones as a config object.
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  if (recording) {
    const [first, second] = args;
    const text = typeof first === 'string' ? first : (first as { text?: string })?.text;
    const values = (typeof first === 'string' ? second : (first as { values?: unknown[] })?.values) ?? [];
    if (typeof text === 'string') sent.push({ text, values: values as unknown[], step });
  }
  return (original as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;
const raw = original as unknown as (
  this: pg.Client,
  text: string,
  values?: unknown[],
) => Promise<pg.QueryResult>;

async function main(): Promise<void> {
  const store = await openBenchStore('postgres');
  try {
    const now = Date.now();
    const fixture = await setUp(store.env, { streamKeys: 0, creators: 0 }, now);
    await holdAutovacuum(store);
    console.log(`seeding ${size.toLocaleString('en')} finished scans, no ANALYZE afterwards…`);
    await seedTo(store.env, new Population(now), fixture, size, () => {}, false);

    const wiring = await wire(loadConfig(store.env), { backgroundJobs: false });
    const app = await buildApp(wiring.context, { probes: wiring.probes });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
    const api = new Api(url, fixture.key);
    const auth = { 'x-api-key': fixture.key };
    try {
      const pending = await api.createPin();
      const scanning = await api.createPin();
      await api.startScan(scanning, 'PLANS-SCANNING');
      const { finishedPin, discordId } = fixture.hot;
      // Once unrecorded, so caches (API keys, settings) are warm and only the hot statements remain.
      await api.call('GET', `/v1/pins/${pending}/status`, undefined, auth);
      recording = true;
      const get = async (name: string, path: string) => {
        step = name;
        await api.call('GET', path, undefined, auth);
      };
      await get('status, pending PIN', `/v1/pins/${pending}/status`);
      await get('status, scanning PIN', `/v1/pins/${scanning}/status`);
      await get('status, finished PIN', `/v1/pins/${finishedPin}/status`);
      await get('results, finished PIN', `/v1/pins/${finishedPin}/results`);
      await get('risk score', `/v1/users/${discordId}/risk-score`);
      await get('lookup', `/v1/scanned-users/lookup/${discordId}`);
      step = 'create PIN';
      const pin = await api.createPin();
      step = 'start';
      const { bearer } = await api.startScan(pin, 'PLANS-WRITES');
      step = 'progress';
      await api.call('POST', '/v1/scanner/progress', { progress: 50, statusMessage: 'Half way' }, bearer);
      step = 'finish';
      // The hot player again: its aggregates and links are updated, as a returning player's are.
      await api.call(
        'POST',
        '/v1/scanner/finish',
        { ...CLEAN_REPORT, discord: [{ id: discordId, username: 'hot' }] },
        bearer,
      );
      // A second player on that machine: a new link to hardware with a user on it (alt notes, past scans).
      step = 'finish, new account on known hardware';
      const second = await api.createPin();
      const { bearer: bearer2 } = await api.startScan(second, 'PLANS-WRITES');
      await api.call(
        'POST',
        '/v1/scanner/finish',
        { ...CLEAN_REPORT, discord: [{ id: '399999999999999999', username: 'second' }] },
        bearer2,
      );
      recording = false;
    } finally {
      await app.close();
      await wiring.close();
    }

    const { rows } = (await store.query?.(
      `select c.relname, c.reltuples, s.n_live_tup, s.last_analyze, s.last_autoanalyze
         from pg_class c join pg_stat_user_tables s on s.relid = c.oid
        where c.relname in ('pins', 'scan_reports', 'scanned_users', 'user_hwids', 'hwids', 'scan_hwids')
        order by c.relname`,
    )) ?? { rows: [] };
    console.log('\nstatistics of the large tables when explained (reltuples 0: analysed while empty):');
    for (const r of rows) console.log(`  ${JSON.stringify(r)}`);

    const client = new pg.Client({ connectionString: store.env.DATABASE_URL as string });
    await client.connect();
    await raw.call(client, 'set jit = off');
    const seen = new Set<string>();
    const flagged: string[] = [];
    for (const s of sent) {
      const trimmed = s.text.trim();
      if (/^(begin|commit|rollback|savepoint|release|set )/i.test(trimmed)) continue;
      if (seen.has(trimmed)) continue;
      seen.add(trimmed);
      await raw.call(client, 'begin');
      try {
        const plan = await raw.call(
          client,
          `explain (analyze, buffers, costs off, timing on) ${trimmed}`,
          s.values,
        );
        const lines = (plan.rows as Array<{ 'QUERY PLAN': string }>).map((r) => r['QUERY PLAN']);
        console.log(`\n=== ${s.step}: ${trimmed.replace(/\s+/g, ' ').slice(0, 300)}`);
        for (const line of lines) console.log(`  ${line}`);
        for (const line of lines) {
          const seq = /Seq Scan on (\w+)/.exec(line);
          if (seq === null) continue;
          const table = seq[1] as string;
          const count = Number(
            (await raw.call(client, `select count(*)::int as n from "${table}"`)).rows[0]?.n,
          );
          if (count > 500) flagged.push(`${s.step}: Seq Scan on ${table} (${count} rows)`);
        }
      } catch (err) {
        console.log(`\n=== ${s.step}: ${trimmed.slice(0, 200)}\n  (not explained: ${String(err)})`);
      } finally {
        await raw.call(client, 'rollback');
      }
    }
    await client.end();
    console.log(`\n${seen.size} distinct statements explained.`);
    console.log(
      flagged.length === 0
        ? 'No sequential scan of a table over 500 rows.'
        : `Sequential scans of large tables:\n  ${[...new Set(flagged)].join('\n  ')}`,
    );
  } finally {
    await store.dispose();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
