/*
 * PostgreSQL with and without statistics (docs/benchmarks.md, "Method"). The reads are measured
 * first on a store whose tables were analysed only while empty (at the start-up that created them)
 * and have not been since the data arrived: a new installation as its data comes in, before
 * autovacuum gets to it. Then `ANALYZE` runs while the server keeps its pooled connections and their
 * prepared statements, and a burst of concurrent requests times the first answers after it: every
 * connection plans its prepared statements again then, which once stalled each for 450–780 ms.
 */
import { PIN_RECORD_MAX_AGE_MS } from '../src/application/pins/pin-record-cache.js';
import { PLAYER_FACTS_MAX_AGE_MS } from '../src/application/players/player-facts-cache.js';
import type { Api } from './api.js';
import type { BenchStore } from './stores.js';

export interface Burst {
  /** Concurrent requests sent at once. */
  requests: number;
  /** The slowest and the median answer, ms. */
  maxMs: number;
  p50Ms: number;
}

export interface AnalyzeEffect {
  analyzeMs: number;
  /** Per endpoint: the same burst before ANALYZE and right after it. */
  bursts: Record<string, { before: Burst; after: Burst }>;
}

const BURST = 50;
/**
 * Idle time before every burst, before ANALYZE as after it: longer than the server keeps a PIN or a
 * player's facts in memory without a notice (docs/operations.md, "Caches"), so each burst reads the
 * store. Without it the burst before ANALYZE was answered from memory and the one after it (ANALYZE
 * takes over ten seconds at 1,000,000 scans) from the store, and the two measured different things.
 */
const IDLE_MS = Math.max(PIN_RECORD_MAX_AGE_MS, PLAYER_FACTS_MAX_AGE_MS) + 1_000;

async function burst(api: Api, path: string): Promise<Burst> {
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  const times = await Promise.all(
    Array.from({ length: BURST }, async () => {
      const t = performance.now();
      await api.call('GET', path);
      return performance.now() - t;
    }),
  );
  times.sort((a, b) => a - b);
  return { requests: BURST, maxMs: times[times.length - 1] as number, p50Ms: times[BURST / 2] as number };
}

/** The tables of the bench database's schema, analysed as an operator's `ANALYZE` would. */
export async function analyzeStore(store: BenchStore): Promise<number> {
  if (store.query === undefined) throw new Error('ANALYZE is for PostgreSQL stores');
  const t = performance.now();
  await store.query('analyze');
  return performance.now() - t;
}

/**
 * `paths` named by endpoint; every pooled connection must have run them before (the measured load
 * did), so the burst after ANALYZE is the first use of each prepared statement's new plan.
 */
export async function measureAnalyzeEffect(
  store: BenchStore,
  api: Api,
  paths: Record<string, string>,
): Promise<AnalyzeEffect> {
  const before: Record<string, Burst> = {};
  for (const [name, path] of Object.entries(paths)) before[name] = await burst(api, path);
  const analyzeMs = await analyzeStore(store);
  // One endpoint after the other: each burst meets connections that have not re-planned its statement.
  const bursts: AnalyzeEffect['bursts'] = {};
  for (const [name, path] of Object.entries(paths))
    bursts[name] = { before: before[name] as Burst, after: await burst(api, path) };
  return { analyzeMs, bursts };
}
