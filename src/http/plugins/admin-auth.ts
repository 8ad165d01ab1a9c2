import type { FastifyRequest } from 'fastify';
import { secretsEqual } from '../../lib/crypto.js';
import { problems } from '../problem.js';

/** onRequest hook for /admin/v1: the operator token, compared in constant time. */
export function adminAuth(adminToken: string) {
  return async function requireAdmin(request: FastifyRequest): Promise<void> {
    const sent = request.headers['x-admin-token'];
    if (typeof sent !== 'string' || !secretsEqual(sent, adminToken)) throw problems.invalidAdminToken();
  };
}
