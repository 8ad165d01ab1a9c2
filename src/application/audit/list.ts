import type { AuditEntry, AuditFilter, AuditPageRequest } from '../../domain/audit.js';
import { AUDIT_PAGE_MAX } from '../../domain/audit.js';
import type { SessionCaller } from '../access/authenticate-session.js';
import { authorizeRole } from '../access/role-policy.js';
import type { UseCaseContext } from '../context.js';

export interface AuditPage {
  entries: AuditEntry[];
  /** Pass as `before` for the next (older) page; null on the last one. */
  nextBefore: number | null;
}

function bounded(page: AuditPageRequest): AuditPageRequest {
  return { ...page, limit: Math.min(Math.max(page.limit, 1), AUDIT_PAGE_MAX) };
}

/** The whole trail, newest first, for the operator (GET /admin/v1/audit, `scanpin admin audit`). */
export function listAudit(
  ctx: UseCaseContext,
  filter: AuditFilter,
  page: AuditPageRequest,
): Promise<AuditPage> {
  return ctx.repos.audit.list(filter, bounded(page));
}

/**
 * One Enterprise's entries for its owner in the dashboard (docs/audit.md, "The owner's page"):
 * members, invites, the owner's keys and webhooks, and PINs created under it. Someone outside the
 * Enterprise finds nothing; a member is told to ask the owner.
 */
export async function listEnterpriseAudit(
  ctx: UseCaseContext,
  caller: SessionCaller,
  enterpriseId: number,
  filter: Omit<AuditFilter, 'enterpriseId'>,
  page: AuditPageRequest,
): Promise<AuditPage> {
  await authorizeRole(ctx, caller.accountId, enterpriseId, 'audit.read', { inactiveToo: true });
  return ctx.repos.audit.list({ ...filter, enterpriseId }, bounded(page));
}
