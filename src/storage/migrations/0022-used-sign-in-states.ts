import type { Kysely } from 'kysely';

/**
 * The `state` of each "Sign in with Discord" attempt that came back to the server, as its SHA-256 and
 * the moment the attempt ran out (docs/dashboard.md, "Signing in"). An attempt is good for one return
 * on any instance: a replayed callback (the same sealed cookie, state and code) finds its state here
 * and is refused. Rows are needed only until `expires_at`, after which the attempt is refused for its
 * age anyway; the background sweep removes them.
 */
export function usedSignInStates() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('used_sign_in_states')
        .addColumn('state_hash', 'text', (c) => c.primaryKey())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('used_sign_in_states_expires_idx')
        .on('used_sign_in_states')
        .column('expires_at')
        .execute();
    },
  };
}
