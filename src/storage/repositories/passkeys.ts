import type { Selectable } from 'kysely';
import type { Db } from '../database.js';
import type { PasskeysTable } from '../schema.js';

export interface StoredPasskey {
  id: number;
  accountId: number;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  userHandle: string;
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
}

function passkeyOf(row: Selectable<PasskeysTable>): StoredPasskey {
  return {
    id: Number(row.id),
    accountId: Number(row.account_id),
    credentialId: row.credential_id,
    publicKey: row.public_key,
    counter: Number(row.counter),
    transports: row.transports === null ? [] : (JSON.parse(row.transports) as string[]),
    userHandle: row.user_handle,
    name: row.name,
    createdAt: Number(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
  };
}

/** A ceremony's challenge as stored: what it was begun for. */
export interface StoredChallenge {
  purpose: 'register' | 'sign_in';
  accountId: number | null;
  inviteHash: string | null;
  accountName: string | null;
  userHandle: string | null;
  expiresAt: number;
}

/** Passkeys (WebAuthn credentials) and the challenges of their ceremonies. */
export function passkeysRepository(db: Db) {
  return {
    async saveChallenge(challengeHash: string, challenge: StoredChallenge): Promise<void> {
      await db
        .insertInto('passkey_challenges')
        .values({
          challenge_hash: challengeHash,
          purpose: challenge.purpose,
          account_id: challenge.accountId,
          invite_hash: challenge.inviteHash,
          account_name: challenge.accountName,
          user_handle: challenge.userHandle,
          expires_at: challenge.expiresAt,
        })
        .execute();
    },

    /**
     * Takes a challenge away and returns it, if it is still there and unexpired; undefined otherwise.
     * The delete decides, so one challenge ends one ceremony even when two instances race for it.
     */
    async takeChallenge(challengeHash: string, now: number): Promise<StoredChallenge | undefined> {
      const row = await db
        .deleteFrom('passkey_challenges')
        .where('challenge_hash', '=', challengeHash)
        .returningAll()
        .executeTakeFirst();
      if (row === undefined || Number(row.expires_at) <= now) return undefined;
      return {
        purpose: row.purpose,
        accountId: row.account_id === null ? null : Number(row.account_id),
        inviteHash: row.invite_hash,
        accountName: row.account_name,
        userHandle: row.user_handle,
        expiresAt: Number(row.expires_at),
      };
    },

    /** Forgets challenges of ceremonies that ran out before `now`. */
    async purgeChallenges(now: number): Promise<number> {
      const res = await db.deleteFrom('passkey_challenges').where('expires_at', '<', now).executeTakeFirst();
      return Number(res.numDeletedRows);
    },

    async create(input: Omit<StoredPasskey, 'id' | 'lastUsedAt'>): Promise<StoredPasskey> {
      const row = await db
        .insertInto('passkeys')
        .values({
          account_id: input.accountId,
          credential_id: input.credentialId,
          public_key: input.publicKey,
          counter: input.counter,
          transports: input.transports.length === 0 ? null : JSON.stringify(input.transports),
          user_handle: input.userHandle,
          name: input.name,
          created_at: input.createdAt,
          last_used_at: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return passkeyOf(row);
    },

    async findByCredentialId(credentialId: string): Promise<StoredPasskey | undefined> {
      const row = await db
        .selectFrom('passkeys')
        .selectAll()
        .where('credential_id', '=', credentialId)
        .executeTakeFirst();
      return row === undefined ? undefined : passkeyOf(row);
    },

    /** The account's passkeys, oldest first. */
    async listFor(accountId: number): Promise<StoredPasskey[]> {
      const rows = await db
        .selectFrom('passkeys')
        .selectAll()
        .where('account_id', '=', accountId)
        .orderBy('id')
        .execute();
      return rows.map(passkeyOf);
    },

    /**
     * Records a sign-in: the new counter, if the authenticator's counter moved on from the one read
     * (a conditional update, so two sign-ins with one counter value cannot both pass).
     */
    async recordUse(id: number, seenCounter: number, newCounter: number, now: number): Promise<boolean> {
      const res = await db
        .updateTable('passkeys')
        .set({ counter: newCounter, last_used_at: now })
        .where('id', '=', id)
        .where('counter', '=', seenCounter)
        .executeTakeFirst();
      return res.numUpdatedRows > 0n;
    },

    /** Removes one of the account's passkeys; the removed one, or undefined when it has no such passkey. */
    async remove(accountId: number, id: number): Promise<StoredPasskey | undefined> {
      const row = await db
        .deleteFrom('passkeys')
        .where('id', '=', id)
        .where('account_id', '=', accountId)
        .returningAll()
        .executeTakeFirst();
      return row === undefined ? undefined : passkeyOf(row);
    },
  };
}

export type PasskeysRepository = ReturnType<typeof passkeysRepository>;
