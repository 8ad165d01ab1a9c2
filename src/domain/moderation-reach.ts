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

/** The reach of every note: the Enterprise's own. */
export const NOTE_REACH: Reach = 'enterprise';

export interface PlayerStanding {
  /** The player has a shared profile: a scan tied to them (docs/risk-score.md, "Whose scan it is"). */
  proven: boolean;
  /** The hardware IDs linked to the player now (a shared ban covers these). */
  hardware: number;
}

/**
 * Where a new ban or warning would reach now. A profile with no hardware left (every ID it had became
 * a hub) would make a shared ban cover nothing, invisible even to the Enterprise that made it, so
 * that ban stays the Enterprise's until a scan links hardware again.
 */
export function sanctionReach(player: PlayerStanding, reportsShared: boolean): Reach {
  return player.proven && player.hardware > 0 && reportsShared ? 'shared' : 'enterprise';
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
