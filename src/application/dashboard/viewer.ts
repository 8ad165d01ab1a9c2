import type { DashboardViewer } from '../../domain/pin-visibility.js';
import type { SessionCaller } from '../access/authenticate-session.js';
import type { UseCaseContext } from '../context.js';

/** The person behind a session, with the Enterprises whose shared PINs they may see. */
export async function viewerOf(ctx: UseCaseContext, caller: SessionCaller): Promise<DashboardViewer> {
  const ids = await ctx.repos.enterprises.activeEnterpriseIdsOf(caller.accountId);
  return { accountId: caller.accountId, enterpriseIds: new Set(ids) };
}
