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
 * The control characters a reason or note may not hold: C0 but the tab and line breaks (staff write
 * paragraphs), DEL and C1. NUL in particular: PostgreSQL refuses it in text, and other controls act
 * on the terminals and Discord messages the text is shown in. One class, for `moderationText` and the
 * routes' schema pattern alike.
 */
const CONTROL_CLASS = '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F';
const CONTROL_CHARACTER = new RegExp(`[${CONTROL_CLASS}]`);

/**
 * A reason or note as kept: trimmed, and refused (undefined) when nothing is left, when it is longer
 * than `max` characters (Unicode code points, as the schema's maxLength counts them: an emoji is one),
 * or when it holds a control character. Inner line breaks stay: staff write paragraphs.
 */
export function moderationText(raw: string, max: number): string | undefined {
  if (CONTROL_CHARACTER.test(raw)) return undefined;
  const text = raw.trim();
  if (text.length === 0) return undefined;
  // A string has no more code points than UTF-16 units: only one too long in units is counted.
  return text.length > max && [...text].length > max ? undefined : text;
}

/** An expiry must lie ahead (a past one would be over already); null: until lifted. */
export function isUsableExpiry(expiresAt: number | null, now: number): boolean {
  return expiresAt === null || expiresAt > now;
}

/**
 * Text with something besides white space, and no control character, as a JSON Schema pattern: what
 * `moderationText` keeps, said in the route's schema so the document predicts the refusal.
 */
export const MODERATION_TEXT_PATTERN = `^[^${CONTROL_CLASS}]*[^\\s${CONTROL_CLASS}][^${CONTROL_CLASS}]*$`;

/** The end of a ban or warning given in whole days from now (the Discord app's `days`). */
export function expiryInDays(days: number | undefined, now: number): number | null {
  return days === undefined ? null : now + days * DAY_MS;
}
