import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_KEY_PREFIX, API_KEY_RANDOM_LENGTH, displayPrefix } from '../../../domain/api-key.js';
import { needsEnterpriseOwnership } from '../../../domain/permissions.js';
import { iso, isoOrNull } from '../../../domain/time.js';
import { randomBase62, sha256Hex } from '../../../lib/crypto.js';
import type { AppDeps } from '../../deps.js';
import { problems } from '../../problem.js';
import { NoContent } from '../../schemas/common.js';
import { requireAccount } from './lookups.js';
import { adminErrors, CreatedKey, CreateKeyBody, IdParams, KeyListing } from './schemas.js';

const tags = ['Operator'];
const security = [{ adminToken: [] }];

export function keyRoutes(deps: AppDeps): FastifyPluginAsyncTypebox {
  const { repos, clock } = deps;

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
        const account = await requireAccount(repos, request.params.id);
        const { permissions, name = null, rateLimitPerHour = null } = request.body;
        if (needsEnterpriseOwnership(permissions) && !(await repos.enterprises.activeOwnedBy(account.id))) {
          throw problems.notEnterpriseOwner();
        }
        const key = API_KEY_PREFIX + randomBase62(API_KEY_RANDOM_LENGTH);
        const row = await repos.apiKeys.create({
          accountId: account.id,
          name,
          prefix: displayPrefix(key),
          keyHash: sha256Hex(key),
          permissions,
          rateLimitPerHour,
          now: clock(),
        });
        return reply.code(201).send({ id: row.id, key, prefix: row.prefix, permissions: [...permissions] });
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
      async (request) => {
        const account = await requireAccount(repos, request.params.id);
        const rows = await repos.apiKeys.listForAccount(account.id);
        return rows.map((r) => ({
          id: r.id,
          prefix: r.prefix,
          name: r.name,
          permissions: JSON.parse(r.permissions) as string[],
          createdAt: iso(r.created_at),
          lastUsedAt: isoOrNull(r.last_used_at),
          revoked: r.revoked_at !== null,
        }));
      },
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
        const revoked = await repos.apiKeys.revoke(request.params.id, clock());
        if (!revoked && !(await repos.apiKeys.exists(request.params.id))) {
          throw problems.notFound('key_not_found', `API key ${request.params.id}`);
        }
        // Revoking twice is harmless: the key stays revoked.
        return reply.code(204).send(null);
      },
    );
  };
}
