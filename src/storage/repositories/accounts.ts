import type { Account } from '../../domain/account.js';
import type { Db } from '../database.js';
import type { AccountRow, Flag } from '../schema.js';

function accountOf(row: AccountRow): Account {
  return {
    id: row.id,
    name: row.name,
    discordId: row.discord_id,
    licenceExpiresAt: row.licence_expires_at,
    banned: row.banned === 1,
  };
}

export interface AccountChanges {
  name?: string;
  banned?: boolean;
  licenceExpiresAt?: number | null;
}

export function accountsRepository(db: Db) {
  return {
    async create(input: {
      name: string;
      discordId: string | null;
      licenceExpiresAt: number | null;
      now: number;
    }): Promise<Account> {
      const row = await db
        .insertInto('accounts')
        .values({
          name: input.name,
          discord_id: input.discordId,
          licence_expires_at: input.licenceExpiresAt,
          banned: 0,
          created_at: input.now,
          deleted_at: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return accountOf(row);
    },

    /** A live (not deleted) account. */
    async find(id: number): Promise<Account | undefined> {
      const row = await db
        .selectFrom('accounts')
        .selectAll()
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return row === undefined ? undefined : accountOf(row);
    },

    /**
     * The live accounts carrying this Discord ID, oldest first, at most `limit`. The column is not
     * unique (an operator may give two accounts one ID), so callers decide what several mean.
     */
    async findByDiscordId(discordId: string, limit = 2): Promise<Account[]> {
      const rows = await db
        .selectFrom('accounts')
        .selectAll()
        .where('discord_id', '=', discordId)
        .where('deleted_at', 'is', null)
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map(accountOf);
    },

    async update(id: number, changes: AccountChanges): Promise<Account | undefined> {
      const values: { name?: string; banned?: Flag; licence_expires_at?: number | null } = {};
      if (changes.name !== undefined) values.name = changes.name;
      if (changes.banned !== undefined) values.banned = changes.banned ? 1 : 0;
      if (changes.licenceExpiresAt !== undefined) values.licence_expires_at = changes.licenceExpiresAt;
      if (Object.keys(values).length === 0) return this.find(id);
      const row = await db
        .updateTable('accounts')
        .set(values)
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
      return row === undefined ? undefined : accountOf(row);
    },

    async softDelete(id: number, now: number): Promise<boolean> {
      const res = await db
        .updateTable('accounts')
        .set({ deleted_at: now })
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return res.numUpdatedRows > 0n;
    },

    async setKeywords(accountId: number, keywords: readonly string[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('account_keywords').where('account_id', '=', accountId).execute();
        if (keywords.length > 0) {
          await trx
            .insertInto('account_keywords')
            .values(keywords.map((keyword) => ({ account_id: accountId, keyword })))
            .execute();
        }
      });
    },

    async keywords(accountId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('account_keywords')
        .select('keyword')
        .where('account_id', '=', accountId)
        .orderBy('keyword')
        .execute();
      return rows.map((r) => r.keyword);
    },
  };
}

export type AccountsRepository = ReturnType<typeof accountsRepository>;
