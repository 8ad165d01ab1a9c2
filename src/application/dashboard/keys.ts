import type { ApiKeyListing } from '../../domain/account.js';
import type { Permission } from '../../domain/permissions.js';
import type { SessionCaller } from '../access/authenticate-session.js';
import { type IssuedKey, issueKey, listKeys, revokeKey } from '../accounts/keys.js';
import { sessionActor } from '../audit/actors.js';
import type { UseCaseContext } from '../context.js';

/*
 * A person's own API keys (docs/dashboard.md, "The dashboard API"): the operator's key use cases,
 * limited to the signed-in account. pins:create still needs an owned active Enterprise.
 */

export function listOwnKeys(ctx: UseCaseContext, caller: SessionCaller): Promise<ApiKeyListing[]> {
  return listKeys(ctx, caller.accountId);
}

/** A key on the installation's hourly budget; the raw key is in this result only. */
export function issueOwnKey(
  ctx: UseCaseContext,
  caller: SessionCaller,
  input: { name: string | null; permissions: readonly Permission[] },
): Promise<IssuedKey> {
  return issueKey(ctx, caller.accountId, { ...input, rateLimitPerHour: null }, sessionActor(caller));
}

/** Another account's key is as good as missing (key_not_found). */
export function revokeOwnKey(ctx: UseCaseContext, caller: SessionCaller, keyId: number): Promise<void> {
  return revokeKey(ctx, keyId, caller.accountId, sessionActor(caller));
}
