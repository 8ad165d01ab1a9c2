import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { UseCaseContext } from '../../../application/context.js';
import {
  acceptInvite,
  changeMemberRole,
  createInvite,
  listInvites,
  listMembers,
  listMyEnterprises,
  removeMember,
  revokeInvite,
} from '../../../application/dashboard/enterprises.js';
import { MAX_INVITE_DAYS } from '../../../domain/invite.js';
import { MEMBER_ROLES, ROLE_ACTIONS, ROLES } from '../../../domain/roles.js';
import { iso } from '../../../domain/time.js';
import { limitByClientAddress } from '../../plugins/client-address-limit.js';
import { personOf } from '../../plugins/session-auth.js';
import { NoContent, Nullable, problemResponses, Timestamp } from '../../schemas/common.js';
import { RowId as Id, security, sessionErrors, tags } from './schemas.js';

const Role = Type.Enum([...ROLES]);
const MemberRoleSchema = Type.Enum([...MEMBER_ROLES], {
  description: 'admin, moderator or viewer: what each may do is in docs/roles.md.',
});
const MembershipView = Type.Object({
  enterprise: Type.Object({ id: Type.Integer(), name: Type.String(), active: Type.Boolean() }),
  role: Role,
  allowedActions: Type.Array(Type.Enum([...ROLE_ACTIONS]), {
    description:
      'What your role in this Enterprise may do, as docs/roles.md names the actions (pin.create, audit.read…): the dashboard offers these and hides the rest. An inactive Enterprise still refuses what needs it active.',
  }),
});
const InviteView = Type.Object({
  id: Type.Integer(),
  createdAt: Timestamp,
  expiresAt: Timestamp,
  maxUses: Nullable(Type.Integer()),
  uses: Type.Integer(),
  revoked: Type.Boolean(),
  usable: Type.Boolean(),
});
const errors = { ...sessionErrors, ...problemResponses(400, 404, 409) };

/** Enterprises, members and invites (docs/dashboard.md, "Members and invites"). */
export function enterpriseRoutes(ctx: UseCaseContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/enterprises',
      {
        schema: {
          tags,
          security,
          summary: 'The Enterprises you own or belong to',
          response: { 200: Type.Array(MembershipView), ...sessionErrors },
        },
      },
      async (request) =>
        (await listMyEnterprises(ctx, personOf(request))).map(({ enterprise, role, allowedActions }) => ({
          enterprise: { id: enterprise.id, name: enterprise.name, active: enterprise.active },
          role,
          allowedActions,
        })),
    );

    app.get(
      '/enterprises/:id/members',
      {
        schema: {
          tags,
          security,
          summary: "An Enterprise's owner and members",
          params: Type.Object({ id: Id }),
          response: {
            200: Type.Object({
              owner: Type.Object({ accountId: Type.Integer(), name: Type.String() }),
              members: Type.Array(
                Type.Object({
                  accountId: Type.Integer(),
                  name: Type.String(),
                  joinedAt: Timestamp,
                  role: MemberRoleSchema,
                }),
              ),
            }),
            ...errors,
          },
        },
      },
      async (request) => {
        const list = await listMembers(ctx, personOf(request), request.params.id);
        return { owner: list.owner, members: list.members.map((m) => ({ ...m, joinedAt: iso(m.joinedAt) })) };
      },
    );

    app.delete(
      '/enterprises/:id/members/:accountId',
      {
        schema: {
          tags,
          security,
          summary: 'Remove a member (owner and admins; only the owner removes an admin)',
          params: Type.Object({ id: Id, accountId: Id }),
          response: { ...NoContent, ...errors },
        },
      },
      async (request, reply) => {
        await removeMember(ctx, personOf(request), request.params.id, request.params.accountId);
        return reply.code(204).send(null);
      },
    );

    app.put(
      '/enterprises/:id/members/:accountId/role',
      {
        schema: {
          tags,
          security,
          summary: "Change a member's role (owner only)",
          description:
            'Audited as member.role with the roles before and after. The owner has no member role (an operator transfers an Enterprise).',
          params: Type.Object({ id: Id, accountId: Id }),
          body: Type.Object({ role: MemberRoleSchema }, { additionalProperties: false }),
          response: { 200: Type.Object({ accountId: Type.Integer(), role: MemberRoleSchema }), ...errors },
        },
      },
      async (request) =>
        changeMemberRole(
          ctx,
          personOf(request),
          request.params.id,
          request.params.accountId,
          request.body.role,
        ),
    );

    app.post(
      '/enterprises/:id/invites',
      {
        schema: {
          tags,
          security,
          summary: 'Make an invite link (owner and admins)',
          description: `Single use and 7 days unless chosen otherwise (${MAX_INVITE_DAYS} days at most; maxUses null for any number). The URL is in this answer only.`,
          params: Type.Object({ id: Id }),
          body: Type.Object(
            {
              expiresInDays: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_INVITE_DAYS })),
              maxUses: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 1000 }))),
            },
            { additionalProperties: false },
          ),
          response: {
            201: Type.Object({
              id: Type.Integer(),
              url: Type.String(),
              expiresAt: Timestamp,
              maxUses: Nullable(Type.Integer()),
            }),
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const made = await createInvite(ctx, personOf(request), request.params.id, request.body);
        return reply.code(201).send({
          id: made.invite.id,
          url: made.url,
          expiresAt: iso(made.invite.expiresAt),
          maxUses: made.invite.maxUses,
        });
      },
    );

    app.get(
      '/enterprises/:id/invites',
      {
        schema: {
          tags,
          security,
          summary: "An Enterprise's invites (owner and admins)",
          params: Type.Object({ id: Id }),
          response: { 200: Type.Array(InviteView), ...errors },
        },
      },
      async (request) => {
        return (await listInvites(ctx, personOf(request), request.params.id)).map((i) => ({
          id: i.id,
          createdAt: iso(i.createdAt),
          expiresAt: iso(i.expiresAt),
          maxUses: i.maxUses,
          uses: i.uses,
          revoked: i.revokedAt !== null,
          usable: i.usable,
        }));
      },
    );

    app.delete(
      '/invites/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Revoke an invite (owner and admins)',
          params: Type.Object({ id: Id }),
          response: { ...NoContent, ...errors },
        },
      },
      async (request, reply) => {
        await revokeInvite(ctx, personOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/invites/accept',
      {
        schema: {
          tags,
          security,
          summary: 'Join an Enterprise with an invite',
          body: Type.Object(
            { token: Type.String({ pattern: '^[A-Za-z0-9_-]{20,100}$' }) },
            { additionalProperties: false },
          ),
          response: { 200: MembershipView, ...errors },
        },
        // Invite tokens are also counted per client address, so many sessions cannot share out a guess.
        onRequest: limitByClientAddress(ctx),
      },
      async (request) => {
        const { enterprise, role, allowedActions } = await acceptInvite(
          ctx,
          personOf(request),
          request.body.token,
        );
        return {
          enterprise: { id: enterprise.id, name: enterprise.name, active: enterprise.active },
          role,
          allowedActions,
        };
      },
    );
  };
}
