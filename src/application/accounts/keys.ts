import type { ApiKeyListing } from '../../domain/account.js';
import { API_KEY_PREFIX, API_KEY_RANDOM_LENGTH, displayPrefix } from '../../domain/api-key.js';
import { needsEnterpriseOwnership, type Permission } from '../../domain/permissions.js';
import { randomBase62, sha256Hex } from '../../lib/crypto.js';
import type { TransactionRepositories } from '../../storage/repositories/index.js';
import type { UseCaseContext } from '../context.js';
import { refuse } from '../failures.js';
import { liveAccount } from './accounts.js';

export interface KeyRequest {
  name: string | null;
  permissions: readonly Permission[];
  rateLimitPerHour: number | null;
}

/** A new key: the raw key is in this result only; the store keeps its SHA-256 hash. */
export interface IssuedKey {
  id: number;
  key: string;
  prefix: string;
  name: string | null;
  permissions: Permission[];
}

/** Issues a key with the repositories given (the store's, or a transaction's). */
export async function issueKeyWith(
  repos: Pick<TransactionRepositories, 'enterprises' | 'apiKeys'>,
  accountId: number,
  request: KeyRequest,
  now: number,
): Promise<IssuedKey> {
  // Only an active Enterprise's owner may hold pins:create.
  if (needsEnterpriseOwnership(request.permissions) && !(await repos.enterprises.activeOwnedBy(accountId))) {
    refuse({ code: 'not_enterprise_owner', action: 'issue_pins_create_key' });
  }
  const key = API_KEY_PREFIX + randomBase62(API_KEY_RANDOM_LENGTH);
  const stored = await repos.apiKeys.create({
    accountId,
    name: request.name,
    prefix: displayPrefix(key),
    keyHash: sha256Hex(key),
    permissions: request.permissions,
    rateLimitPerHour: request.rateLimitPerHour,
    now,
  });
  return {
    id: stored.id,
    key,
    prefix: stored.prefix,
    name: stored.name,
    permissions: [...request.permissions],
  };
}

export async function issueKey(
  ctx: UseCaseContext,
  accountId: number,
  request: KeyRequest,
): Promise<IssuedKey> {
  const account = await liveAccount(ctx, accountId);
  return issueKeyWith(ctx.repos, account.id, request, ctx.clock());
}

export async function listKeys(ctx: UseCaseContext, accountId: number): Promise<ApiKeyListing[]> {
  const account = await liveAccount(ctx, accountId);
  return ctx.repos.apiKeys.listForAccount(account.id);
}

/**
 * Revoking twice is harmless: the key stays revoked. With `ownerAccountId` (a person revoking their
 * own key in the dashboard), another account's key is as good as missing.
 */
export async function revokeKey(ctx: UseCaseContext, keyId: number, ownerAccountId?: number): Promise<void> {
  const revoked = await ctx.repos.apiKeys.revoke(keyId, ctx.clock(), ownerAccountId);
  if (!revoked && !(await ctx.repos.apiKeys.exists(keyId, ownerAccountId)))
    refuse({ code: 'key_not_found', keyId });
}
