import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { UseCaseContext } from '../../../application/context.js';
import {
  createDashboardConnectCode,
  disconnectDiscordGuild,
  previewScanMessage,
  readDiscordSettings,
  setDiscordStaffRoles,
} from '../../../application/dashboard/discord.js';
import { iso } from '../../../domain/time.js';
import { personOf } from '../../plugins/session-auth.js';
import { NoContent, Nullable, problemResponses, Timestamp } from '../../schemas/common.js';
import {
  DiscordMessage,
  GuildView,
  PutGuildBody,
  presentDiscordMessage,
  presentGuild,
  Snowflake,
} from '../../schemas/discord.js';
import { PinParams } from '../pins/schemas.js';
import { pinCodeValidation } from '../pins/validation.js';
import { RowId as Id, security, sessionErrors, tags } from './schemas.js';

const errors = { ...sessionErrors, ...problemResponses(400, 403, 404, 409) };
const EnterpriseParams = Type.Object({ id: Id });
const GuildParams = Type.Object({ id: Id, guildId: Snowflake });

/** The built-in Discord app's settings for an Enterprise's owner (docs/discord.md, "Connecting a server"). */
export function dashboardDiscordRoutes(ctx: UseCaseContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/enterprises/:id/discord',
      {
        schema: {
          tags,
          security,
          summary: 'The Discord app: invite link and connected servers (owner only)',
          params: EnterpriseParams,
          response: {
            200: Type.Object({
              appConfigured: Type.Boolean(),
              inviteUrl: Nullable(Type.String()),
              interactionsUrl: Type.String(),
              guilds: Type.Array(GuildView),
            }),
            ...errors,
          },
        },
      },
      async (request) => {
        const settings = await readDiscordSettings(ctx, personOf(request), request.params.id);
        return { ...settings, guilds: settings.guilds.map(presentGuild) };
      },
    );

    app.get(
      '/pins/:pinCode/discord-message',
      {
        schema: {
          tags,
          security,
          summary: "A PIN's message in the Discord app, as it would be drawn now",
          description:
            'The content, embed and buttons the built-in Discord app shows for this PIN (docs/discord.md, "The scan message"), for a preview.',
          params: PinParams,
          response: { 200: DiscordMessage, ...sessionErrors, ...problemResponses(400, 404) },
        },
        config: { mapValidation: pinCodeValidation },
      },
      async (request) =>
        presentDiscordMessage(await previewScanMessage(ctx, personOf(request), request.params.pinCode)),
    );

    app.post(
      '/enterprises/:id/discord/connect-codes',
      {
        schema: {
          tags,
          security,
          summary: 'Make a one-time code for /scanpin connect (owner only)',
          description: 'Valid for 30 minutes and one server; shown in this answer only.',
          params: EnterpriseParams,
          response: { 201: Type.Object({ code: Type.String(), expiresAt: Timestamp }), ...errors },
        },
      },
      async (request, reply) => {
        const { code, expiresAt } = await createDashboardConnectCode(
          ctx,
          personOf(request),
          request.params.id,
        );
        return reply.code(201).send({ code, expiresAt: iso(expiresAt) });
      },
    );

    app.put(
      '/enterprises/:id/discord/guilds/:guildId',
      {
        schema: {
          tags,
          security,
          summary: 'Set the staff roles of a connected server (owner only)',
          params: GuildParams,
          body: PutGuildBody,
          response: { 200: GuildView, ...errors },
        },
      },
      async (request) => {
        const { id, guildId } = request.params;
        return presentGuild(
          await setDiscordStaffRoles(ctx, personOf(request), id, guildId, request.body.staffRoleIds),
        );
      },
    );

    app.delete(
      '/enterprises/:id/discord/guilds/:guildId',
      {
        schema: {
          tags,
          security,
          summary: 'Disconnect a server (owner only)',
          params: GuildParams,
          response: { ...NoContent, ...errors },
        },
      },
      async (request, reply) => {
        await disconnectDiscordGuild(ctx, personOf(request), request.params.id, request.params.guildId);
        return reply.code(204).send(null);
      },
    );
  };
}
