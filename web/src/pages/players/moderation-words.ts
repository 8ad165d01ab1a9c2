import type { ModerationEntry, ModerationReach, ModerationReachReason } from '../../api/types';
import type { Tone } from '../../components';

/*
 * The words of the moderation panel (docs/dashboard.md, "The pages": Players, Moderation): who sees
 * a ban or warning is its reach, the one thing staff must know before confirming.
 */

const NOUN: Record<'ban' | 'warning', string> = { ban: 'ban', warning: 'warning' };

/**
 * "Every community on this server will see this ban." or "Only <Enterprise> will see this ban: " and
 * why (`verb` "sees" once it is made). `reason` is the server's (`reachReason`); without one, an
 * `enterprise` reach is said without a why.
 */
export function reachSentence(
  reach: ModerationReach,
  reason: ModerationReachReason | null,
  kind: 'ban' | 'warning',
  enterpriseName: string,
  verb: 'will see' | 'sees',
): string {
  if (reach === 'shared') return `Every community on this server ${verb} this ${NOUN[kind]}.`;
  const only = `Only ${enterpriseName} ${verb} this ${NOUN[kind]}`;
  switch (reason) {
    case 'not-shared':
      return `${only}: the operator keeps this community’s reports, and its bans and warnings, inside it.`;
    case 'unproven':
      return `${only}: the player has not proven their Discord account. Every community will once they prove it in a scan.`;
    case 'no-hardware':
      return `${only}: the player has no hardware left that other communities could recognise (each hardware ID seen with them is shared by many machines). Every community will once a scan they prove links their hardware again.`;
    case null:
      return `${only}.`;
  }
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
