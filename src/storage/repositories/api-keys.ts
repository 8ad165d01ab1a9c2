import type { ApiKeyListing } from '../../domain/account.js';
import type { Permission } from '../../domain/permissions.js';
import type { Db } from '../database.js';
import { PARAM, precompile } from '../precompiled.js';
import type { ApiKeyRow } from '../schema.js';

/** What authentication needs about a key and its account, read in one query. */
export interface KeyPrincipal {
  keyId: number;
  accountId: number;
  permissions: Permission[];
  rateLimitPerHour: number | null;
  createdAt: number;
  revoked: boolean;
  lastUsedAt: number | null;
  /** null when the account was deleted after the key was issued. */
  account: { id: number; banned: boolean; licenceExpiresAt: number | null } | null;
}

function listingOf(row: ApiKeyRow): ApiKeyListing {
  return {
    id: row.id,
    prefix: row.prefix,
    name: row.name,
    rateLimitPerHour: row.rate_limit_per_hour,
    permissions: JSON.parse(row.permissions) as Permission[],
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    revoked: row.revoked_at !== null,
  };
}

export function apiKeysRepository(db: Db) {
  // Runs on every keyed request, so it is compiled once (see storage/precompiled).
  const principalByHash = precompile(
    db,
    db
      .selectFrom('api_keys')
      .leftJoin('accounts', (join) =>
        join.onRef('accounts.id', '=', 'api_keys.account_id').on('accounts.deleted_at', 'is', null),
      )
      .select([
        'api_keys.id as key_id',
        'api_keys.account_id',
        'api_keys.permissions',
        'api_keys.rate_limit_per_hour',
        'api_keys.created_at',
        'api_keys.revoked_at',
        'api_keys.last_used_at',
        'accounts.id as live_account_id',
        'accounts.banned',
        'accounts.licence_expires_at',
      ])
      .where('api_keys.key_hash', '=', PARAM),
    1,
  );

  return {
    async create(input: {
      accountId: number;
      name: string | null;
      prefix: string;
      keyHash: string;
      permissions: readonly Permission[];
      rateLimitPerHour: number | null;
      now: number;
    }): Promise<ApiKeyListing> {
      return listingOf(
        await db
          .insertInto('api_keys')
          .values({
            account_id: input.accountId,
            name: input.name,
            prefix: input.prefix,
            key_hash: input.keyHash,
            permissions: JSON.stringify(input.permissions),
            rate_limit_per_hour: input.rateLimitPerHour,
            created_at: input.now,
            last_used_at: null,
            revoked_at: null,
          })
          .returningAll()
          .executeTakeFirstOrThrow(),
      );
    },

    async findPrincipal(keyHash: string): Promise<KeyPrincipal | undefined> {
      const [row] = await principalByHash(keyHash);
      if (!row) return undefined;
      return {
        keyId: row.key_id,
        accountId: row.account_id,
        permissions: JSON.parse(row.permissions) as Permission[],
        rateLimitPerHour: row.rate_limit_per_hour,
        createdAt: row.created_at,
        revoked: row.revoked_at !== null,
        lastUsedAt: row.last_used_at,
        account:
          row.live_account_id === null
            ? null
            : { id: row.live_account_id, banned: row.banned === 1, licenceExpiresAt: row.licence_expires_at },
      };
    },

    async listForAccount(accountId: number): Promise<ApiKeyListing[]> {
      const rows = await db
        .selectFrom('api_keys')
        .selectAll()
        .where('account_id', '=', accountId)
        .orderBy('id')
        .execute();
      return rows.map(listingOf);
    },

    /** false when there is no such key (of `accountId`, when given) or it was already revoked. */
    async revoke(id: number, now: number, accountId?: number): Promise<boolean> {
      let q = db
        .updateTable('api_keys')
        .set({ revoked_at: now })
        .where('id', '=', id)
        .where('revoked_at', 'is', null);
      if (accountId !== undefined) q = q.where('account_id', '=', accountId);
      const res = await q.executeTakeFirst();
      return res.numUpdatedRows > 0n;
    },

    /** Whether the key exists and is not revoked: what a stream it opened asks again. */
    async isLive(id: number): Promise<boolean> {
      const row = await db
        .selectFrom('api_keys')
        .select('id')
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Whether the key exists (as one of `accountId`'s keys, when given). */
    async exists(id: number, accountId?: number): Promise<boolean> {
      let q = db.selectFrom('api_keys').select('id').where('id', '=', id);
      if (accountId !== undefined) q = q.where('account_id', '=', accountId);
      return (await q.executeTakeFirst()) !== undefined;
    },

    /** The account a key was issued to (the audit trail's Enterprise of a revocation). */
    async accountOf(id: number): Promise<number | undefined> {
      const row = await db
        .selectFrom('api_keys')
        .select('account_id')
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.account_id;
    },

    async touch(id: number, now: number): Promise<void> {
      await db.updateTable('api_keys').set({ last_used_at: now }).where('id', '=', id).execute();
    },
  };
}

export type ApiKeysRepository = ReturnType<typeof apiKeysRepository>;
