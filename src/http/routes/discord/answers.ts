import { toDiscordEmbed } from '@scanpin/client';
import { MessageFlags } from 'discord-api-types/v10';
import { UseCaseFailure } from '../../../application/failures.js';
import type { DiscordModeration, DiscordSanction } from '../../../application/moderation/from-discord.js';
import type { LookupResult } from '../../../application/players/lookup.js';
import type { RiskScoreResult } from '../../../application/players/risk-score.js';
import { plural } from '../../../domain/plural.js';
import { iso } from '../../../domain/time.js';
import type { DiscordMessageBody } from '../../../lib/discord-rest.js';
import { problemFor } from '../../problem.js';
import { presentLookup, presentRiskScore } from '../players/present.js';

/*
 * What the app answers in Discord (docs/discord.md, "Commands"). Lookups, risk scores, refusals and
 * share links are ephemeral: only whoever asked sees them. Messages never mention anyone.
 */

const EPHEMERAL = MessageFlags.Ephemeral;
const NO_MENTIONS = { parse: [] as [] };

/** A refusal as the person who asked sees it: the same words as the API's problem detail. */
export function refusalMessage(err: unknown): DiscordMessageBody | undefined {
  if (!(err instanceof UseCaseFailure)) return undefined;
  return { content: problemFor(err.failure).detail, flags: EPHEMERAL, allowed_mentions: NO_MENTIONS };
}

/** For a failure of ours, not of the request: said without details, which go to the log. */
export const SOMETHING_WENT_WRONG: DiscordMessageBody = {
  content: 'Something went wrong on scanpin’s side; nothing was changed. Try again in a moment.',
  flags: EPHEMERAL,
  allowed_mentions: NO_MENTIONS,
};

export function ephemeralText(content: string): DiscordMessageBody {
  return { content, flags: EPHEMERAL, allowed_mentions: NO_MENTIONS };
}

/** The lookup as the API gives it, as an embed within Discord's limits (the SDK's rules). */
export function lookupMessage(result: LookupResult): DiscordMessageBody {
  return { embeds: [toDiscordEmbed(presentLookup(result))], flags: EPHEMERAL, allowed_mentions: NO_MENTIONS };
}

export function riskMessage(result: RiskScoreResult): DiscordMessageBody {
  return {
    embeds: [toDiscordEmbed(presentRiskScore(result))],
    flags: EPHEMERAL,
    allowed_mentions: NO_MENTIONS,
  };
}

/** Where a ban or warning shows, and why only the Enterprise sees it (docs/roles.md, "Moderation"). */
function reachWords(done: DiscordSanction): string {
  const only = `Only ${done.enterpriseName} sees it`;
  switch (done.reachReason) {
    case null:
      return 'Every community on this scanpin server sees it.';
    case 'not-shared':
      return `${only}: the operator keeps this community’s reports, and its bans and warnings, inside it.`;
    case 'unproven':
      return `${only}: the player has not proven their Discord account in a scan. It reaches every community once they do.`;
    case 'no-hardware':
      return `${only}: the player has no hardware left that other communities could recognise (each hardware ID seen with them is shared by many machines). It reaches every community once a scan they prove links their hardware again.`;
  }
}

/** `/ban` and `/warn` done: what, on whom, until when, and who sees it. */
export function sanctionAnswer(done: DiscordSanction, playerName: string): DiscordMessageBody {
  const { entry } = done;
  const what = entry.kind === 'ban' ? 'Banned' : 'Warned';
  const until =
    entry.expiresAt === null
      ? 'until lifted with /unban'
      : `until ${iso(entry.expiresAt).slice(0, 16).replace('T', ' ')} UTC`;
  return ephemeralText(
    `${what} ${playerName} for ${done.enterpriseName}, ${until}. ${reachWords(done)} /lookup shows it.`,
  );
}

/** `/note` done. */
export function noteAnswer(done: DiscordModeration, playerName: string): DiscordMessageBody {
  return ephemeralText(
    `Noted on ${playerName}. Only ${done.enterpriseName}’s staff read notes (in /lookup and the dashboard).`,
  );
}

/** `/unban` done: how many of the Enterprise's bans and warnings it lifted. */
export function unbanAnswer(
  done: { enterpriseName: string; lifted: number },
  playerName: string,
): DiscordMessageBody {
  return ephemeralText(
    done.lifted === 0
      ? `${done.enterpriseName} has no ban or warning in force on ${playerName}: nothing to lift.`
      : `Lifted ${plural(done.lifted, 'ban or warning', 'bans and warnings')} of ${done.enterpriseName} on ${playerName}; they show as expired from now on.`,
  );
}
