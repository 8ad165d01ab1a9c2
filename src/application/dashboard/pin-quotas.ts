import { PIN_CREATING_ROLES, type RoleQuotas } from '../../domain/roles.js';
import type { SessionCaller } from '../access/authenticate-session.js';
import { authorizeRole } from '../access/role-policy.js';
import { sessionActor } from '../audit/actors.js';
import { auditRefusals, recordAudit } from '../audit/record.js';
import type { UseCaseContext } from '../context.js';
import { roleQuotas } from '../pins/role-quotas.js';

/*
 * An Enterprise's PIN quotas (docs/roles.md, "PIN quotas"): how many active PINs the staff of each
 * role may hold together through the dashboard and the Discord app. Every role reads them; the owner
 * sets them, audited as `enterprise.update`.
 */

export async function readPinQuotas(
  ctx: UseCaseContext,
  caller: SessionCaller,
  enterpriseId: number,
): Promise<RoleQuotas> {
  await authorizeRole(ctx, caller.accountId, enterpriseId, 'results.read');
  return roleQuotas(ctx, enterpriseId);
}

/** Only the roles named change; the answer is every role's quota after the change. */
export async function setPinQuotas(
  ctx: UseCaseContext,
  caller: SessionCaller,
  enterpriseId: number,
  changes: Partial<RoleQuotas>,
): Promise<RoleQuotas> {
  const actor = sessionActor(caller);
  const resource = { type: 'enterprise', id: enterpriseId } as const;
  return auditRefusals(ctx, { actor, action: 'enterprise.update', resource }, async () => {
    await authorizeRole(ctx, caller.accountId, enterpriseId, 'settings.manage');
    const now = ctx.clock();
    await ctx.transaction(async (repos) => {
      const changed: string[] = [];
      const values: Record<string, number> = {};
      for (const role of PIN_CREATING_ROLES) {
        const quota = changes[role];
        if (quota === undefined) continue;
        await repos.enterprises.setPinQuota(enterpriseId, role, quota, now);
        changed.push(`pinQuotas.${role}`);
        values[`pinQuotas.${role}`] = quota;
      }
      await recordAudit(repos, {
        actor,
        action: 'enterprise.update',
        resource,
        enterpriseId,
        at: now,
        detail: { changed, ...values },
      });
    });
    return roleQuotas(ctx, enterpriseId);
  });
}
