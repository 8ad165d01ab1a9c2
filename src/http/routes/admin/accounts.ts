import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../deps.js';
import { NoContent } from '../../schemas/common.js';
import { accountMissing, requireAccount } from './lookups.js';
import { parseTimestamp, presentAccount } from './present.js';
import {
  Account,
  adminErrors,
  CreateAccountBody,
  IdParams,
  Keywords,
  KeywordsBody,
  UpdateAccountBody,
} from './schemas.js';

const tags = ['Operator'];
const security = [{ adminToken: [] }];

export function accountRoutes(deps: AppDeps): FastifyPluginAsyncTypebox {
  const { repos, clock } = deps;

  return async (app) => {
    app.post(
      '/admin/v1/accounts',
      {
        schema: {
          tags,
          security,
          summary: 'Create an account',
          body: CreateAccountBody,
          response: { 201: Account, ...adminErrors },
        },
      },
      async (request, reply) => {
        const { name, discordId = null, licenceExpiresAt } = request.body;
        const row = await repos.accounts.create({
          name,
          discordId,
          licenceExpiresAt: parseTimestamp(licenceExpiresAt) ?? null,
          now: clock(),
        });
        return reply.code(201).send(presentAccount(row));
      },
    );

    app.get(
      '/admin/v1/accounts/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Read an account',
          params: IdParams,
          response: { 200: Account, ...adminErrors },
        },
      },
      async (request) => {
        return presentAccount(await requireAccount(repos, request.params.id));
      },
    );

    app.patch(
      '/admin/v1/accounts/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Rename, ban or unban an account, or change its licence expiry',
          params: IdParams,
          body: UpdateAccountBody,
          response: { 200: Account, ...adminErrors },
        },
      },
      async (request) => {
        const { name, banned, licenceExpiresAt } = request.body;
        const row = await repos.accounts.update(request.params.id, {
          ...(name === undefined ? {} : { name }),
          ...(banned === undefined ? {} : { banned }),
          ...(licenceExpiresAt === undefined
            ? {}
            : { licenceExpiresAt: parseTimestamp(licenceExpiresAt) ?? null }),
        });
        if (row === undefined) throw accountMissing(request.params.id);
        return presentAccount(row);
      },
    );

    app.delete(
      '/admin/v1/accounts/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Delete an account',
          description: 'Its keys then answer 404 account_not_found; its PINs stay for the record.',
          params: IdParams,
          response: { ...NoContent, ...adminErrors },
        },
      },
      async (request, reply) => {
        const deleted = await repos.accounts.softDelete(request.params.id, clock());
        if (!deleted) throw accountMissing(request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.put(
      '/admin/v1/accounts/:id/custom-keywords',
      {
        schema: {
          tags,
          security,
          summary: "Replace the account's custom suspicious keywords",
          params: IdParams,
          body: KeywordsBody,
          response: { 200: Keywords, ...adminErrors },
        },
      },
      async (request) => {
        const account = await requireAccount(repos, request.params.id);
        // Matching is case-insensitive, so keywords differing only in case are one keyword.
        const keywords = [
          ...new Set(request.body.keywords.map((k) => k.trim().toLowerCase()).filter((k) => k)),
        ];
        await repos.accounts.setKeywords(account.id, keywords);
        return { accountId: account.id, keywords };
      },
    );
  };
}
