/** Dependencies' health: only the database decides readiness. */
export interface Probes {
  database(): Promise<void>;
  /** Present with REDIS_URL; while it fails, rate limits are counted per instance. */
  sharedCounters?: () => Promise<void>;
}

export type CheckResult = 'ok' | 'down';

/**
 * /readyz (docs/operations.md, "Health"): not ready only when the database is unreachable. Redis
 * being down degrades rate limiting to per-instance counting but the instance still serves, so it
 * shows as `degraded` rather than taking every instance out of a load balancer at once.
 */
export interface Readiness {
  status: 'ok' | 'degraded' | 'unavailable';
  checks: { database: CheckResult; redis?: CheckResult };
}

async function probe(check: () => Promise<void>): Promise<CheckResult> {
  try {
    await check();
    return 'ok';
  } catch {
    return 'down';
  }
}

export async function checkReadiness(probes: Probes): Promise<Readiness> {
  const [database, redis] = await Promise.all([
    probe(probes.database),
    probes.sharedCounters ? probe(probes.sharedCounters) : Promise.resolve(undefined),
  ]);
  const checks = redis === undefined ? { database } : { database, redis };
  const status = database === 'down' ? 'unavailable' : redis === 'down' ? 'degraded' : 'ok';
  return { status, checks };
}
