import { type Kysely, sql } from 'kysely';

/**
 * Hardware IDs that many machines share (docs/risk-score.md, "Hubs"): a junk serial such as
 * `Default string` reaches thousands of accounts, and linking through it made strangers alt accounts
 * of each other and made every finish cost a row per account behind it.
 * - hwid_accounts: which Discord accounts a hardware ID was reported with, linked or not, so its count
 *   keeps growing after it stops linking (one row per pair: a finish writes at most one per account
 *   it names and ID it reports, whatever is already there);
 * - hwids.accounts_seen: that count, kept beside the profile so operators list hubs without counting;
 * - hwids.hub_since: when the ID stopped linking; null for an ID that still links.
 * Until now every sighting linked, so the links made so far are the sightings so far. Which IDs are
 * hubs depends on HWID_HUB_THRESHOLD, a setting, so the server decides that at start-up, not here.
 */
export function hardwareHubs() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('hwids')
        .addColumn('accounts_seen', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('hwids').addColumn('hub_since', 'bigint').execute();
      await db.schema
        .createTable('hwid_accounts')
        .addColumn('hwid_id', 'integer', (c) => c.notNull().references('hwids.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('scanned_users.id'))
        .addColumn('seen_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('hwid_accounts_pk', ['hwid_id', 'user_id'])
        .execute();
      await db.schema.createIndex('hwid_accounts_user_idx').on('hwid_accounts').column('user_id').execute();
      // Hubs are few and listed by count; the start-up check looks for IDs over the threshold.
      await db.schema.createIndex('hwids_accounts_seen_idx').on('hwids').column('accounts_seen').execute();

      await sql`insert into hwid_accounts (hwid_id, user_id, seen_at)
        select hwid_id, user_id, linked_at from user_hwids`.execute(db);
      await sql`update hwids set accounts_seen =
        (select count(*) from hwid_accounts a where a.hwid_id = hwids.id)`.execute(db);
    },
  };
}
