import type { Selectable } from 'kysely';
import type { InviteFacts } from '../../domain/invite.js';
import type { Db } from '../database.js';
import type { EnterpriseInvitesTable } from '../schema.js';

export interface Invite extends InviteFacts {
  id: number;
  enterpriseId: number;
  createdByAccountId: number;
  createdAt: number;
}

function inviteOf(row: Selectable<EnterpriseInvitesTable>): Invite {
  return {
    id: row.id,
    enterpriseId: row.enterprise_id,
    createdByAccountId: row.created_by_account_id,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    maxUses: row.max_uses,
    uses: row.uses,
    revokedAt: row.revoked_at,
  };
}

export function invitesRepository(db: Db) {
  return {
    async create(input: {
      enterpriseId: number;
      accountId: number;
      tokenHash: string;
      now: number;
      expiresAt: number;
      maxUses: number | null;
    }): Promise<Invite> {
      const row = await db
        .insertInto('enterprise_invites')
        .values({
          enterprise_id: input.enterpriseId,
          created_by_account_id: input.accountId,
          token_hash: input.tokenHash,
          created_at: input.now,
          expires_at: input.expiresAt,
          max_uses: input.maxUses,
          revoked_at: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return inviteOf(row);
    },

    async findByToken(tokenHash: string): Promise<Invite | undefined> {
      const row = await db
        .selectFrom('enterprise_invites')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      return row === undefined ? undefined : inviteOf(row);
    },

    async find(id: number): Promise<Invite | undefined> {
      const row = await db
        .selectFrom('enterprise_invites')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row === undefined ? undefined : inviteOf(row);
    },

    async listFor(enterpriseId: number): Promise<Invite[]> {
      const rows = await db
        .selectFrom('enterprise_invites')
        .selectAll()
        .where('enterprise_id', '=', enterpriseId)
        .orderBy('id', 'desc')
        .execute();
      return rows.map(inviteOf);
    },

    /**
     * Counts one use if the invite still has one left; false otherwise. The conditional update keeps
     * a single-use invite single-use when two people accept at once.
     */
    async use(id: number, now: number): Promise<boolean> {
      const res = await db
        .updateTable('enterprise_invites')
        .set((eb) => ({ uses: eb('uses', '+', 1) }))
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
        .executeTakeFirst();
      return res.numUpdatedRows > 0n;
    },

    async revoke(id: number, now: number): Promise<void> {
      await db
        .updateTable('enterprise_invites')
        .set({ revoked_at: now })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .execute();
    },
  };
}

export type InvitesRepository = ReturnType<typeof invitesRepository>;
