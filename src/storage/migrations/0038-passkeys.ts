import type { Kysely } from 'kysely';
import type { MigrationContext } from './index.js';

/**
 * Passkeys (docs/dashboard.md, "Passkeys"):
 * - passkeys: each WebAuthn credential a person registered to sign in with: its credential ID
 *   (base64url, unique over the server), its COSE public key (base64url), the signature counter the
 *   authenticator last reported, the transports it named, the WebAuthn user handle it was made for
 *   (one per account, random, so it says nothing about the account), the name the person gave it,
 *   and when it was made and last used.
 * - passkey_challenges: the challenge of each ceremony begun, as its SHA-256, with what it is for
 *   (a registration for an account or for an invite, or a sign-in) and until when. A ceremony takes
 *   its row away when it ends, on whichever instance, so a challenge is good once; the background
 *   sweep removes those that ran out.
 */
export function passkeys({ idColumn }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('passkeys')
        .addColumn('id', idColumn, (c) => c.primaryKey())
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('credential_id', 'text', (c) => c.notNull().unique())
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('counter', 'bigint', (c) => c.notNull())
        .addColumn('transports', 'text')
        .addColumn('user_handle', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_used_at', 'bigint')
        .execute();
      await db.schema.createIndex('passkeys_account_idx').on('passkeys').column('account_id').execute();

      await db.schema
        .createTable('passkey_challenges')
        .addColumn('challenge_hash', 'text', (c) => c.primaryKey())
        /** 'register' or 'sign_in'. */
        .addColumn('purpose', 'text', (c) => c.notNull())
        /** A registration by a signed-in person: their account. */
        .addColumn('account_id', 'integer')
        /** A registration that accepts an invite: the invite token's SHA-256 and the new account's name. */
        .addColumn('invite_hash', 'text')
        .addColumn('account_name', 'text')
        .addColumn('user_handle', 'text')
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('passkey_challenges_expires_idx')
        .on('passkey_challenges')
        .column('expires_at')
        .execute();
    },
  };
}
