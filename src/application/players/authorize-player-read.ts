import { mayReadPlayers } from '../../domain/licence.js';
import { type AccountCaller, liveAccountOf } from '../callers.js';
import type { UseCaseContext } from '../context.js';
import { refuse } from '../failures.js';

/**
 * The licence rule for the risk score and the lookup (domain/licence.ts). The HTTP surface runs it
 * before validating the Discord ID, so an unlicensed caller gets licence_required whatever it sent.
 */
export async function authorizePlayerRead(ctx: UseCaseContext, caller: AccountCaller): Promise<void> {
  const account = liveAccountOf(caller);
  const now = ctx.clock();
  if (mayReadPlayers(account, now, false)) return;
  const member = await membershipOf(ctx, caller, account.id);
  if (!mayReadPlayers(account, now, member)) refuse({ code: 'licence_required' });
}

/*
 * The check runs twice per request (before validation, and in the use case itself), and on every
 * request of a member polling players: the answer is kept for a few seconds and forgotten on every
 * instance when memberships change (access/key-principals.ts).
 */
function membershipOf(ctx: UseCaseContext, _caller: AccountCaller, accountId: number): Promise<boolean> {
  // The same kept list whose Enterprises' own reports the answer then adds (enterprise-reports.ts).
  return ctx.keyPrincipals
    .enterpriseIds(accountId, () => ctx.repos.enterprises.activeEnterpriseIdsOf(accountId))
    .then((ids) => ids.length > 0);
}
