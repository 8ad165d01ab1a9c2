/**
 * How many entries of each list a risk score or lookup carries (docs/api.md, "Lookup"): the rest are
 * counted, so an answer's size and the work behind it stay bounded however much history a player has
 * and however many accounts share their hardware.
 */
export const PLAYER_LIST_LIMITS = {
  /** Distinct detection names of the player, the first by name. */
  detections: 100,
  /** Staff and automatic notes, the most recent. */
  reasons: 100,
  /** Bans and warnings, the most recent (every one still decides isBanned and isWarned). */
  bans: 50,
  /** Related accounts, the most recently seen. */
  relatedAccounts: 50,
  /** Per related account: its distinct detection names, and the hardware IDs it shares. */
  relatedDetections: 25,
  sharedHwidIds: 16,
} as const;
