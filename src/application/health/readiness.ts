import type { NetworkOriginsStatus } from '../scans/network-origin.js';

/** Dependencies' health: only the database decides readiness. */
export interface Probes {
  database(): Promise<void>;
  /** Which country and ASN databases and VPN list are loaded: shown, never deciding readiness. */
  networkOrigins?: () => Promise<NetworkOriginsStatus>;
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
  /** The operator's country and VPN databases (docs/operations.md, "Country and VPN databases"). */
  networkOrigins?: NetworkOriginsStatus;
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
  const [database, redis, networkOrigins] = await Promise.all([
    probe(probes.database),
    probes.sharedCounters ? probe(probes.sharedCounters) : Promise.resolve(undefined),
    probes.networkOrigins?.(),
  ]);
  const checks = redis === undefined ? { database } : { database, redis };
  const status = database === 'down' ? 'unavailable' : redis === 'down' ? 'degraded' : 'ok';
  return networkOrigins === undefined ? { status, checks } : { status, checks, networkOrigins };
}
