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

/**
 * A check that has not answered by then counts as down: a stalled database (frozen, or packets
 * dropped) must fail readiness rather than hold the probe until the load balancer gives up.
 */
export const PROBE_TIMEOUT_MS = 2_000;

async function probe(check: () => Promise<void>): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('readiness check timed out')), PROBE_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'ok';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
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
