import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  addMember,
  createEnterprise,
  findEnterprise,
  removeMember,
  updateEnterprise,
} from '../../../application/accounts/enterprises.js';
import type { UseCaseContext } from '../../../application/context.js';
import { NoContent } from '../../schemas/common.js';
import { presentEnterprise } from './present.js';
import {
  AddMemberBody,
  adminErrors,
  CreateEnterpriseBody,
  EnterpriseView,
  IdParams,
  MemberParams,
  Membership,
  UpdateEnterpriseBody,
} from './schemas.js';

const tags = ['Operator'];
const security = [{ adminToken: [] }];

export function enterpriseRoutes(ctx: UseCaseContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      '/admin/v1/enterprises',
      {
        schema: {
          tags,
          security,
          summary: 'Create an Enterprise owned by an account',
          body: CreateEnterpriseBody,
          response: { 201: EnterpriseView, ...adminErrors },
        },
      },
      async (request, reply) => {
        const enterprise = await createEnterprise(ctx, request.body);
        return reply.code(201).send(presentEnterprise(enterprise));
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
          response: { 200: EnterpriseView, ...adminErrors },
        },
      },
      async (request) => presentEnterprise(await findEnterprise(ctx, request.params.id)),
    );

    app.patch(
      '/admin/v1/enterprises/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Rename, activate or deactivate an Enterprise, or keep its reports inside it',
          params: IdParams,
          body: UpdateEnterpriseBody,
          response: { 200: EnterpriseView, ...adminErrors },
        },
      },
      async (request) => {
        return presentEnterprise(await updateEnterprise(ctx, request.params.id, request.body));
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
        await addMember(ctx, request.params.id, request.body.accountId);
        return reply.code(201).send({ enterpriseId: request.params.id, accountId: request.body.accountId });
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
        await removeMember(ctx, id, accountId);
        return reply.code(204).send(null);
      },
    );
  };
}
