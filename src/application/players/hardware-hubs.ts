import type { UseCaseContext } from '../context.js';

/*
 * Hardware IDs that many machines share (docs/risk-score.md, "Placeholders and hubs"): operators see
 * them by count, never by value, and a store that holds IDs over the threshold (one from before hubs
 * existed, or after HWID_HUB_THRESHOLD was lowered) has them converted at start-up.
 */

export interface HardwareHub {
  /** The profile's numeric id, as `sharedHwidIds` and exports name it. */
  id: number;
  accounts: number;
  scans: number;
  firstSeenAt: number;
  hubSince: number;
}

/** Hubs with the most accounts first, at most `limit`, and how many there are in all. */
export async function listHardwareHubs(
  ctx: UseCaseContext,
  limit: number,
): Promise<{ hubs: HardwareHub[]; total: number }> {
  const { hubs, total } = await ctx.repos.hardwareHubs.list(limit);
  return {
    total,
    hubs: hubs.map((h) => ({
      id: h.id,
      accounts: h.accounts_seen,
      scans: h.total_scans,
      firstSeenAt: h.created_at,
      hubSince: h.hub_since,
    })),
  };
}

/**
 * Converts every ID seen with more accounts than the threshold that still links, each in its own
 * transaction, with finishes kept out while it runs. Returns how many were converted.
 */
export async function convertHubsOverThreshold(ctx: UseCaseContext): Promise<number> {
  const ids = await ctx.repos.hardwareHubs.overThreshold(ctx.config.hwidHubThreshold);
  for (const id of ids) {
    await ctx.transaction(async (repos) => {
      await repos.privacy.excludeFinishes();
      // Checked again inside: another instance starting at once may have converted it already.
      const [state] = await repos.hardwareHubs.states([id]);
      if (state === undefined || state.hub_since !== null) return;
      await repos.hardwareHubs.convert(id, ctx.clock());
    });
  }
  return ids.length;
}
