import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { listEnterpriseAudit } from '../../../application/audit/list.js';
import type { UseCaseContext } from '../../../application/context.js';
import { personOf } from '../../plugins/session-auth.js';
import { AuditPageView, auditQueryOf, EnterpriseAuditQuery, presentAuditEntry } from '../../schemas/audit.js';
import { problemResponses } from '../../schemas/common.js';
import { RowId, security, sessionErrors, tags } from './schemas.js';

/** An Enterprise's audit trail for its owner (docs/audit.md, "The owner's page"). */
export function dashboardAuditRoutes(ctx: UseCaseContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/enterprises/:id/audit',
      {
        schema: {
          tags,
          security,
          summary: "An Enterprise's audit trail (owner only)",
          description:
            'What happened in the Enterprise, newest first: members and invites, the owner’s keys and webhooks, PINs created under it. The same entries and filters as GET /admin/v1/audit, limited to this Enterprise.',
          params: Type.Object({ id: RowId }),
          querystring: EnterpriseAuditQuery,
          response: { 200: AuditPageView, ...sessionErrors, ...problemResponses(400, 404) },
        },
      },
      async (request) => {
        const { filter, page } = auditQueryOf(request.query);
        const result = await listEnterpriseAudit(ctx, personOf(request), request.params.id, filter, page);
        return { data: result.entries.map(presentAuditEntry), nextBefore: result.nextBefore };
      },
    );
  };
}
