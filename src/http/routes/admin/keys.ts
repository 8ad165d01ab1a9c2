import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { issueKey, listKeys, revokeKey } from '../../../application/accounts/keys.js';
import type { UseCaseContext } from '../../../application/context.js';
import { NoContent } from '../../schemas/common.js';
import { presentKeyListing } from './present.js';
import { adminErrors, CreatedKey, CreateKeyBody, IdParams, KeyListing } from './schemas.js';

const tags = ['Operator'];
const security = [{ adminToken: [] }];

export function keyRoutes(ctx: UseCaseContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      '/admin/v1/accounts/:id/keys',
      {
        schema: {
          tags,
          security,
          summary: 'Issue an API key',
          description: 'The raw key is in this answer only; the service keeps just its SHA-256 hash.',
          params: IdParams,
          body: CreateKeyBody,
          response: { 201: CreatedKey, ...adminErrors },
        },
      },
      async (request, reply) => {
        const { permissions, name = null, rateLimitPerHour = null } = request.body;
        const issued = await issueKey(ctx, request.params.id, { permissions, name, rateLimitPerHour });
        return reply.code(201).send(issued);
      },
    );

    app.get(
      '/admin/v1/accounts/:id/keys',
      {
        schema: {
          tags,
          security,
          summary: "List an account's keys",
          params: IdParams,
          response: { 200: KeyListing, ...adminErrors },
        },
      },
      async (request) => (await listKeys(ctx, request.params.id)).map(presentKeyListing),
    );

    app.delete(
      '/admin/v1/keys/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Revoke an API key',
          params: IdParams,
          response: { ...NoContent, ...adminErrors },
        },
      },
      async (request, reply) => {
        await revokeKey(ctx, request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
}
