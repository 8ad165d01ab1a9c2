import type { Enterprise } from '../../domain/account.js';
import type { MemberRole, PinCreatingRole, Role } from '../../domain/roles.js';
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
    async membershipsOf(accountId: number): Promise<Array<{ enterprise: Enterprise; role: Role }>> {
      const owned = await db
        .selectFrom('enterprises')
        .selectAll()
        .where('owner_account_id', '=', accountId)
        .execute();
      const joined = await db
        .selectFrom('enterprise_members')
        .innerJoin('enterprises', 'enterprises.id', 'enterprise_members.enterprise_id')
        .selectAll('enterprises')
        .select('enterprise_members.role as member_role')
        .where('enterprise_members.account_id', '=', accountId)
        .execute();
      return [
        ...owned.map((row) => ({ enterprise: enterpriseOf(row), role: 'owner' as Role })),
        ...joined.map(({ member_role, ...row }) => ({
          enterprise: enterpriseOf(row),
          role: member_role as Role,
        })),
      ].sort((a, b) => a.enterprise.id - b.enterprise.id);
    },

    async members(
      enterpriseId: number,
    ): Promise<Array<{ accountId: number; name: string; joinedAt: number; role: MemberRole }>> {
      const rows = await db
        .selectFrom('enterprise_members')
        .innerJoin('accounts', 'accounts.id', 'enterprise_members.account_id')
        .select(['accounts.id', 'accounts.name', 'enterprise_members.created_at', 'enterprise_members.role'])
        .where('enterprise_members.enterprise_id', '=', enterpriseId)
        .where('accounts.deleted_at', 'is', null)
        .orderBy('enterprise_members.created_at')
        .execute();
      return rows.map((r) => ({ accountId: r.id, name: r.name, joinedAt: r.created_at, role: r.role }));
    },

    /** The member's role, or undefined when the account is not a member (the owner is not one). */
    async memberRole(enterpriseId: number, accountId: number): Promise<MemberRole | undefined> {
      const row = await db
        .selectFrom('enterprise_members')
        .select('role')
        .where('enterprise_id', '=', enterpriseId)
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      return row?.role;
    },

    /** false when the account is not a member. */
    async setMemberRole(enterpriseId: number, accountId: number, role: MemberRole): Promise<boolean> {
      const res = await db
        .updateTable('enterprise_members')
        .set({ role })
        .where('enterprise_id', '=', enterpriseId)
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      return res.numUpdatedRows > 0n;
    },

    /** The quotas the owner set, per role; a role missing here has the installation's default. */
    async pinQuotas(enterpriseId: number): Promise<Partial<Record<PinCreatingRole, number>>> {
      const rows = await db
        .selectFrom('enterprise_pin_quotas')
        .select(['role', 'max_active'])
        .where('enterprise_id', '=', enterpriseId)
        .execute();
      return Object.fromEntries(rows.map((r) => [r.role, r.max_active]));
    },

    async setPinQuota(enterpriseId: number, role: PinCreatingRole, maxActive: number, now: number) {
      await db
        .insertInto('enterprise_pin_quotas')
        .values({ enterprise_id: enterpriseId, role, max_active: maxActive, updated_at: now })
        .onConflict((oc) =>
          oc.columns(['enterprise_id', 'role']).doUpdateSet({ max_active: maxActive, updated_at: now }),
        )
        .execute();
    },

    /** false when the account is already a member. */
    async addMember(
      enterpriseId: number,
      accountId: number,
      now: number,
      role: MemberRole = 'viewer',
    ): Promise<boolean> {
      const res = await db
        .insertInto('enterprise_members')
        .values({ enterprise_id: enterpriseId, account_id: accountId, created_at: now, role })
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
