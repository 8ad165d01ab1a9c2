import type { SessionCaller } from '../access/authenticate-session.js';
import type { AccountCaller } from '../callers.js';
import type { UseCaseContext } from '../context.js';

/**
 * A signed-in person as the account-level rules see them (licence, PIN creation, webhooks), read
 * afresh so those rules meet the account as it is now, exactly as they do behind an API key.
 */
export async function accountCallerOf(ctx: UseCaseContext, caller: SessionCaller): Promise<AccountCaller> {
  const account = await ctx.repos.accounts.find(caller.accountId);
  return {
    sessionId: caller.sessionId,
    accountId: caller.accountId,
    account:
      account === undefined
        ? null
        : { id: account.id, banned: account.banned, licenceExpiresAt: account.licenceExpiresAt },
  };
}
