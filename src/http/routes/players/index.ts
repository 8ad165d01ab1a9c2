import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { UseCaseContext } from '../../../application/context.js';
import { authorizePlayerRead } from '../../../application/players/authorize-player-read.js';
import { lookUpPlayer } from '../../../application/players/lookup.js';
import { readRiskScore } from '../../../application/players/risk-score.js';
import { callerOf } from '../../plugins/key-auth.js';
import { SerializedAnswers } from '../../plugins/serialized-answers.js';
import { presentLookup, presentRiskScore } from './present.js';
import { DiscordIdParams, LookupResponse, playerErrors, RiskScoreResponse } from './schemas.js';
import { discordIdValidation } from './validation.js';

/** Risk score and lookup (docs/api.md, "Players"): any account with a licence or Enterprise membership. */
export function playerRoutes(ctx: UseCaseContext): FastifyPluginAsyncTypebox {
  // licence_required comes before invalid_discord_id (docs/api.md, "Errors"), so it runs before validation.
  const requireLicence = (request: FastifyRequest) => authorizePlayerRead(ctx, callerOf(request));

  return async (app) => {
    const riskScores = new SerializedAnswers<object>();
    const lookups = new SerializedAnswers<object>();
    app.get(
      '/v1/users/:discordId/risk-score',
      {
        schema: {
          summary: "Read a user's risk score",
          description:
            'The highest score across the hardware profiles linked to the user, with statistics over every scan on that hardware. See docs/risk-score.md.',
          tags: ['Public API'],
          security: [{ apiKey: [] }],
          params: DiscordIdParams,
          response: { 200: RiskScoreResponse, ...playerErrors },
        },
        config: { permission: 'user:risk-score', mapValidation: discordIdValidation },
        onRequest: requireLicence,
      },
      async (request, reply) => {
        const result = await readRiskScore(ctx, callerOf(request), request.params.discordId);
        const kept = result.found ? result : undefined;
        return riskScores.answer(reply, kept, () => presentRiskScore(result)) as never;
      },
    );

    app.get(
      '/v1/scanned-users/lookup/:discordId',
      {
        schema: {
          summary: 'Look up a scanned user',
          description:
            "The person's own scans, the bans and warnings reaching them, staff notes, and the accounts sharing their hardware. See docs/risk-score.md.",
          tags: ['Public API'],
          security: [{ apiKey: [] }],
          params: DiscordIdParams,
          response: { 200: LookupResponse, ...playerErrors },
        },
        config: { permission: 'scanned-users:lookup', mapValidation: discordIdValidation },
        onRequest: requireLicence,
      },
      async (request, reply) => {
        const result = await lookUpPlayer(ctx, callerOf(request), request.params.discordId);
        const kept = result.found ? result : undefined;
        return lookups.answer(reply, kept, () => presentLookup(result)) as never;
      },
    );
  };
}
