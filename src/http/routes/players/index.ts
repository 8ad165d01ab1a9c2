import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { requireAccount } from '../../plugins/api-key-auth.js';
import { problems } from '../../problem.js';
import { DiscordIdParams, LookupResponse, playerErrors, RiskScoreResponse } from './schemas.js';
import { discordIdValidation } from './validation.js';
import { lookupView, riskScoreView } from './views.js';

/** Risk score and lookup (spec §4.4, §4.5): any account with a licence or Enterprise membership. */
export function playerRoutes(deps: AppDeps): FastifyPluginAsyncTypebox {
  const { repos, clock } = deps;

  // CONTRACT §3 orders licence_required before invalid_discord_id, so this runs before validation.
  async function requireLicence(request: FastifyRequest): Promise<void> {
    const account = requireAccount(request);
    const licensed = account.licenceExpiresAt !== null && account.licenceExpiresAt > clock();
    if (!licensed && !(await repos.enterprises.hasActiveMembership(account.id)))
      throw problems.licenceRequired();
  }

  return async (app) => {
    app.get(
      '/v1/users/:discordId/risk-score',
      {
        schema: {
          summary: "Read a user's risk score",
          description:
            'The highest score across the hardware profiles linked to the user, with statistics over every scan on that hardware. See docs/risk-score.md.',
          tags: ['Players'],
          security: [{ apiKey: [] }],
          params: DiscordIdParams,
          response: { 200: RiskScoreResponse, ...playerErrors },
        },
        config: { permission: 'user:risk-score', mapValidation: discordIdValidation },
        onRequest: requireLicence,
      },
      async (request) => riskScoreView(repos.players, request.params.discordId, clock()),
    );

    app.get(
      '/v1/scanned-users/lookup/:discordId',
      {
        schema: {
          summary: 'Look up a scanned user',
          description:
            "The user's scans, bans and warnings, staff notes and accounts sharing their hardware.",
          tags: ['Players'],
          security: [{ apiKey: [] }],
          params: DiscordIdParams,
          response: { 200: LookupResponse, ...playerErrors },
        },
        config: { permission: 'scanned-users:lookup', mapValidation: discordIdValidation },
        onRequest: requireLicence,
      },
      async (request) => lookupView(repos.players, request.params.discordId, clock()),
    );
  };
}
