import type { Selectable } from 'kysely';
import type { SessionTimes } from '../../domain/session-policy.js';
import type { Db } from '../database.js';
import type { SessionsTable } from '../schema.js';

export interface StoredSession extends SessionTimes {
  id: number;
  accountId: number;
  createdAt: number;
  userAgent: string | null;
}

function sessionOf(row: Selectable<SessionsTable>): StoredSession {
  return {
    id: row.id,
    accountId: row.account_id,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    expiresAt: row.expires_at,
    absoluteExpiresAt: row.absolute_expires_at,
    revokedAt: row.revoked_at,
    userAgent: row.user_agent,
  };
}

/** Sign-in links and dashboard sessions, found by the SHA-256 of their tokens. */
export function sessionsRepository(db: Db) {
  return {
    async createSignInLink(input: { accountId: number; tokenHash: string; now: number; expiresAt: number }) {
      await db
        .insertInto('sign_in_links')
        .values({
          account_id: input.accountId,
          token_hash: input.tokenHash,
          created_at: input.now,
          expires_at: input.expiresAt,
          used_at: null,
        })
        .execute();
    },

    /**
     * Marks an unused, unexpired link used and returns its account; undefined when there is no such
     * link. The conditional update makes a link good for exactly one sign-in, even under a race.
     */
    async useSignInLink(tokenHash: string, now: number): Promise<number | undefined> {
      const row = await db
        .updateTable('sign_in_links')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('account_id')
        .executeTakeFirst();
      return row?.account_id;
    },

    /** A link as it stands, without using it: for the page that opens it (used, expired, or neither). */
    async findSignInLink(
      tokenHash: string,
    ): Promise<{ usedAt: number | null; expiresAt: number } | undefined> {
      const row = await db
        .selectFrom('sign_in_links')
        .select(['used_at', 'expires_at'])
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (row === undefined) return undefined;
      return { usedAt: row.used_at === null ? null : Number(row.used_at), expiresAt: Number(row.expires_at) };
    },

    /**
     * Records that a Discord sign-in attempt came back; false when it had already (on any instance),
     * so a replayed callback is refused. The primary key decides, even under a race.
     */
    async useSignInState(stateHash: string, expiresAt: number): Promise<boolean> {
      const inserted = await db
        .insertInto('used_sign_in_states')
        .values({ state_hash: stateHash, expires_at: expiresAt })
        .onConflict((oc) => oc.column('state_hash').doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0;
    },

    /** Forgets attempts that ran out before `now`: they are refused for their age anyway. */
    async purgeUsedSignInStates(now: number): Promise<number> {
      const res = await db.deleteFrom('used_sign_in_states').where('expires_at', '<', now).executeTakeFirst();
      return Number(res.numDeletedRows);
    },

    async createSession(input: {
      accountId: number;
      tokenHash: string;
      times: SessionTimes;
      now: number;
      userAgent: string | null;
    }): Promise<StoredSession> {
      const row = await db
        .insertInto('sessions')
        .values({
          account_id: input.accountId,
          token_hash: input.tokenHash,
          created_at: input.now,
          last_seen_at: input.times.lastSeenAt,
          expires_at: input.times.expiresAt,
          absolute_expires_at: input.times.absoluteExpiresAt,
          revoked_at: null,
          user_agent: input.userAgent,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return sessionOf(row);
    },

    async findSession(tokenHash: string): Promise<StoredSession | undefined> {
      const row = await db
        .selectFrom('sessions')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      return row === undefined ? undefined : sessionOf(row);
    },

    async findSessionById(id: number): Promise<StoredSession | undefined> {
      const row = await db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
      return row === undefined ? undefined : sessionOf(row);
    },

    async touchSession(id: number, times: SessionTimes): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ last_seen_at: times.lastSeenAt, expires_at: times.expiresAt })
        .where('id', '=', id)
        .execute();
    },

    /** The account's sessions that are not revoked, newest first (expired ones included: they say when). */
    async listSessions(accountId: number, now: number): Promise<StoredSession[]> {
      const rows = await db
        .selectFrom('sessions')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .orderBy('last_seen_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(sessionOf);
    },

    /** Revokes one session of the account; false when it has no such live session. */
    async revokeSession(accountId: number, sessionId: number, now: number): Promise<boolean> {
      const res = await db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('id', '=', sessionId)
        .where('account_id', '=', accountId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return res.numUpdatedRows > 0n;
    },

    async revokeAllSessions(accountId: number, now: number): Promise<number> {
      const res = await db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('account_id', '=', accountId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows);
    },
  };
}

export type SessionsRepository = ReturnType<typeof sessionsRepository>;
