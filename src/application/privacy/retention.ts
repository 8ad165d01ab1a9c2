import { RULE_TEST_KEEP_DAYS } from '../../domain/rule-test.js';
import { DAY_MS } from '../../domain/time.js';
import type { UseCaseContext } from '../context.js';

export interface RetentionRun {
  /** Reports whose IP hash was dropped. */
  ipHashesForgotten: number;
  /** Networks scans were seen on (keyed hashes of /24 or /64 with country and ASN) that were removed. */
  scanNetworksForgotten: number;
  /** PINs removed with their reports, timelines, share links and webhook events. */
  pinsRemoved: number;
  /** Hardware profiles and users whose counters were recomputed from what remains. */
  profilesRecounted: number;
  usersRecounted: number;
  /** Players with no scan left, no ban and no staff note: their record, links and notes went too. */
  playersRemoved: number;
  /** Rule tests that ended RULE_TEST_KEEP_DAYS ago, with their matches (docs/scan-client.md). */
  ruleTestsRemoved: number;
}

/** PINs removed per transaction: each batch is short, and consistent on its own. */
const BATCH = 200;

/** Where the day of the last run is kept, shared by every instance on the store. */
const LAST_RUN_SETTING = 'privacy_retention_last_day';

/**
 * Retention (docs/privacy.md, "Retention"): drops the IP hash of reports older than
 * IP_RETENTION_DAYS and removes PINs that ended more than REPORT_RETENTION_DAYS ago with everything
 * stored about their scans (0 keeps either for good); their codes stay retired, so no later PIN is
 * given one of them again. Each batch of removals recounts, in the same
 * transaction, the hardware profiles and users whose counters included those scans, so every risk
 * score and lookup equals a recomputation from the scans that remain. A player left with no scan, no
 * ban and no staff note is removed as an erasure would (no report names them any more). Rule tests
 * go a week after they were last written.
 */
export async function applyRetention(ctx: UseCaseContext): Promise<RetentionRun> {
  const now = ctx.clock();
  const run: RetentionRun = {
    ipHashesForgotten: 0,
    scanNetworksForgotten: 0,
    pinsRemoved: 0,
    profilesRecounted: 0,
    usersRecounted: 0,
    playersRemoved: 0,
    ruleTestsRemoved: 0,
  };
  // A test's matches list PINs and findings: scan data kept a week, whatever else is kept for good.
  run.ruleTestsRemoved = await ctx.transaction(({ ruleTests }) =>
    ruleTests.removeWrittenBefore(now - RULE_TEST_KEEP_DAYS * DAY_MS),
  );
  const { ipRetentionDays, reportRetentionDays } = ctx.config;
  if (ipRetentionDays > 0) {
    run.ipHashesForgotten = await ctx.repos.privacy.forgetIpHashesBefore(now - ipRetentionDays * DAY_MS);
    // Derived from addresses too (docs/privacy.md, "Where the scan ran"): kept no longer than the IP hashes.
    run.scanNetworksForgotten = await ctx.repos.scanNetworks.removeBefore(now - ipRetentionDays * DAY_MS);
  }
  if (reportRetentionDays === 0) return run;
  const cutoff = now - reportRetentionDays * DAY_MS;
  for (;;) {
    const batch = await ctx.transaction(async ({ privacy }) => {
      await privacy.excludeFinishes();
      const pinIds = await privacy.pinsEndedBefore(cutoff, BATCH);
      const { hwidIds, userIds } = await privacy.removePins(pinIds, now);
      for (const id of hwidIds) await privacy.recountProfile(id);
      let players = 0;
      for (const id of userIds) {
        await privacy.recountUser(id);
        // A record with no scan left serves no purpose; a ban or a staff note is the operator's to lift.
        if (!(await privacy.onlyDerivedDataLeft(id))) continue;
        const user = await privacy.findUserById(id);
        if (user !== undefined) await privacy.removeUser(id, user.discord_id);
        players++;
      }
      return { pinIds, pins: pinIds.length, profiles: hwidIds.length, users: userIds.length, players };
    });
    // Removed PINs answer 404 from now on: nothing may keep what they said before.
    for (const pinId of batch.pinIds) ctx.pinChanges.publish(pinId);
    run.pinsRemoved += batch.pins;
    run.profilesRecounted += batch.profiles;
    run.usersRecounted += batch.users;
    run.playersRemoved += batch.players;
    if (batch.pins < BATCH) return run;
  }
}

/**
 * The daily run: every instance checks hourly, and the one that claims the UTC day in the store runs
 * it, so several instances never repeat it and a restart never skips a day.
 */
export async function dailyRetention(ctx: UseCaseContext): Promise<RetentionRun | null> {
  const day = new Date(ctx.clock()).toISOString().slice(0, 10);
  if (!(await ctx.repos.privacy.claimDay(LAST_RUN_SETTING, day))) return null;
  return applyRetention(ctx);
}
