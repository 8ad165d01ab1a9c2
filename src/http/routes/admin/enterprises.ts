import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../deps.js';
import { problems } from '../../problem.js';
import { NoContent } from '../../schemas/common.js';
import { enterpriseMissing, requireAccount, requireEnterprise } from './lookups.js';
import { presentEnterprise } from './present.js';
import {
  AddMemberBody,
  adminErrors,
  CreateEnterpriseBody,
  Enterprise,
  IdParams,
  MemberParams,
  Membership,
  UpdateEnterpriseBody,
} from './schemas.js';

const tags = ['Operator'];
const security = [{ adminToken: [] }];

export function enterpriseRoutes(deps: AppDeps): FastifyPluginAsyncTypebox {
  const { repos, clock } = deps;

  return async (app) => {
    app.post(
      '/admin/v1/enterprises',
      {
        schema: {
          tags,
          security,
          summary: 'Create an Enterprise owned by an account',
          body: CreateEnterpriseBody,
          response: { 201: Enterprise, ...adminErrors },
        },
      },
      async (request, reply) => {
        await requireAccount(repos, request.body.ownerAccountId);
        const row = await repos.enterprises.create({ ...request.body, now: clock() });
        return reply.code(201).send(presentEnterprise(row));
      },
    );

    app.get(
      '/admin/v1/enterprises/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Read an Enterprise',
          params: IdParams,
          response: { 200: Enterprise, ...adminErrors },
        },
      },
      async (request) => presentEnterprise(await requireEnterprise(repos, request.params.id)),
    );

    app.patch(
      '/admin/v1/enterprises/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Rename, activate or deactivate an Enterprise',
          params: IdParams,
          body: UpdateEnterpriseBody,
          response: { 200: Enterprise, ...adminErrors },
        },
      },
      async (request) => {
        const row = await repos.enterprises.update(request.params.id, request.body);
        if (row === undefined) throw enterpriseMissing(request.params.id);
        return presentEnterprise(row);
      },
    );

    app.post(
      '/admin/v1/enterprises/:id/members',
      {
        schema: {
          tags,
          security,
          summary: 'Add a member to an Enterprise',
          params: IdParams,
          body: AddMemberBody,
          response: { 201: Membership, ...adminErrors },
        },
      },
      async (request, reply) => {
        const enterprise = await requireEnterprise(repos, request.params.id);
        const account = await requireAccount(repos, request.body.accountId);
        if (enterprise.owner_account_id === account.id) {
          throw problems.conflict(
            'already_member',
            `Account ${account.id} owns Enterprise ${enterprise.id}.`,
          );
        }
        const added = await repos.enterprises.addMember(enterprise.id, account.id, clock());
        if (!added) {
          throw problems.conflict(
            'already_member',
            `Account ${account.id} is already a member of Enterprise ${enterprise.id}.`,
          );
        }
        return reply.code(201).send({ enterpriseId: enterprise.id, accountId: account.id });
      },
    );

    app.delete(
      '/admin/v1/enterprises/:id/members/:accountId',
      {
        schema: {
          tags,
          security,
          summary: 'Remove a member from an Enterprise',
          params: MemberParams,
          response: { ...NoContent, ...adminErrors },
        },
      },
      async (request, reply) => {
        const { id, accountId } = request.params;
        await requireEnterprise(repos, id);
        const removed = await repos.enterprises.removeMember(id, accountId);
        if (!removed)
          throw problems.notFound('member_not_found', `Account ${accountId} as a member of Enterprise ${id}`);
        return reply.code(204).send(null);
      },
    );
  };
}
