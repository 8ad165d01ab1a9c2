import type { ModerationEntry, ModerationReach } from '../../api/types';
import type { Tone } from '../../components';

/*
 * The words of the moderation panel (docs/dashboard.md, "The pages": Players, Moderation): who sees
 * a ban or warning is its reach, the one thing staff must know before confirming.
 */

const NOUN: Record<'ban' | 'warning', string> = { ban: 'ban', warning: 'warning' };

/**
 * "Every community on this server will see this ban." or "Only <Enterprise> will see this ban: the
 * player has not proven their Discord account." (`verb` "sees" once it is made).
 */
export function reachSentence(
  reach: ModerationReach,
  kind: 'ban' | 'warning',
  enterpriseName: string,
  verb: 'will see' | 'sees',
): string {
  return reach === 'shared'
    ? `Every community on this server ${verb} this ${NOUN[kind]}.`
    : `Only ${enterpriseName} ${verb} this ${NOUN[kind]}: the player has not proven their Discord account.`;
}

export const KIND: Record<ModerationEntry['kind'], [string, Tone]> = {
  ban: ['Ban', 'danger'],
  warning: ['Warning', 'warning'],
  note: ['Note', 'info'],
};

export const STATUS: Record<ModerationEntry['status'], [string, Tone]> = {
  active: ['Active', 'warning'],
  expired: ['Expired', 'neutral'],
  lifted: ['Lifted', 'neutral'],
};

export function reachLabel(reach: ModerationReach, enterpriseName: string): string {
  return reach === 'shared' ? 'Every community' : `Only ${enterpriseName}`;
}
