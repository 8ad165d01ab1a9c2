import { toDiscordEmbed } from '@scanpin/client';
import { MessageFlags } from 'discord-api-types/v10';
import { UseCaseFailure } from '../../../application/failures.js';
import type { LookupResult } from '../../../application/players/lookup.js';
import type { RiskScoreResult } from '../../../application/players/risk-score.js';
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
