import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { ADMIN_TOKEN } from '../support/test-app.js';
import { formatStats, runFuzz } from './run.js';
import { dumpStore, storeChanges } from './store-dump.js';
import { type FuzzApp, startFuzzApp } from './world.js';

/**
 * Generated malformed and hostile input to every endpoint of /openapi.json and the hidden pages
 * (docs/security.md): never a 5xx, every refusal a problem with a documented code, every answer as
 * documented, and no refused request changes the store. `npm test` runs a bounded number of cases
 * with a fixed seed; `npm run fuzz` sets SCANPIN_FUZZ_SCALE (20) and a random seed, printed.
 * Re-run a failure with SCANPIN_FUZZ_SEED=<seed> (and the same scale).
 */
const SCALE = Number(process.env.SCANPIN_FUZZ_SCALE ?? '1');
const SEED = Number(process.env.SCANPIN_FUZZ_SEED ?? (SCALE > 1 ? Date.now() % 1_000_000 : 12_012));
/** The store-dump property runs on SQLite and PostgreSQL; Redis only holds counters, not checked here. */
const STORES = backends().filter((b) => b.redisUrl === undefined);
const RUNS: Record<string, number> = { sqlite: 800, postgres: 200 };

describe.each(STORES)('fuzzing every endpoint on $name', (backend) => {
  let target: FuzzApp;
  beforeAll(async () => {
    target = await startFuzzApp(backend);
  });
  afterAll(async () => target?.close());

  it('the store dump sees a change, and leaves out only what a refusal may move', async () => {
    const before = await dumpStore(target.store);
    const created = await target.app.inject({
      method: 'POST',
      url: '/admin/v1/accounts',
      headers: { 'x-admin-token': ADMIN_TOKEN, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'Dump check' }),
    });
    expect(created.statusCode).toBe(201);
    const changes = storeChanges(before, await dumpStore(target.store));
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatch(/^accounts: -0 \+1 /);
  });

  it(
    'never answers 5xx, refuses with documented problems, and a refusal changes nothing',
    async () => {
      const stats = await runFuzz(() => startFuzzApp(backend), {
        runs: (RUNS[backend.name] ?? 300) * SCALE,
        perWorld: 30,
        perStore: 900,
        seed: SEED,
        checkStore: true,
      });
      const report = formatStats(backend.name, stats);
      console.log(report);
      expect(stats.cases).toBeGreaterThan(0);
      expect(stats.failureCount, report).toBe(0);
    },
    600_000 * SCALE,
  );
});
