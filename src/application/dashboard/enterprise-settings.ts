import type { SessionCaller } from '../access/authenticate-session.js';
import { sessionActor } from '../audit/actors.js';
import { auditRefusals, recordAudit } from '../audit/record.js';
import type { UseCaseContext } from '../context.js';
import { refuse } from '../failures.js';

/*
 * An Enterprise's own settings in the dashboard (docs/dashboard.md, "Showing players their
 * verdict"). Its owner and members read them; only its owner changes them, and each change is in
 * the audit trail.
 */

export interface EnterpriseSettings {
  /** The scanner shows the player their verdict at the end of the scan. */
  verdictToPlayers: boolean;
}

/** The person's role in the active Enterprise; one they are not part of is as good as missing. */
async function roleIn(
  ctx: UseCaseContext,
  caller: SessionCaller,
  enterpriseId: number,
): Promise<'owner' | 'member'> {
  const mine = (await ctx.repos.enterprises.membershipsOf(caller.accountId)).find(
    (m) => m.enterprise.id === enterpriseId && m.enterprise.active,
  );
  if (mine === undefined) refuse({ code: 'enterprise_not_found', enterpriseId });
  return mine.role;
}

export async function readEnterpriseSettings(
  ctx: UseCaseContext,
  caller: SessionCaller,
  enterpriseId: number,
): Promise<EnterpriseSettings> {
  await roleIn(ctx, caller, enterpriseId);
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
    if ((await roleIn(ctx, caller, enterpriseId)) !== 'owner')
      refuse({ code: 'not_enterprise_owner', action: 'manage_settings' });
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
