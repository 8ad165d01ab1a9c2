import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DISCORD_ID_PATTERN } from '../../../domain/discord-id.js';
import { jsonDepth } from '../../../domain/json-shape.js';
import { iso, isoOrNull } from '../../../domain/time.js';
import type { AppDeps } from '../../deps.js';
import { problems } from '../../problem.js';
import { NoContent, Nullable, Timestamp } from '../../schemas/common.js';
import { discordIdValidation } from '../players/validation.js';
import { parseTimestamp } from './present.js';
import { adminErrors, IdParams } from './schemas.js';

const tags = ['Operator'];
const security = [{ adminToken: [] }];

const MAX_EVIDENCE_DEPTH = 10;
const MAX_EVIDENCE_CHARS = 16_384;

const DiscordParams = Type.Object({ discordId: Type.String({ pattern: DISCORD_ID_PATTERN }) });

const BanBody = Type.Object(
  {
    status: Type.Enum(['banned', 'warned']),
    reason: Type.String({ minLength: 1, maxLength: 500 }),
    expiresAt: Type.Optional(Nullable(Timestamp)),
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

/** Bans, warnings and staff notes on scanned users (CONTRACT §8). */
export function playerAdminRoutes(deps: AppDeps): FastifyPluginAsyncTypebox {
  const { repos, clock } = deps;

  async function requireUser(discordId: string) {
    const user = await repos.players.findUser(discordId);
    if (user === undefined) {
      throw problems.notFound('scanned_user_not_found', `A scanned user with Discord ID ${discordId}`);
    }
    return user;
  }

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
        const user = await requireUser(request.params.discordId);
        const { status, reason, expiresAt } = request.body;
        const ban = await repos.players.createBan({
          userId: user.id,
          status,
          reason,
          expiresAt: parseTimestamp(expiresAt) ?? null,
          now: clock(),
        });
        return reply.code(201).send({
          id: ban.id,
          status: ban.status,
          reason: ban.reason,
          expiresAt: isoOrNull(ban.expires_at),
          createdAt: iso(ban.created_at),
        });
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
        if (!(await repos.players.liftBan(request.params.id, clock()))) {
          throw problems.notFound('ban_not_found', `Ban ${request.params.id}`);
        }
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
        // Evidence is free-form JSON shown as is in lookups; bound it so it stays a note, not a payload.
        const { evidence } = request.body;
        if (
          evidence !== undefined &&
          (jsonDepth(evidence) > MAX_EVIDENCE_DEPTH || JSON.stringify(evidence).length > MAX_EVIDENCE_CHARS)
        ) {
          throw problems.invalidBody(
            `Invalid request body: evidence must nest at most ${MAX_EVIDENCE_DEPTH} levels and be at most ${MAX_EVIDENCE_CHARS} characters of JSON.`,
          );
        }
        const user = await requireUser(request.params.discordId);
        const row = await repos.players.addReason({ userId: user.id, ...request.body, now: clock() });
        return reply.code(201).send({
          id: row.id,
          reason: row.reason,
          category: row.category,
          evidence: row.evidence === null ? null : (JSON.parse(row.evidence) as unknown),
          addedAt: iso(row.added_at),
        });
      },
    );
  };
}
