import type { SanctionKind } from './moderation.js';
import type { Reach } from './report-provenance.js';

/*
 * Where a ban or warning by an Enterprise's staff shows (docs/roles.md, "Moderation"). A report
 * counts for every community only when the scan is tied to the player and its Enterprise's reports
 * are shared (domain/report-provenance.ts); a ban follows the same rule, for the same reason: without
 * a proven account, "this Discord ID cheated" is one community's word about a stranger, and a ban
 * shared on that word would let any customer mark anyone `banned` everywhere.
 *
 * - `shared`: the player has a shared profile (a scan proved their account) and the Enterprise's
 *   reports are shared. The ban covers every hardware ID linked to the player at that moment, as an
 *   operator's does, and every community's lookup and risk score show it.
 * - `enterprise`: otherwise. Only readers through that Enterprise see it (its members in the
 *   dashboard, their API keys on /v1, its Discord server's staff); it covers no hardware.
 *
 * An `enterprise` ban or warning still active when the player later proves their account in a scan
 * becomes `shared` then, if its Enterprise shares reports at that moment, covering the player's
 * hardware of that moment. Notes are always `enterprise`.
 */

export type { Reach };

/** Why a ban or warning stays the Enterprise's own (`reachReason`). */
export const REACH_REASONS = ['not-shared', 'unproven', 'no-hardware'] as const;
export type ReachReason = (typeof REACH_REASONS)[number];

/** The reach of every note: the Enterprise's own. */
export const NOTE_REACH: Reach = 'enterprise';

export interface PlayerStanding {
  /** The player has a shared profile: a scan tied to them (docs/risk-score.md, "Whose scan it is"). */
  proven: boolean;
  /** The hardware IDs linked to the player now (a shared ban covers these). */
  hardware: number;
}

/**
 * Why a new ban or warning would stay the Enterprise's own, or null when it would be shared:
 * - `not-shared`: an operator keeps the Enterprise's reports inside it, and its bans with them;
 * - `unproven`: the player has not proven their Discord account in a scan (no shared profile);
 * - `no-hardware`: the player is proven but no hardware is linked to them any more (every ID they
 *   had became a hub, docs/risk-score.md "Placeholders and hubs"): a shared ban would cover nothing,
 *   invisible even to the Enterprise that made it, so it stays the Enterprise's until a scan links
 *   hardware again.
 * When several hold, the first in that order: a proof does nothing for an Enterprise that does not
 * share, and an unproven player has no hardware of their own either.
 */
export function reachReason(player: PlayerStanding, reportsShared: boolean): ReachReason | null {
  if (!reportsShared) return 'not-shared';
  if (!player.proven) return 'unproven';
  if (player.hardware === 0) return 'no-hardware';
  return null;
}

/** Where a new ban or warning would reach now: shared unless `reachReason` names a reason. */
export function sanctionReach(player: PlayerStanding, reportsShared: boolean): Reach {
  return reachReason(player, reportsShared) === null ? 'shared' : 'enterprise';
}

/** Whether an Enterprise's ban or warning becomes shared when the player's account is proven in a scan. */
export function sharedAtProof(
  entry: { kind: SanctionKind; expiresAt: number | null; liftedAt: number | null; reach: Reach },
  player: PlayerStanding,
  reportsShared: boolean,
  now: number,
): boolean {
  const active = entry.liftedAt === null && (entry.expiresAt === null || entry.expiresAt > now);
  return entry.reach === 'enterprise' && active && sanctionReach(player, reportsShared) === 'shared';
}
