import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { UseCaseContext } from '../../../application/context.js';
import { issueOwnKey, listOwnKeys, revokeOwnKey } from '../../../application/dashboard/keys.js';
import { PERMISSIONS } from '../../../domain/permissions.js';
import { personOf } from '../../plugins/session-auth.js';
import { NoContent, Nullable, problemResponses } from '../../schemas/common.js';
import { presentKeyListing } from '../admin/present.js';
import { KeyListing } from '../admin/schemas.js';
import { RowId, security, sessionErrors, tags } from './schemas.js';

const errors = { ...sessionErrors, ...problemResponses(400, 404, 413) };

/** The signed-in person's own API keys (docs/dashboard.md, "The dashboard API"). */
export function keyRoutes(ctx: UseCaseContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/keys',
      {
        schema: {
          tags,
          security,
          summary: 'Your API keys',
          description: 'Revoked ones included, oldest first; never the keys themselves.',
          response: { 200: KeyListing, ...errors },
        },
      },
      async (request) => (await listOwnKeys(ctx, personOf(request))).map(presentKeyListing),
    );

    app.post(
      '/keys',
      {
        schema: {
          tags,
          security,
          summary: 'Make an API key',
          description:
            'The raw key is in this answer only. pins:create needs you to own an active Enterprise (403 not_enterprise_owner).',
          body: Type.Object(
            {
              name: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
              permissions: Type.Array(Type.Enum(PERMISSIONS), { minItems: 1, uniqueItems: true }),
            },
            { additionalProperties: false },
          ),
          response: {
            201: Type.Object({
              id: Type.Integer(),
              key: Type.String({ description: 'The raw key. Shown this once; store it now.' }),
              prefix: Type.String(),
              name: Nullable(Type.String()),
              permissions: Type.Array(Type.String()),
            }),
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const { name = null, permissions } = request.body;
        return reply.code(201).send(await issueOwnKey(ctx, personOf(request), { name, permissions }));
      },
    );

    app.delete(
      '/keys/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Revoke one of your API keys',
          description: 'The key answers 401 from then on. Revoking twice is harmless.',
          params: Type.Object({ id: RowId }),
          response: { ...NoContent, ...errors },
        },
      },
      async (request, reply) => {
        await revokeOwnKey(ctx, personOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
}
