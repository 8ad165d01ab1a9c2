import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { bootstrapEnterprise } from '../../../application/accounts/bootstrap.js';
import type { UseCaseContext } from '../../../application/context.js';
import { DISCORD_ID_PATTERN } from '../../../domain/discord-id.js';
import { iso } from '../../../domain/time.js';
import { Nullable, Timestamp } from '../../schemas/common.js';
import { adminErrors } from './schemas.js';

const Name = Type.String({ minLength: 1, maxLength: 100 });

const BootstrapBody = Type.Object(
  {
    enterprise: Name,
    owner: Type.Optional(Name),
    discordId: Type.Optional(Nullable(Type.String({ pattern: DISCORD_ID_PATTERN }))),
  },
  { additionalProperties: false },
);

const Bootstrapped = Type.Object({
  accountId: Type.Integer(),
  enterpriseId: Type.Integer(),
  keyId: Type.Integer(),
  key: Type.String({ description: 'The raw key. Shown this once; store it now.' }),
  signIn: Type.Object({
    url: Type.String({
      description: 'A one-time link (15 minutes) that signs the owner in to the dashboard.',
    }),
    expiresAt: Timestamp,
  }),
});

/** `npx scanpin admin bootstrap`: an owner, their Enterprise and an all-permission key, all or nothing. */
export function bootstrapRoute(ctx: UseCaseContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      '/admin/v1/bootstrap',
      {
        schema: {
          tags: ['Operator'],
          security: [{ adminToken: [] }],
          summary: 'Create an owner account, its Enterprise and a key with every permission',
          description: 'In one transaction: a failure part-way leaves nothing behind.',
          body: BootstrapBody,
          response: { 201: Bootstrapped, ...adminErrors },
        },
      },
      async (request, reply) => {
        const { enterprise, owner, discordId = null } = request.body;
        const done = await bootstrapEnterprise(ctx, {
          enterprise,
          ownerName: owner ?? `${enterprise} owner`,
          discordId,
        });
        return reply.code(201).send({
          accountId: done.accountId,
          enterpriseId: done.enterpriseId,
          keyId: done.key.id,
          key: done.key.key,
          signIn: { url: done.signIn.url, expiresAt: iso(done.signIn.expiresAt) },
        });
      },
    );
  };
}
