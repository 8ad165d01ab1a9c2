import type { Selectable } from 'kysely';
import type { Db } from '../database.js';
import type { ShareLinksTable } from '../schema.js';

export interface ShareLink {
  id: number;
  pinId: number;
  createdByAccountId: number;
  createdAt: number;
  expiresAt: number;
  revokedAt: number | null;
}

function linkOf(row: Selectable<ShareLinksTable>): ShareLink {
  return {
    id: row.id,
    pinId: row.pin_id,
    createdByAccountId: row.created_by_account_id,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
  };
}

/** Share links, found by the SHA-256 of their tokens. */
export function shareLinksRepository(db: Db) {
  return {
    async create(input: {
      pinId: number;
      accountId: number;
      tokenHash: string;
      now: number;
      expiresAt: number;
    }): Promise<ShareLink> {
      const row = await db
        .insertInto('share_links')
        .values({
          pin_id: input.pinId,
          created_by_account_id: input.accountId,
          token_hash: input.tokenHash,
          created_at: input.now,
          expires_at: input.expiresAt,
          revoked_at: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return linkOf(row);
    },

    async findByToken(tokenHash: string): Promise<ShareLink | undefined> {
      const row = await db
        .selectFrom('share_links')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      return row === undefined ? undefined : linkOf(row);
    },

    async find(id: number): Promise<ShareLink | undefined> {
      const row = await db.selectFrom('share_links').selectAll().where('id', '=', id).executeTakeFirst();
      return row === undefined ? undefined : linkOf(row);
    },

    async listForPin(pinId: number): Promise<ShareLink[]> {
      const rows = await db
        .selectFrom('share_links')
        .selectAll()
        .where('pin_id', '=', pinId)
        .orderBy('id', 'desc')
        .execute();
      return rows.map(linkOf);
    },

    async revoke(id: number, now: number): Promise<void> {
      await db
        .updateTable('share_links')
        .set({ revoked_at: now })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .execute();
    },
  };
}

export type ShareLinksRepository = ReturnType<typeof shareLinksRepository>;
