import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { UseCaseContext } from '../../../application/context.js';
import { liftFromDashboard } from '../../../application/moderation/lift-sanction.js';
import type { EntryView } from '../../../application/moderation/moderator.js';
import { noteFromDashboard } from '../../../application/moderation/note-player.js';
import { readModeration } from '../../../application/moderation/read-moderation.js';
import { sanctionFromDashboard } from '../../../application/moderation/sanction-player.js';
import { MODERATION_KINDS, MODERATION_LIMITS, MODERATION_TEXT_PATTERN } from '../../../domain/moderation.js';
import { REACH_REASONS } from '../../../domain/moderation-reach.js';
import { iso, isoOrNull } from '../../../domain/time.js';
import { timestampOf } from '../../../domain/timestamp-input.js';
import { personOf } from '../../plugins/session-auth.js';
import { Nullable, problemResponses, Timestamp, TimestampInput } from '../../schemas/common.js';
import { DiscordIdParams } from '../players/schemas.js';
import { discordIdValidation } from '../players/validation.js';
import { RowId, security, sessionErrors, tags } from './schemas.js';

const Reach = Type.Enum(['shared', 'enterprise'], {
  description:
    '`shared`: every community’s lookup and risk score show it; `enterprise`: only this Enterprise’s (docs/roles.md, "Moderation").',
});

const ReachReason = Type.Union([Type.Enum(REACH_REASONS), Type.Null()], {
  description:
    'Why a new ban or warning would reach only this Enterprise: `not-shared`, an operator keeps this Enterprise’s reports (and bans) inside it; `unproven`, the player has not proven their Discord account in a scan; `no-hardware`, the player is proven but no hardware is linked to them any more (every ID became a hub), so a shared ban would cover nothing. When several hold, the first of these. Null when `reach` is `shared`.',
  // The document's example answer has `reach: "shared"`, so its reason is null.
  examples: [null],
});

const Entry = Type.Object({
  id: Type.Integer({ description: 'The entry’s id: what POST /app/api/bans/{banId}/lift takes.' }),
  kind: Type.Enum(MODERATION_KINDS),
  reason: Type.String({ description: 'The reason of a ban or warning, the text of a note.' }),
  reach: Reach,
  status: Type.Enum(['active', 'expired', 'lifted'], { description: 'A note is always `active`.' }),
  createdAt: Timestamp,
  expiresAt: Nullable(Timestamp),
  liftedAt: Nullable(Timestamp),
  createdBy: Nullable(
    Type.String({
      description:
        'The staff member who made it: their account’s name, or their Discord name through the Discord app; null once their account is deleted.',
    }),
  ),
});

const EnterpriseQuery = Type.Object({
  enterpriseId: Type.Optional({
    ...RowId,
    description:
      'The Enterprise acting. Without it: the one you own, or else the first where your role may moderate.',
  }),
});

const BanBody = Type.Object(
  {
    kind: Type.Enum(['ban', 'warning']),
    reason: Type.String({
      minLength: 1,
      maxLength: MODERATION_LIMITS.reason,
      pattern: MODERATION_TEXT_PATTERN,
      description:
        'Shown with the ban wherever it reaches; trimmed, not only spaces, and no control characters but line breaks and tabs.',
    }),
    expiresAt: Type.Optional(
      Nullable(
        TimestampInput(
          'When it ends, in the future (400 invalid_expiry otherwise); null or absent: until lifted.',
        ),
      ),
    ),
  },
  { additionalProperties: false },
);

const NoteBody = Type.Object(
  {
    text: Type.String({
      minLength: 1,
      maxLength: MODERATION_LIMITS.note,
      pattern: MODERATION_TEXT_PATTERN,
      description:
        'Only your Enterprise reads it; trimmed, not only spaces, and no control characters but line breaks and tabs.',
    }),
  },
  { additionalProperties: false },
);

const LiftParams = Type.Object({ banId: { ...RowId, description: 'A ban’s or warning’s entry id.' } });

function presentEntry(entry: EntryView) {
  return {
    id: entry.id,
    kind: entry.kind,
    reason: entry.reason,
    reach: entry.reach,
    status: entry.status,
    createdAt: iso(entry.createdAt),
    expiresAt: isoOrNull(entry.expiresAt),
    liftedAt: isoOrNull(entry.liftedAt),
    createdBy: entry.createdBy,
  };
}

const moderateErrors = { ...sessionErrors, ...problemResponses(400, 404, 413) };
const moderateDescription =
  'For the owner, admins and moderators of the Enterprise (403 role_not_allowed for a viewer; 404 enterprise_not_found outside it). The player must be one the Enterprise can see: a shared profile, or a scan of its own that named them (404 scanned_user_not_found otherwise). Audited.';

/** Bans, warnings, lifts and notes from the player page (docs/dashboard.md, "Moderation"). */
export function moderationRoutes(ctx: UseCaseContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/players/:discordId/moderation',
      {
        schema: {
          tags,
          security,
          summary: 'An Enterprise’s bans, warnings and notes on a player',
          description:
            'Anyone in the Enterprise may read them; `mayModerate` says whether you may add or lift. `reach` is where a new ban or warning would show now, and `reachReason` why it would stay this Enterprise’s own.',
          params: DiscordIdParams,
          querystring: EnterpriseQuery,
          response: {
            200: Type.Object({
              enterpriseId: Type.Integer(),
              enterpriseName: Type.String(),
              mayModerate: Type.Boolean(),
              known: Type.Boolean({
                description:
                  'The Enterprise can see the player, and so its staff may ban, warn or note them: a shared profile, a scan of its own that named them, or a ban, warning or note of its own on them (kept after retention removes the scans).',
              }),
              reach: Reach,
              reachReason: ReachReason,
              entries: Type.Array(Entry, { description: 'Newest first, at most 200.' }),
            }),
            ...sessionErrors,
            ...problemResponses(400, 404),
          },
        },
        config: { mapValidation: discordIdValidation },
      },
      async (request) => {
        const read = await readModeration(
          ctx,
          personOf(request),
          request.params.discordId,
          request.query.enterpriseId,
        );
        return {
          enterpriseId: read.enterprise.id,
          enterpriseName: read.enterprise.name,
          mayModerate: read.mayModerate,
          known: read.known,
          reach: read.reach,
          reachReason: read.reachReason,
          entries: read.entries.map(presentEntry),
        };
      },
    );

    app.post(
      '/players/:discordId/bans',
      {
        schema: {
          tags,
          security,
          summary: 'Ban or warn a player',
          description: `${moderateDescription} A shared one covers every hardware ID linked to the player now; one of reach \`enterprise\` becomes shared when the player proves their account in a later scan, if your Enterprise's reports are shared.`,
          params: DiscordIdParams,
          querystring: EnterpriseQuery,
          body: BanBody,
          response: { 201: Entry, ...moderateErrors },
        },
        config: { mapValidation: discordIdValidation },
      },
      async (request, reply) => {
        const { kind, reason, expiresAt } = request.body;
        const entry = await sanctionFromDashboard(
          ctx,
          personOf(request),
          request.params.discordId,
          request.query.enterpriseId,
          {
            kind,
            reason,
            expiresAt: expiresAt === undefined || expiresAt === null ? null : timestampOf(expiresAt),
          },
        );
        return reply.code(201).send(presentEntry(entry));
      },
    );

    app.post(
      '/players/:discordId/notes',
      {
        schema: {
          tags,
          security,
          summary: 'Add a note on a player',
          description: `${moderateDescription} Notes are your Enterprise's own: its members' lookups list them among the reasons (category \`staff-note\`), no other community sees them.`,
          params: DiscordIdParams,
          querystring: EnterpriseQuery,
          body: NoteBody,
          response: { 201: Entry, ...moderateErrors },
        },
        config: { mapValidation: discordIdValidation },
      },
      async (request, reply) => {
        const entry = await noteFromDashboard(
          ctx,
          personOf(request),
          request.params.discordId,
          request.query.enterpriseId,
          request.body.text,
        );
        return reply.code(201).send(presentEntry(entry));
      },
    );

    app.post(
      '/bans/:banId/lift',
      {
        schema: {
          tags,
          security,
          summary: 'Lift a ban or warning',
          description:
            'One your Enterprise made, for its owner, admins and moderators (403 role_not_allowed for a viewer). An operator’s ban, another community’s or a note is 404 ban_not_found. Lifting twice answers the same. Audited.',
          params: LiftParams,
          response: { 200: Entry, ...sessionErrors, ...problemResponses(400, 404) },
        },
      },
      async (request) => presentEntry(await liftFromDashboard(ctx, personOf(request), request.params.banId)),
    );
  };
}
