import type { FastifyReply, FastifyRequest } from 'fastify';
import { isOperatorToken } from '../../application/access/authenticate-operator.js';
import type { UseCaseContext } from '../../application/context.js';
import { problems } from '../problem.js';
import { countRefusedCredential } from './client-address-limit.js';

/** onRequest hook for /admin/v1: the operator token; wrong ones are counted per client address. */
export function adminAuth(ctx: UseCaseContext) {
  return async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const sent = request.headers['x-admin-token'];
    if (!isOperatorToken(ctx, typeof sent === 'string' ? sent : undefined)) {
      await countRefusedCredential(ctx, request, reply);
      throw problems.invalidAdminToken();
    }
  };
}
