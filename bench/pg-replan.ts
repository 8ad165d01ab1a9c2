/*
 * `npx tsx bench/pg-replan.ts [scans]` (docs/benchmarks.md, "PostgreSQL statistics"): does ANALYZE
 * stall every pooled connection once? Each of the pool's 10 connections runs the risk score and the
 * lookup (named prepared statements, prepared-statements.ts) until PostgreSQL keeps a plan for them,
 * then ANALYZE invalidates those plans, and the first call on each connection afterwards is timed
 * against the second. Done with our sessions' settings (jit = off), then once more with JIT on, the
 * setting the stall was first seen with. Needs SCANPIN_TEST_PG_URL.
 */
import { sql } from 'kysely';
import { openStore } from '../src/storage/database.js';
import { playerSnapshotsRepository } from '../src/storage/repositories/player-snapshots.js';
import { Population } from './population.js';
import { seedTo, setUp } from './seed.js';
import { holdAutovacuum, openBenchStore } from './stores.js';

const size = Number(process.argv[2] ?? 100_000);
const CONNECTIONS = 10;

async function main(): Promise<void> {
  const bench = await openBenchStore('postgres');
  try {
    const now = Date.now();
    const fixture = await setUp(bench.env, { streamKeys: 0, creators: 0 }, now);
    await holdAutovacuum(bench);
    console.log(`seeding ${size.toLocaleString('en')} finished scans…`);
    await seedTo(bench.env, new Population(now), fixture, size, () => {}, false);
    const player = fixture.hot.discordId;

    for (const jit of [false, true]) {
      const store = await openStore(bench.env.DATABASE_URL as string);
      try {
        let warmed = 0;
        let turn = Promise.resolve();
        let release: () => void = () => {};
        const analysed = new Promise<void>((r) => {
          release = r;
        });
        let allWarm: () => void = () => {};
        const warm = new Promise<void>((r) => {
          allWarm = r;
        });
        const timings = Array.from({ length: CONNECTIONS }, (_, i) =>
          store.db.connection().execute(async (conn) => {
            if (jit) await sql`set jit = on`.execute(conn);
            const repo = playerSnapshotsRepository(conn, 'postgres');
            // The statement that computes a player's document (the risk score shares it); more than
            // five runs, so PostgreSQL decides between a custom and a generic plan.
            for (let k = 0; k < 8; k++) {
              await repo.computedFacts(player);
              await repo.computedFacts(player);
            }
            if (++warmed === CONNECTIONS) allWarm();
            await analysed;
            // One connection at a time, so each figure is its own planning and not a queue for the cores.
            const previous = turn;
            let done: () => void = () => {};
            turn = new Promise<void>((r) => {
              done = r;
            });
            await previous;
            const time = async (work: () => Promise<unknown>) => {
              const t = performance.now();
              await work();
              return performance.now() - t;
            };
            const lookupFirst = await time(() => repo.computedFacts(player));
            const lookupSecond = await time(() => repo.computedFacts(player));
            const riskFirst = await time(() => repo.computedFacts(player));
            const riskSecond = await time(() => repo.computedFacts(player));
            done();
            return { connection: i, lookupFirst, lookupSecond, riskFirst, riskSecond };
          }),
        );
        await warm;
        const t = performance.now();
        await bench.query?.('analyze');
        console.log(
          `\njit ${jit ? 'on' : 'off'}: ANALYZE took ${(performance.now() - t).toFixed(0)} ms; per connection, first call after it → second (ms):`,
        );
        release();
        for (const r of await Promise.all(timings)) {
          console.log(
            `  connection ${r.connection}: lookup ${r.lookupFirst.toFixed(1)} → ${r.lookupSecond.toFixed(1)}, risk score ${r.riskFirst.toFixed(1)} → ${r.riskSecond.toFixed(1)}`,
          );
        }
      } finally {
        await store.close();
      }
    }
  } finally {
    await bench.dispose();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
