import type { FastifyRequest } from 'fastify';
import { isOperatorToken } from '../../application/access/authenticate-operator.js';
import type { UseCaseContext } from '../../application/context.js';
import { problems } from '../problem.js';

/** onRequest hook for /admin/v1: the operator token. */
export function adminAuth(ctx: UseCaseContext) {
  return async function requireAdmin(request: FastifyRequest): Promise<void> {
    const sent = request.headers['x-admin-token'];
    if (!isOperatorToken(ctx, typeof sent === 'string' ? sent : undefined))
      throw problems.invalidAdminToken();
  };
}
