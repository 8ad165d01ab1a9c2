import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { UseCaseContext } from '../../../application/context.js';
import {
  createShareLink,
  listShareLinks,
  revokeShareLink,
} from '../../../application/dashboard/share-links.js';
import { MAX_SHARE_DAYS } from '../../../domain/share-link.js';
import { iso } from '../../../domain/time.js';
import { personOf } from '../../plugins/session-auth.js';
import { NoContent, problemResponses, Timestamp } from '../../schemas/common.js';
import { PinParams } from '../pins/schemas.js';
import { pinCodeValidation } from '../pins/validation.js';
import { RowId, security, sessionErrors, tags } from './schemas.js';

const ShareLinkListing = Type.Object({
  id: Type.Integer(),
  createdAt: Timestamp,
  expiresAt: Timestamp,
  revoked: Type.Boolean(),
  mayWithdraw: Type.Boolean({
    description: 'Whether you may withdraw it: you made it, or you own the PIN’s Enterprise.',
  }),
});

/** Sharing a finished scan's redacted result (docs/dashboard.md, "Sharing"). */
export function shareLinkRoutes(ctx: UseCaseContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      '/pins/:pinCode/share-links',
      {
        schema: {
          tags,
          security,
          summary: 'Share a finished scan',
          description: `A public, redacted page; the URL is in this answer only. Expires after 7 days by default, ${MAX_SHARE_DAYS} at most.`,
          params: PinParams,
          body: Type.Object(
            { expiresInDays: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_SHARE_DAYS })) },
            { additionalProperties: false },
          ),
          response: {
            201: Type.Object({ id: Type.Integer(), url: Type.String(), expiresAt: Timestamp }),
            ...sessionErrors,
            ...problemResponses(400, 404, 409),
          },
        },
        config: { mapValidation: pinCodeValidation },
      },
      async (request, reply) => {
        const made = await createShareLink(
          ctx,
          personOf(request),
          request.params.pinCode,
          request.body ?? {},
        );
        return reply.code(201).send({ id: made.link.id, url: made.url, expiresAt: iso(made.link.expiresAt) });
      },
    );

    app.get(
      '/pins/:pinCode/share-links',
      {
        schema: {
          tags,
          security,
          summary: "A PIN's share links",
          params: PinParams,
          response: { 200: Type.Array(ShareLinkListing), ...sessionErrors, ...problemResponses(400, 404) },
        },
        config: { mapValidation: pinCodeValidation },
      },
      async (request) =>
        (await listShareLinks(ctx, personOf(request), request.params.pinCode)).map((l) => ({
          id: l.id,
          createdAt: iso(l.createdAt),
          expiresAt: iso(l.expiresAt),
          revoked: l.revokedAt !== null,
          mayWithdraw: l.mayWithdraw,
        })),
    );

    app.delete(
      '/share-links/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Withdraw a share link',
          description:
            'Whoever made the link, or the owner of the PIN’s Enterprise (403 share_link_forbidden for another member who may see the PIN).',
          params: Type.Object({ id: RowId }),
          // 400 for an id that is not a row id (docs/dashboard.md, "The dashboard API").
          response: { ...NoContent, ...sessionErrors, ...problemResponses(400, 403, 404) },
        },
      },
      async (request, reply) => {
        await revokeShareLink(ctx, personOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
}
