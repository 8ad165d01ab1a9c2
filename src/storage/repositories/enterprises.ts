import type { Enterprise } from '../../domain/account.js';
import type { Db } from '../database.js';
import type { EnterpriseRow, Flag } from '../schema.js';

function enterpriseOf(row: EnterpriseRow): Enterprise {
  return {
    id: row.id,
    name: row.name,
    ownerAccountId: row.owner_account_id,
    active: row.active === 1,
    reportsShared: row.reports_shared === 1,
  };
}

const orNone = (row: EnterpriseRow | undefined) => (row === undefined ? undefined : enterpriseOf(row));

export function enterprisesRepository(db: Db) {
  /** Active Enterprises the account owns or is a member of: who may read players, whose PINs it sees. */
  const activeEnterprisesOf = (accountId: number) =>
    db
      .selectFrom('enterprises')
      .select('enterprises.id')
      .where('enterprises.active', '=', 1)
      .where((eb) =>
        eb.or([
          eb('enterprises.owner_account_id', '=', accountId),
          eb.exists(
            eb
              .selectFrom('enterprise_members')
              .select('enterprise_members.account_id')
              .whereRef('enterprise_members.enterprise_id', '=', 'enterprises.id')
              .where('enterprise_members.account_id', '=', accountId),
          ),
        ]),
      );

  return {
    async create(input: { name: string; ownerAccountId: number; now: number }): Promise<Enterprise> {
      const row = await db
        .insertInto('enterprises')
        .values({
          name: input.name,
          owner_account_id: input.ownerAccountId,
          active: 1,
          created_at: input.now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return enterpriseOf(row);
    },

    async find(id: number): Promise<Enterprise | undefined> {
      return orNone(await db.selectFrom('enterprises').selectAll().where('id', '=', id).executeTakeFirst());
    },

    async update(
      id: number,
      changes: { name?: string; active?: boolean; reportsShared?: boolean },
    ): Promise<Enterprise | undefined> {
      const values: { name?: string; active?: Flag; reports_shared?: Flag } = {};
      if (changes.name !== undefined) values.name = changes.name;
      if (changes.active !== undefined) values.active = changes.active ? 1 : 0;
      if (changes.reportsShared !== undefined) values.reports_shared = changes.reportsShared ? 1 : 0;
      if (Object.keys(values).length === 0) return this.find(id);
      return orNone(
        await db
          .updateTable('enterprises')
          .set(values)
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirst(),
      );
    },

    /** Whether the scanner shows this Enterprise's players their verdict; false for an unknown one. */
    async verdictToPlayers(id: number): Promise<boolean> {
      const row = await db
        .selectFrom('enterprises')
        .select('verdict_to_players')
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.verdict_to_players === 1;
    },

    /** false when there is no such Enterprise. */
    async setVerdictToPlayers(id: number, shown: boolean): Promise<boolean> {
      const res = await db
        .updateTable('enterprises')
        .set({ verdict_to_players: shown ? 1 : 0 })
        .where('id', '=', id)
        .executeTakeFirst();
      return res.numUpdatedRows > 0n;
    },

    /** The account's oldest active owned Enterprise: the one its PINs are created under. */
    async activeOwnedBy(accountId: number): Promise<Enterprise | undefined> {
      const row = await db
        .selectFrom('enterprises')
        .selectAll()
        .where('owner_account_id', '=', accountId)
        .where('active', '=', 1)
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      return orNone(row);
    },

    /** The active Enterprises the account owns or belongs to. */
    async activeEnterpriseIdsOf(accountId: number): Promise<number[]> {
      const rows = await activeEnterprisesOf(accountId).orderBy('enterprises.id').execute();
      return rows.map((r) => r.id);
    },

    /** Every Enterprise the account owns or belongs to, with its role there. */
    async membershipsOf(
      accountId: number,
    ): Promise<Array<{ enterprise: Enterprise; role: 'owner' | 'member' }>> {
      const owned = await db
        .selectFrom('enterprises')
        .selectAll()
        .where('owner_account_id', '=', accountId)
        .execute();
      const joined = await db
        .selectFrom('enterprise_members')
        .innerJoin('enterprises', 'enterprises.id', 'enterprise_members.enterprise_id')
        .selectAll('enterprises')
        .where('enterprise_members.account_id', '=', accountId)
        .execute();
      return [
        ...owned.map((row) => ({ enterprise: enterpriseOf(row), role: 'owner' as const })),
        ...joined.map((row) => ({ enterprise: enterpriseOf(row), role: 'member' as const })),
      ].sort((a, b) => a.enterprise.id - b.enterprise.id);
    },

    async members(
      enterpriseId: number,
    ): Promise<Array<{ accountId: number; name: string; joinedAt: number }>> {
      const rows = await db
        .selectFrom('enterprise_members')
        .innerJoin('accounts', 'accounts.id', 'enterprise_members.account_id')
        .select(['accounts.id', 'accounts.name', 'enterprise_members.created_at'])
        .where('enterprise_members.enterprise_id', '=', enterpriseId)
        .where('accounts.deleted_at', 'is', null)
        .orderBy('enterprise_members.created_at')
        .execute();
      return rows.map((r) => ({ accountId: r.id, name: r.name, joinedAt: r.created_at }));
    },

    /** false when the account is already a member. */
    async addMember(enterpriseId: number, accountId: number, now: number): Promise<boolean> {
      const res = await db
        .insertInto('enterprise_members')
        .values({ enterprise_id: enterpriseId, account_id: accountId, created_at: now })
        .onConflict((oc) => oc.columns(['enterprise_id', 'account_id']).doNothing())
        .executeTakeFirst();
      return (res.numInsertedOrUpdatedRows ?? 0n) > 0n;
    },

    async removeMember(enterpriseId: number, accountId: number): Promise<boolean> {
      const res = await db
        .deleteFrom('enterprise_members')
        .where('enterprise_id', '=', enterpriseId)
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      return res.numDeletedRows > 0n;
    },
  };
}

export type EnterprisesRepository = ReturnType<typeof enterprisesRepository>;
