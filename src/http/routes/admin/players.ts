import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { UseCaseContext } from '../../../application/context.js';
import { banPlayer, liftBan } from '../../../application/players/bans.js';
import { addStaffNote } from '../../../application/players/notes.js';
import { DISCORD_ID_PATTERN } from '../../../domain/discord-id.js';
import { iso, isoOrNull } from '../../../domain/time.js';
import { NoContent, Nullable, Timestamp, TimestampInput } from '../../schemas/common.js';
import { discordIdValidation } from '../players/validation.js';
import { parseTimestamp } from './present.js';
import { adminErrors, IdParams } from './schemas.js';

const tags = ['Operator'];
const security = [{ adminToken: [] }];

const DiscordParams = Type.Object({ discordId: Type.String({ pattern: DISCORD_ID_PATTERN }) });

const BanBody = Type.Object(
  {
    status: Type.Enum(['banned', 'warned']),
    reason: Type.String({ minLength: 1, maxLength: 500 }),
    expiresAt: Type.Optional(Nullable(TimestampInput())),
  },
  { additionalProperties: false },
);
const Ban = Type.Object({
  id: Type.Integer(),
  status: Type.Enum(['banned', 'warned']),
  reason: Type.String(),
  expiresAt: Nullable(Timestamp),
  createdAt: Timestamp,
});

const ReasonBody = Type.Object(
  {
    reason: Type.String({ minLength: 1, maxLength: 500 }),
    category: Type.String({ minLength: 1, maxLength: 50 }),
    evidence: Type.Optional(Type.Unknown({ description: 'Any JSON; shown as is in lookups.' })),
  },
  { additionalProperties: false },
);
const Reason = Type.Object({
  id: Type.Integer(),
  reason: Type.String(),
  category: Type.String(),
  evidence: Type.Unknown(),
  addedAt: Timestamp,
});

/** Bans, warnings and staff notes on scanned users (docs/operations.md, "Operator API"). */
export function playerAdminRoutes(ctx: UseCaseContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      '/admin/v1/scanned-users/:discordId/bans',
      {
        schema: {
          tags,
          security,
          summary: 'Ban or warn a scanned user',
          description:
            'One entry covering every hardware ID linked to the user now, and so every account on that hardware.',
          params: DiscordParams,
          body: BanBody,
          response: { 201: Ban, ...adminErrors },
        },
        config: { mapValidation: discordIdValidation },
      },
      async (request, reply) => {
        const { status, reason, expiresAt } = request.body;
        const ban = await banPlayer(ctx, request.params.discordId, {
          status,
          reason,
          expiresAt: parseTimestamp(expiresAt) ?? null,
        });
        return reply
          .code(201)
          .send({ ...ban, expiresAt: isoOrNull(ban.expiresAt), createdAt: iso(ban.createdAt) });
      },
    );

    app.delete(
      '/admin/v1/bans/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Lift a ban or warning',
          description: 'It then shows as expired.',
          params: IdParams,
          response: { ...NoContent, ...adminErrors },
        },
      },
      async (request, reply) => {
        await liftBan(ctx, request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/admin/v1/scanned-users/:discordId/reasons',
      {
        schema: {
          tags,
          security,
          summary: 'Add a staff note to a scanned user',
          params: DiscordParams,
          body: ReasonBody,
          response: { 201: Reason, ...adminErrors },
        },
        config: { mapValidation: discordIdValidation },
      },
      async (request, reply) => {
        const note = await addStaffNote(ctx, request.params.discordId, request.body);
        return reply.code(201).send({ ...note, addedAt: iso(note.addedAt) });
      },
    );
  };
}
