import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listAudit } from '../../../application/audit/list.js';
import type { UseCaseContext } from '../../../application/context.js';
import { AuditPageView, AuditQuery, auditQueryOf, presentAuditEntry } from '../../schemas/audit.js';
import { adminErrors } from './schemas.js';

/** The audit trail for the operator (docs/audit.md). */
export function auditAdminRoutes(ctx: UseCaseContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/admin/v1/audit',
      {
        schema: {
          tags: ['Operator'],
          security: [{ adminToken: [] }],
          summary: 'Read the audit trail',
          description:
            'Every consequential action, newest first: who (operator, API key or dashboard session), what, on which resource, when, for which Enterprise, and whether it took effect or was refused. Filters combine; page with `before` = the previous page’s `nextBefore`.',
          querystring: AuditQuery,
          response: { 200: AuditPageView, ...adminErrors },
        },
      },
      async (request) => {
        const { filter, page } = auditQueryOf(request.query);
        const result = await listAudit(ctx, filter, page);
        return { data: result.entries.map(presentAuditEntry), nextBefore: result.nextBefore };
      },
    );
  };
}
