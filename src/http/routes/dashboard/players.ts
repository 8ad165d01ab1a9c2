import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { UseCaseContext } from '../../../application/context.js';
import { authorizeDashboardPlayerRead, readPlayerPage } from '../../../application/dashboard/players.js';
import { GAME_TYPES } from '../../../domain/game-types.js';
import { iso } from '../../../domain/time.js';
import { personOf } from '../../plugins/session-auth.js';
import { Nullable, problemResponses, Timestamp } from '../../schemas/common.js';
import { presentLookup, presentRiskScore } from '../players/present.js';
import { DiscordIdParams, LookupResponse, RiskScoreResponse } from '../players/schemas.js';
import { discordIdValidation } from '../players/validation.js';
import { security, sessionErrors, tags } from './schemas.js';

const PlayerScan = Type.Object({
  pin: Nullable(Type.String({ description: 'The PIN code, only if you may see that PIN.' })),
  type: Type.Enum(GAME_TYPES),
  result: Nullable(Type.Enum(['legit', 'cheating', 'suspicious'])),
  finishedAt: Timestamp,
  detectionsCount: Type.Integer(),
});

/** A player's page (docs/dashboard.md, "The dashboard API"): who may read players is the /v1 licence rule. */
export function dashboardPlayerRoutes(ctx: UseCaseContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/players/:discordId',
      {
        schema: {
          tags,
          security,
          summary: 'A player: risk score, lookup and scans',
          description:
            'The /v1 risk-score and lookup bodies, and the newest 50 finished scans whose report named the player. Needs an active licence or Enterprise membership (403 licence_required).',
          params: DiscordIdParams,
          response: {
            200: Type.Object({
              riskScore: RiskScoreResponse,
              lookup: LookupResponse,
              scans: Type.Array(PlayerScan),
            }),
            ...sessionErrors,
            ...problemResponses(400, 404),
          },
        },
        config: { mapValidation: discordIdValidation },
        // licence_required comes before invalid_discord_id, as on /v1 (docs/api.md, "Errors").
        onRequest: async (request: FastifyRequest) => authorizeDashboardPlayerRead(ctx, personOf(request)),
      },
      async (request) => {
        const page = await readPlayerPage(ctx, personOf(request), request.params.discordId);
        return {
          riskScore: presentRiskScore(page.riskScore),
          lookup: presentLookup(page.lookup),
          scans: page.scans.map((s) => ({ ...s, finishedAt: iso(s.finishedAt) })),
        };
      },
    );
  };
}
