import type { DashboardViewer } from '../../domain/pin-visibility.js';
import type { SessionCaller } from '../access/authenticate-session.js';
import type { UseCaseContext } from '../context.js';

/** The person behind a session, with the Enterprises whose shared PINs they may see. */
export function viewerOf(ctx: UseCaseContext, caller: SessionCaller): Promise<DashboardViewer> {
  return viewerFor(ctx, caller.accountId);
}

export async function viewerFor(ctx: UseCaseContext, accountId: number): Promise<DashboardViewer> {
  const ids = await ctx.repos.enterprises.activeEnterpriseIdsOf(accountId);
  return { accountId, enterpriseIds: new Set(ids) };
}
