import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { UseCaseContext } from '../../../application/context.js';
import { ownsActiveEnterprise } from '../../../application/dashboard/pin-creation.js';
import {
  endSession,
  listSessions,
  signOut,
  signOutEverywhere,
} from '../../../application/people/sessions.js';
import { iso } from '../../../domain/time.js';
import { clearSessionCookie, personOf } from '../../plugins/session-auth.js';
import { NoContent, problemResponses } from '../../schemas/common.js';
import { Me, SessionIdParams, SessionListing, security, sessionErrors, tags } from './schemas.js';

/** Who is signed in, their sessions, and signing out (docs/dashboard.md, "Sessions"). */
export function sessionRoutes(ctx: UseCaseContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/me',
      { schema: { tags, security, summary: 'Who is signed in', response: { 200: Me, ...sessionErrors } } },
      async (request) => {
        const person = personOf(request);
        return {
          accountId: person.accountId,
          name: person.name,
          discordId: person.discordId,
          sessionExpiresAt: iso(person.expiresAt),
          ownsEnterprise: await ownsActiveEnterprise(ctx, person),
        };
      },
    );

    app.get(
      '/sessions',
      {
        schema: {
          tags,
          security,
          summary: "The person's live sessions",
          response: { 200: Type.Array(SessionListing), ...sessionErrors },
        },
      },
      async (request) =>
        (await listSessions(ctx, personOf(request))).map((s) => ({
          ...s,
          createdAt: iso(s.createdAt),
          lastSeenAt: iso(s.lastSeenAt),
          expiresAt: iso(s.expiresAt),
        })),
    );

    app.delete(
      '/sessions/:id',
      {
        schema: {
          tags,
          security,
          summary: 'End one of your sessions',
          params: SessionIdParams,
          // 400 for an id that is not a row id, 404 session_not_found for one that is not yours.
          response: { ...NoContent, ...sessionErrors, ...problemResponses(400, 404) },
        },
      },
      async (request, reply) => {
        await endSession(ctx, personOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/sign-out',
      { schema: { tags, security, summary: 'Sign out here', response: { ...NoContent, ...sessionErrors } } },
      async (request, reply) => {
        await signOut(ctx, personOf(request));
        clearSessionCookie(reply, ctx);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/sign-out-everywhere',
      {
        schema: {
          tags,
          security,
          summary: 'Sign out on every device',
          response: { ...NoContent, ...sessionErrors },
        },
      },
      async (request, reply) => {
        await signOutEverywhere(ctx, personOf(request));
        clearSessionCookie(reply, ctx);
        return reply.code(204).send(null);
      },
    );
  };
}
