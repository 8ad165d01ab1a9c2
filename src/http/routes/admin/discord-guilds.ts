import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { UseCaseContext } from '../../../application/context.js';
import {
  deleteDiscordGuild,
  listDiscordGuilds,
  putDiscordGuild,
} from '../../../application/discord/guilds.js';
import { NoContent } from '../../schemas/common.js';
import { GuildList, GuildParams, GuildView, PutGuildBody, presentGuild } from '../../schemas/discord.js';
import { adminErrors, IdParams } from './schemas.js';

/** The Discord servers connected to an Enterprise (docs/discord.md, "Connecting a server"). */
export function discordGuildAdminRoutes(ctx: UseCaseContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/admin/v1/enterprises/:id/discord-guilds',
      {
        schema: {
          tags: ['Operator'],
          security: [{ adminToken: [] }],
          summary: 'List the Discord servers connected to an Enterprise',
          params: IdParams,
          response: { 200: GuildList, ...adminErrors },
        },
      },
      async (request) => ({ data: (await listDiscordGuilds(ctx, request.params.id)).map(presentGuild) }),
    );

    app.put(
      '/admin/v1/enterprises/:id/discord-guilds/:guildId',
      {
        schema: {
          tags: ['Operator'],
          security: [{ adminToken: [] }],
          summary: 'Connect a Discord server to an Enterprise, or set its staff roles',
          description:
            'A server belongs to at most one Enterprise: one connected elsewhere is refused with 409 `discord_guild_taken`. Connecting it again replaces its staff roles.',
          params: GuildParams,
          body: PutGuildBody,
          response: { 200: GuildView, ...adminErrors },
        },
      },
      async (request) => {
        const { id, guildId } = request.params;
        return presentGuild(await putDiscordGuild(ctx, id, guildId, request.body.staffRoleIds));
      },
    );

    app.delete(
      '/admin/v1/enterprises/:id/discord-guilds/:guildId',
      {
        schema: {
          tags: ['Operator'],
          security: [{ adminToken: [] }],
          summary: 'Disconnect a Discord server from an Enterprise',
          params: GuildParams,
          response: { ...NoContent, ...adminErrors },
        },
      },
      async (request, reply) => {
        await deleteDiscordGuild(ctx, request.params.id, request.params.guildId);
        return reply.code(204).send(null);
      },
    );
  };
}
