import type { SessionCaller } from '../access/authenticate-session.js';
import { authorizeRole } from '../access/role-policy.js';
import { sessionActor } from '../audit/actors.js';
import { auditRefusals, recordAudit } from '../audit/record.js';
import type { UseCaseContext } from '../context.js';
import { refuse } from '../failures.js';

/*
 * An Enterprise's own settings in the dashboard (docs/dashboard.md, "Showing players their
 * verdict"). Every role reads them (docs/roles.md); only its owner changes them, and each change is in
 * the audit trail.
 */

export interface EnterpriseSettings {
  /** The scanner shows the player their verdict at the end of the scan. */
  verdictToPlayers: boolean;
}

export async function readEnterpriseSettings(
  ctx: UseCaseContext,
  caller: SessionCaller,
  enterpriseId: number,
): Promise<EnterpriseSettings> {
  await authorizeRole(ctx, caller.accountId, enterpriseId, 'results.read');
  return { verdictToPlayers: await ctx.repos.enterprises.verdictToPlayers(enterpriseId) };
}

/** Owner only; recorded as `enterprise.update` with the setting's new value. */
export async function changeEnterpriseSettings(
  ctx: UseCaseContext,
  caller: SessionCaller,
  enterpriseId: number,
  changes: EnterpriseSettings,
): Promise<EnterpriseSettings> {
  const actor = sessionActor(caller);
  const resource = { type: 'enterprise', id: enterpriseId } as const;
  return auditRefusals(ctx, { actor, action: 'enterprise.update', resource }, async () => {
    await authorizeRole(ctx, caller.accountId, enterpriseId, 'settings.manage');
    return ctx.transaction(async (repos) => {
      if (!(await repos.enterprises.setVerdictToPlayers(enterpriseId, changes.verdictToPlayers)))
        refuse({ code: 'enterprise_not_found', enterpriseId });
      await recordAudit(repos, {
        actor,
        action: 'enterprise.update',
        resource,
        enterpriseId,
        at: ctx.clock(),
        detail: { changed: ['verdictToPlayers'], verdictToPlayers: changes.verdictToPlayers },
      });
      return { verdictToPlayers: changes.verdictToPlayers };
    });
  });
}
