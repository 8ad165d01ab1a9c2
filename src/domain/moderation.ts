import { DAY_MS } from './time.js';

/*
 * What an Enterprise's staff record on a player (docs/roles.md, "Moderation"): bans and warnings,
 * which raise the player's status and risk score where they reach, and notes, which only the
 * Enterprise reads. Where each reaches is domain/moderation-reach.ts.
 */

export const MODERATION_KINDS = ['ban', 'warning', 'note'] as const;
export type ModerationKind = (typeof MODERATION_KINDS)[number];
/** The kinds that count against a player and can be lifted. */
export type SanctionKind = Exclude<ModerationKind, 'note'>;

export const MODERATION_LIMITS = {
  /** A ban's or warning's reason, trimmed. */
  reason: 500,
  /** A note's text, trimmed. */
  note: 2000,
  /** How long a ban or warning from the Discord app may last (`days`). */
  days: 3650,
  /** An Enterprise's entries on one player that its player page lists, the newest. */
  listed: 200,
} as const;

/** A ban or warning as the player's status reads it: the lookup's `banned` and `warned`. */
export function banStatusOf(kind: SanctionKind): 'banned' | 'warned' {
  return kind === 'ban' ? 'banned' : 'warned';
}

export type EntryStatus = 'active' | 'expired' | 'lifted';

/** `lifted` once staff lifted it, else `expired` past its expiry, else `active`; a note stays active. */
export function entryStatus(
  entry: { expiresAt: number | null; liftedAt: number | null },
  now: number,
): EntryStatus {
  if (entry.liftedAt !== null) return 'lifted';
  if (entry.expiresAt !== null && entry.expiresAt <= now) return 'expired';
  return 'active';
}

/**
 * A reason or note as kept: trimmed, and refused (undefined) when nothing is left or it is longer
 * than `max`. Inner line breaks stay: staff write paragraphs.
 */
export function moderationText(raw: string, max: number): string | undefined {
  const text = raw.trim();
  return text.length === 0 || text.length > max ? undefined : text;
}

/** An expiry must lie ahead (a past one would be over already); null: until lifted. */
export function isUsableExpiry(expiresAt: number | null, now: number): boolean {
  return expiresAt === null || expiresAt > now;
}

/**
 * Text with something besides white space, and no NUL, as a JSON Schema pattern: what
 * `moderationText` keeps, said in the route's schema so the document predicts the refusal.
 */
export const MODERATION_TEXT_PATTERN = '^[^\\u0000]*[^\\s\\u0000][^\\u0000]*$';

/** The end of a ban or warning given in whole days from now (the Discord app's `days`). */
export function expiryInDays(days: number | undefined, now: number): number | null {
  return days === undefined ? null : now + days * DAY_MS;
}
