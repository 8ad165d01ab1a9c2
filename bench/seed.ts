/*
 * Seeding through the application layer, never over HTTP (docs/benchmarks.md, "Method"): the
 * orchestrator opens the store as the server would (same configuration), runs the use cases, and
 * closes it again before the server starts, so SQLite has one writer at a time.
 */
import { bootstrapEnterprise } from '../src/application/accounts/bootstrap.js';
import { issueKey } from '../src/application/accounts/keys.js';
import type { UseCaseContext } from '../src/application/context.js';
import { banPlayer } from '../src/application/players/bans.js';
import { addStaffNote } from '../src/application/players/notes.js';
import { seedFinishedScans, settleSeededStore } from '../src/application/scans/seed-finished-scans.js';
import { loadConfig } from '../src/config.js';
import { PERMISSIONS } from '../src/domain/permissions.js';
import { wire } from '../src/wiring.js';
import { hotPlayer, type Population } from './population.js';

export interface Fixture {
  accountId: number;
  enterpriseId: number;
  /** Every permission; used for all measured calls. */
  key: string;
  /** Extra keys, each holding at most 20 event streams (docs/api.md, "Following a PIN live"). */
  streamKeys: string[];
  /** Keys of other accounts, each owning an Enterprise: PIN creation and whole scans spread over them. */
  creatorKeys: string[];
  hot: { discordId: string; finishedPin: string };
}

export async function withContext<T>(
  env: NodeJS.ProcessEnv,
  work: (ctx: UseCaseContext) => Promise<T>,
): Promise<T> {
  const wiring = await wire(loadConfig(env), { backgroundJobs: false });
  try {
    return await work(wiring.context);
  } finally {
    await wiring.close();
  }
}

export function setUp(
  env: NodeJS.ProcessEnv,
  counts: { streamKeys: number; creators: number },
  now: number,
): Promise<Fixture> {
  return withContext(env, async (ctx) => {
    const boot = await bootstrapEnterprise(ctx, { enterprise: 'Bench', ownerName: 'Bench', discordId: null });
    const keys: string[] = [];
    for (let i = 0; i < counts.streamKeys; i++) {
      const issued = await issueKey(ctx, boot.accountId, {
        name: `stream-${i}`,
        permissions: [...PERMISSIONS],
        rateLimitPerHour: null,
      });
      keys.push(issued.key);
    }
    const creatorKeys: string[] = [];
    for (let i = 0; i < counts.creators; i++) {
      const name = `Creator ${i}`;
      const creator = await bootstrapEnterprise(ctx, { enterprise: name, ownerName: name, discordId: null });
      creatorKeys.push(creator.key.key);
    }
    return {
      accountId: boot.accountId,
      enterpriseId: boot.enterpriseId,
      key: boot.key.key,
      streamKeys: keys,
      creatorKeys,
      hot: hotPlayer(now),
    };
  });
}

/**
 * Adds scans until `total` are stored; returns the seconds it took. With `analyze` false the store's
 * statistics are left as they were (PostgreSQL: as the start-up gathered them on the empty tables),
 * which is what a new installation sees as its data arrives (docs/benchmarks.md, "Method").
 */
export function seedTo(
  env: NodeJS.ProcessEnv,
  population: Population,
  fixture: Fixture,
  total: number,
  onProgress: (seeded: number) => void = () => {},
  analyze = true,
): Promise<number> {
  return withContext(env, async (ctx) => {
    const started = performance.now();
    const first = population.seeded === 0;
    let lastReport = 0;
    let bans = 0;
    for (const scans of population.batchesUpTo(total)) {
      await seedFinishedScans(ctx, {
        accountId: fixture.accountId,
        enterpriseId: fixture.enterpriseId,
        scans,
      });
      // About one player in a thousand scans is banned or warned, as operators do, through the use case.
      const player = scans[scans.length - 1]?.report.discord[0]?.id;
      if (player !== undefined && player !== fixture.hot.discordId) {
        bans++;
        await banPlayer(ctx, player, {
          status: bans % 2 === 0 ? 'banned' : 'warned',
          reason: 'Bench: detected in a scan',
          expiresAt: null,
        });
      }
      if (population.seeded - lastReport >= 50_000) {
        lastReport = population.seeded;
        onProgress(population.seeded);
      }
    }
    if (first) {
      // The hot player carries a warning and a staff note too, so the lookup reads those tables.
      await banPlayer(ctx, fixture.hot.discordId, {
        status: 'warned',
        reason: 'Bench: repeated detections',
        expiresAt: null,
      });
      await addStaffNote(ctx, fixture.hot.discordId, {
        reason: 'Bench: seen with a known cheat seller',
        category: 'staff',
      });
    }
    if (analyze) await settleSeededStore(ctx);
    return (performance.now() - started) / 1000;
  });
}
