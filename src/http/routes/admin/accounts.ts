import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  createAccount,
  deleteAccount,
  liveAccount,
  setCustomKeywords,
  updateAccount,
} from '../../../application/accounts/accounts.js';
import type { UseCaseContext } from '../../../application/context.js';
import { createSignInLink } from '../../../application/people/sign-in.js';
import { iso } from '../../../domain/time.js';
import { NoContent, Timestamp } from '../../schemas/common.js';
import { parseTimestamp, presentAccount } from './present.js';
import {
  AccountView,
  adminErrors,
  CreateAccountBody,
  IdParams,
  Keywords,
  KeywordsBody,
  UpdateAccountBody,
} from './schemas.js';

const tags = ['Operator'];
const security = [{ adminToken: [] }];

export function accountRoutes(ctx: UseCaseContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      '/admin/v1/accounts',
      {
        schema: {
          tags,
          security,
          summary: 'Create an account',
          body: CreateAccountBody,
          response: { 201: AccountView, ...adminErrors },
        },
      },
      async (request, reply) => {
        const { name, discordId = null, licenceExpiresAt } = request.body;
        const account = await createAccount(ctx, {
          name,
          discordId,
          licenceExpiresAt: parseTimestamp(licenceExpiresAt) ?? null,
        });
        return reply.code(201).send(presentAccount(account));
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
          response: { 200: AccountView, ...adminErrors },
        },
      },
      async (request) => presentAccount(await liveAccount(ctx, request.params.id)),
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
          response: { 200: AccountView, ...adminErrors },
        },
      },
      async (request) => {
        const { name, banned, licenceExpiresAt } = request.body;
        const account = await updateAccount(ctx, request.params.id, {
          ...(name === undefined ? {} : { name }),
          ...(banned === undefined ? {} : { banned }),
          ...(licenceExpiresAt === undefined
            ? {}
            : { licenceExpiresAt: parseTimestamp(licenceExpiresAt) ?? null }),
        });
        return presentAccount(account);
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
        await deleteAccount(ctx, request.params.id);
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
        const keywords = await setCustomKeywords(ctx, request.params.id, request.body.keywords);
        return { accountId: request.params.id, keywords };
      },
    );

    app.post(
      '/admin/v1/accounts/:id/sign-in-links',
      {
        schema: {
          tags,
          security,
          summary: 'Make a one-time dashboard sign-in link for the account',
          description:
            'Valid 15 minutes, good for one sign-in. Built from PUBLIC_URL. See docs/dashboard.md.',
          params: IdParams,
          response: {
            201: Type.Object({ url: Type.String(), expiresAt: Timestamp }),
            ...adminErrors,
          },
        },
      },
      async (request, reply) => {
        const link = await createSignInLink(ctx, request.params.id);
        return reply.code(201).send({ url: link.url, expiresAt: iso(link.expiresAt) });
      },
    );
  };
}
