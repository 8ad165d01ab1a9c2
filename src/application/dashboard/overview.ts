import { DAY_MS } from '../../domain/time.js';
import type { SessionCaller } from '../access/authenticate-session.js';
import { listKeys } from '../accounts/keys.js';
import type { UseCaseContext } from '../context.js';
import type { RateLimitUsage } from '../rate-limits.js';
import { pinSlots } from './pin-creation.js';
import { viewerOf } from './viewer.js';

/** The overview covers this many UTC days, today included. */
export const OVERVIEW_DAYS = 30;
/** How many of the most frequent detections it names. */
export const TOP_DETECTIONS = 10;

export interface DayOfScans {
  /** Start of the UTC day, epoch ms. */
  day: number;
  legit: number;
  suspicious: number;
  cheating: number;
  expired: number;
  error: number;
}

export interface KeyUsage extends RateLimitUsage {
  id: number;
  prefix: string;
  name: string | null;
}

export interface Overview {
  scansPerDay: DayOfScans[];
  activePins: { used: number; limit: number };
  keys: KeyUsage[];
  topDetections: Array<{ name: string; count: number }>;
}

/**
 * The dashboard's overview (docs/dashboard.md, "The dashboard API"): over the PINs the person may see
 * (or those of one Enterprise), how scans ended on each of the last 30 UTC days and the most frequent
 * detections; their own active PINs against the limit; and each of their live keys' use of its
 * hourly budget, read without spending any.
 */
export async function readOverview(
  ctx: UseCaseContext,
  caller: SessionCaller,
  options: { enterpriseId?: number },
): Promise<Overview> {
  const today = Math.floor(ctx.clock() / DAY_MS);
  const firstDay = today - (OVERVIEW_DAYS - 1);
  const viewer = await viewerOf(ctx, caller);
  const scope = {
    accountId: viewer.accountId,
    enterpriseIds: [...viewer.enterpriseIds],
    ...(options.enterpriseId === undefined ? {} : { enterpriseId: options.enterpriseId }),
    from: firstDay * DAY_MS,
    to: (today + 1) * DAY_MS,
  };

  const days: DayOfScans[] = Array.from({ length: OVERVIEW_DAYS }, (_, i) => ({
    day: (firstDay + i) * DAY_MS,
    legit: 0,
    suspicious: 0,
    cheating: 0,
    expired: 0,
    error: 0,
  }));
  for (const row of await ctx.repos.pinStats.endedPerDay(scope)) {
    const entry = days[row.day - firstDay];
    if (entry === undefined) continue;
    if (row.status === 'expired') entry.expired += row.count;
    else if (row.status === 'error') entry.error += row.count;
    else if (row.status === 'finished' && row.result !== null) entry[row.result] += row.count;
  }

  const slots = await pinSlots(ctx, caller);
  const keys: KeyUsage[] = [];
  for (const key of await listKeys(ctx, caller.accountId)) {
    if (key.revoked) continue;
    const usage = await ctx.rateLimiter.usageOfKey({
      keyId: key.id,
      createdAt: key.createdAt,
      rateLimitPerHour: key.rateLimitPerHour,
    });
    keys.push({ id: key.id, prefix: key.prefix, name: key.name, ...usage });
  }

  return {
    scansPerDay: days,
    activePins: { used: slots.used, limit: slots.limit },
    keys,
    topDetections: await ctx.repos.pinStats.topDetections(scope, TOP_DETECTIONS),
  };
}
