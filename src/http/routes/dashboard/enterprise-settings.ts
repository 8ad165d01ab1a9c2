import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { UseCaseContext } from '../../../application/context.js';
import {
  changeEnterpriseSettings,
  readEnterpriseSettings,
} from '../../../application/dashboard/enterprise-settings.js';
import { readPinQuotas, setPinQuotas } from '../../../application/dashboard/pin-quotas.js';
import { MAX_ROLE_QUOTA } from '../../../domain/roles.js';
import { personOf } from '../../plugins/session-auth.js';
import { problemResponses } from '../../schemas/common.js';
import { RowId as Id, security, sessionErrors, tags } from './schemas.js';

const errors = { ...sessionErrors, ...problemResponses(400, 403, 404) };
const EnterpriseParams = Type.Object({ id: Id });
const verdictToPlayers = Type.Boolean({
  description:
    'The scanner shows the player their verdict at the end of the scan. Off by default: the player is told only that the scan is complete and that the staff have the result.',
});
const Settings = Type.Object({ verdictToPlayers });
const quota = Type.Integer({ minimum: 0, maximum: MAX_ROLE_QUOTA });
const PinQuotas = Type.Object(
  { owner: quota, admin: quota, moderator: quota },
  {
    additionalProperties: false,
    description:
      'How many active (pending or scanning) PINs the staff of each role may hold together, created through the dashboard or the Discord app (docs/roles.md, "PIN quotas"). MAX_ACTIVE_PINS until the owner sets one; 0 stops the role creating PINs.',
  },
);

/** An Enterprise's settings (docs/dashboard.md, "Showing players their verdict"). */
export function enterpriseSettingsRoutes(ctx: UseCaseContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/enterprises/:id/settings',
      {
        schema: {
          tags,
          security,
          summary: "An Enterprise's settings (owner and members)",
          params: EnterpriseParams,
          response: { 200: Settings, ...errors },
        },
      },
      async (request) => readEnterpriseSettings(ctx, personOf(request), request.params.id),
    );

    app.put(
      '/enterprises/:id/settings',
      {
        schema: {
          tags,
          security,
          summary: "Change an Enterprise's settings (owner only)",
          description: 'Recorded in the audit trail as enterprise.update.',
          params: EnterpriseParams,
          body: Type.Object({ verdictToPlayers }, { additionalProperties: false }),
          response: { 200: Settings, ...errors },
        },
      },
      async (request) => changeEnterpriseSettings(ctx, personOf(request), request.params.id, request.body),
    );

    app.get(
      '/enterprises/:id/pin-quotas',
      {
        schema: {
          tags,
          security,
          summary: "Each role's quota of active PINs (every role)",
          params: EnterpriseParams,
          response: { 200: PinQuotas, ...errors },
        },
      },
      async (request) => readPinQuotas(ctx, personOf(request), request.params.id),
    );

    app.put(
      '/enterprises/:id/pin-quotas',
      {
        schema: {
          tags,
          security,
          summary: "Set roles' quotas of active PINs (owner only)",
          description: 'Only the roles named change. Recorded in the audit trail as enterprise.update.',
          params: EnterpriseParams,
          body: Type.Object(
            { owner: Type.Optional(quota), admin: Type.Optional(quota), moderator: Type.Optional(quota) },
            { additionalProperties: false, minProperties: 1 },
          ),
          response: { 200: PinQuotas, ...errors },
        },
      },
      async (request) => setPinQuotas(ctx, personOf(request), request.params.id, request.body),
    );
  };
}
