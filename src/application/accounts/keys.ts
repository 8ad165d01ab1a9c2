import type { ApiKeyListing } from '../../domain/account.js';
import { API_KEY_PREFIX, API_KEY_RANDOM_LENGTH, displayPrefix } from '../../domain/api-key.js';
import type { AuditActor } from '../../domain/audit.js';
import { needsEnterpriseOwnership, type Permission } from '../../domain/permissions.js';
import { randomBase62, sha256Hex } from '../../lib/crypto.js';
import type { TransactionRepositories } from '../../storage/repositories/index.js';
import { auditRefusals, OPERATOR, recordAudit } from '../audit/record.js';
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

/**
 * Issues a key with the repositories of the caller's transaction, and records it in the audit
 * trail there (docs/audit.md): permissions and the display prefix, never the key.
 */
export async function issueKeyWith(
  repos: Pick<TransactionRepositories, 'enterprises' | 'apiKeys' | 'audit'>,
  accountId: number,
  request: KeyRequest,
  now: number,
  actor: AuditActor = OPERATOR,
): Promise<IssuedKey> {
  const owned = await repos.enterprises.activeOwnedBy(accountId);
  // Only an active Enterprise's owner may hold pins:create.
  if (needsEnterpriseOwnership(request.permissions) && owned === undefined) {
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
  await recordAudit(repos, {
    actor,
    action: 'api_key.create',
    resource: { type: 'api_key', id: stored.id },
    enterpriseId: owned?.id ?? null,
    at: now,
    detail: { accountId, prefix: stored.prefix, permissions: [...request.permissions] },
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
  actor: AuditActor = OPERATOR,
): Promise<IssuedKey> {
  return auditRefusals(
    ctx,
    { actor, action: 'api_key.create', resource: { type: 'api_key', id: null } },
    async () => {
      const account = await liveAccount(ctx, accountId);
      const now = ctx.clock();
      return ctx.transaction((repos) => issueKeyWith(repos, account.id, request, now, actor));
    },
  );
}

export async function listKeys(ctx: UseCaseContext, accountId: number): Promise<ApiKeyListing[]> {
  const account = await liveAccount(ctx, accountId);
  return ctx.repos.apiKeys.listForAccount(account.id);
}

/**
 * Revoking twice is harmless: the key stays revoked. With `ownerAccountId` (a person revoking their
 * own key in the dashboard), another account's key is as good as missing.
 */
export async function revokeKey(
  ctx: UseCaseContext,
  keyId: number,
  ownerAccountId?: number,
  actor: AuditActor = OPERATOR,
): Promise<void> {
  const resource = { type: 'api_key', id: keyId } as const;
  await auditRefusals(ctx, { actor, action: 'api_key.revoke', resource }, () =>
    ctx.transaction(async (repos) => {
      const now = ctx.clock();
      const revoked = await repos.apiKeys.revoke(keyId, now, ownerAccountId);
      // Revoking twice is harmless, and records nothing the second time.
      if (revoked) {
        const accountId = await repos.apiKeys.accountOf(keyId);
        const owned = accountId === undefined ? undefined : await repos.enterprises.activeOwnedBy(accountId);
        await recordAudit(repos, {
          actor,
          action: 'api_key.revoke',
          resource,
          enterpriseId: owned?.id ?? null,
          at: now,
          detail: { accountId: accountId ?? null },
        });
      } else if (!(await repos.apiKeys.exists(keyId, ownerAccountId)))
        refuse({ code: 'key_not_found', keyId });
    }),
  );
  // Committed: every instance stops accepting the key now, not when its kept copy lapses.
  ctx.keyPrincipals.accessChanged();
}
