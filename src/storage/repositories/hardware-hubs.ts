import type { Db } from '../database.js';
import type { Dialect } from '../migrations/index.js';
import { invalidatePlayers } from './player-documents.js';
import { privacyRepository } from './privacy.js';
import { accountsCountedBy } from './report-provenance.js';

/*
 * Hardware IDs that many machines share (docs/risk-score.md, "Placeholders and hubs"). Every account
 * a hardware ID is reported with is recorded (hwid_accounts), linked or not; once an ID has been seen
 * with more accounts than the threshold it becomes a hub: it links nobody from then on, and the links
 * it made before are taken back. Taking them back is bounded by the threshold (an ID is converted the
 * moment it crosses it, so at most threshold + 1 accounts are linked through it), except for stores
 * that held hubs before this rule existed, which the start-up check converts once.
 */

/** What converting a hardware ID into a hub changed, counted for the log. */
export interface HubConversion {
  unlinkedAccounts: number;
  /** Finished scans that were left on no linking hardware and got a profile of their own. */
  scansGivenOwnProfile: number;
}

/** Marks an alt-account note made when a scan joined two accounts: `… detected: <username> (<id>)`. */
const NOTE_PREFIX = 'Possible alt account detected: ';
const NOTED_ID = /\((\d{17,20})\)$/;

export function hardwareHubsRepository(db: Db, dialect: Dialect) {
  const privacy = privacyRepository(db, dialect);

  /**
   * A profile of its own for a finished scan whose hardware IDs all stopped linking, so its verdict
   * still counts for the accounts it was tied to, as a scan that reported only placeholders does. Its key
   * is not a hardware ID (no HMAC needed, nothing to protect) and cannot collide with one.
   */
  async function ownProfile(pinId: number, at: number): Promise<number> {
    const { id } = await db
      .insertInto('hwids')
      .values({ hash: `scan:${pinId}`, created_at: at })
      .onConflict((oc) => oc.column('hash').doUpdateSet({ hash: `scan:${pinId}` }))
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('scan_hwids')
      .values({ pin_id: pinId, hwid_id: id })
      .onConflict((oc) => oc.columns(['pin_id', 'hwid_id']).doNothing())
      .execute();
    return id;
  }

  /** Users by Discord ID, for the accounts a stored scan counted for. */
  async function usersNamed(discordIds: readonly string[]): Promise<Map<string, number>> {
    if (discordIds.length === 0) return new Map();
    const rows = await db
      .selectFrom('scanned_users')
      .select(['id', 'discord_id'])
      .where('discord_id', 'in', [...discordIds])
      .execute();
    return new Map(rows.map((r) => [r.discord_id, r.id]));
  }

  /** Finished scans on `hwidId` that no longer report any hardware ID that links, but `except`. */
  async function scansLeftWithoutLinks(hwidId: number, except: number) {
    return db
      .selectFrom('scan_hwids as sh')
      .innerJoin('scan_reports as r', 'r.pin_id', 'sh.pin_id')
      .select(['sh.pin_id', 'r.created_at', 'r.discord'])
      .where('sh.hwid_id', '=', hwidId)
      .where('sh.pin_id', '!=', except)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('scan_hwids as other')
              .innerJoin('hwids as h', 'h.id', 'other.hwid_id')
              .select('other.hwid_id')
              .whereRef('other.pin_id', '=', 'sh.pin_id')
              .where('h.hub_since', 'is', null),
          ),
        ),
      )
      .orderBy('sh.pin_id')
      .execute();
  }

  /**
   * Drops the scans a user had only through hardware they are no longer linked to: what remains is
   * every scan on their linked hardware and every scan that counted for them as one of its accounts
   * (docs/risk-score.md).
   */
  async function pruneScans(userId: number, discordId: string): Promise<void> {
    // One statement, on the keys of user_scans and scan_accounts: no report is read into the process.
    await db
      .deleteFrom('user_scans')
      .where('user_id', '=', userId)
      .where(
        'pin_id',
        'not in',
        db
          .selectFrom('scan_hwids as sh')
          .innerJoin('user_hwids as uh', 'uh.hwid_id', 'sh.hwid_id')
          .select('sh.pin_id')
          .where('uh.user_id', '=', userId),
      )
      // A scan that counted for them as one of its accounts stays; one that only claimed them does
      // not (docs/risk-score.md, "Whose scan it is").
      .where(
        'pin_id',
        'not in',
        db
          .selectFrom('scan_accounts')
          .select('pin_id')
          .where('discord_id', '=', discordId)
          .where('shared', '=', 1),
      )
      .where(({ or, not, exists, selectFrom }) =>
        or([
          // A scan with recorded accounts is decided by them (above)…
          exists(
            selectFrom('scan_accounts as sa')
              .select('sa.pin_id')
              .whereRef('sa.pin_id', '=', 'user_scans.pin_id'),
          ),
          // …one from before they were recorded by whether its report named them.
          not(
            exists(
              selectFrom('scan_reports as r')
                .select('r.pin_id')
                .whereRef('r.pin_id', '=', 'user_scans.pin_id')
                .where('r.discord', 'like', `%"id":"${discordId}"%`),
            ),
          ),
        ]),
      )
      .execute();
  }

  /** Alt-account notes between `users` that no longer share any hardware. */
  async function dropStaleNotes(users: ReadonlyMap<number, string>): Promise<void> {
    const idOf = new Map([...users].map(([id, discordId]) => [discordId, id]));
    for (const [userId] of users) {
      const sharing = new Set(
        (
          await db
            .selectFrom('user_hwids as mine')
            .innerJoin('user_hwids as theirs', 'theirs.hwid_id', 'mine.hwid_id')
            .select('theirs.user_id')
            .distinct()
            .where('mine.user_id', '=', userId)
            .execute()
        ).map((r) => r.user_id),
      );
      const notes = await db
        .selectFrom('user_reasons')
        .select(['id', 'reason'])
        .where('user_id', '=', userId)
        .where('category', '=', 'alt_account')
        .where('evidence', 'is', null)
        .where('reason', 'like', `${NOTE_PREFIX}%`)
        .execute();
      const stale = notes
        .filter((n) => {
          const other = idOf.get(NOTED_ID.exec(n.reason)?.[1] ?? '');
          return other !== undefined && other !== userId && !sharing.has(other);
        })
        .map((n) => n.id);
      for (let i = 0; i < stale.length; i += 500) {
        await db
          .deleteFrom('user_reasons')
          .where('id', 'in', stale.slice(i, i + 500))
          .execute();
      }
    }
  }

  return {
    ownProfile,

    /** Records that `userIds` were reported with `hwidIds`; each new pair adds one to the ID's count. */
    async recordSightings(hwidIds: readonly number[], userIds: readonly number[], at: number): Promise<void> {
      if (userIds.length === 0) return;
      for (const hwidId of hwidIds) {
        const res = await db
          .insertInto('hwid_accounts')
          .values(userIds.map((user_id) => ({ hwid_id: hwidId, user_id, seen_at: at })))
          .onConflict((oc) => oc.columns(['hwid_id', 'user_id']).doNothing())
          .executeTakeFirst();
        const added = Number(res.numInsertedOrUpdatedRows ?? 0n);
        if (added === 0) continue;
        await db
          .updateTable('hwids')
          .set((eb) => ({ accounts_seen: eb('accounts_seen', '+', added) }))
          .where('id', '=', hwidId)
          .execute();
      }
    },

    /** Each ID's count of accounts and whether it is a hub already. */
    async states(hwidIds: readonly number[]) {
      if (hwidIds.length === 0) return [];
      return db
        .selectFrom('hwids')
        .select(['id', 'accounts_seen', 'hub_since'])
        .where('id', 'in', [...hwidIds])
        .orderBy('id')
        .execute();
    },

    /** IDs over `threshold` that still link: what the start-up check converts. */
    async overThreshold(threshold: number): Promise<number[]> {
      const rows = await db
        .selectFrom('hwids')
        .select('id')
        .where('accounts_seen', '>', threshold)
        .where('hub_since', 'is', null)
        .orderBy('id')
        .execute();
      return rows.map((r) => r.id);
    },

    /**
     * Makes `hwidId` a hub as of `now`: its links are taken back, scans left with no linking hardware
     * get a profile of their own (linked to the accounts they were tied to), bans that covered it cover the
     * banned account's remaining hardware instead, and the accounts it had linked are recounted, with
     * the alt-account notes it made between them removed. A scan finishing now (`finishing`) is left
     * to the finish, which counts it after this. Run it in a transaction.
     */
    async convert(hwidId: number, now: number, finishing = 0): Promise<HubConversion> {
      await db.updateTable('hwids').set({ hub_since: now }).where('id', '=', hwidId).execute();
      const linked = await db
        .selectFrom('user_hwids')
        .select('user_id')
        .where('hwid_id', '=', hwidId)
        .execute();
      await db.deleteFrom('user_hwids').where('hwid_id', '=', hwidId).execute();
      const affected = new Set(linked.map((r) => r.user_id));

      const orphans = await scansLeftWithoutLinks(hwidId, finishing);
      // Linked to the accounts each scan counted for, not to those it only claimed.
      const counted = await accountsCountedBy(
        db,
        orphans.map((s) => ({ pinId: s.pin_id, discord: s.discord })),
      );
      for (const scan of orphans) {
        const own = await ownProfile(scan.pin_id, scan.created_at);
        await privacy.recountProfile(own);
        const named = await usersNamed(counted.get(scan.pin_id) ?? []);
        for (const userId of named.values()) {
          affected.add(userId);
          await db
            .insertInto('user_hwids')
            .values({ user_id: userId, hwid_id: own, linked_at: scan.created_at })
            .onConflict((oc) => oc.columns(['user_id', 'hwid_id']).doNothing())
            .execute();
        }
      }

      // A ban was meant for the banned account's machine, not for the shared value.
      const bans = db.selectFrom('ban_hwids').select('ban_id').where('hwid_id', '=', hwidId);
      await db
        .insertInto('ban_hwids')
        .columns(['ban_id', 'hwid_id'])
        .expression(
          db
            .selectFrom('bans as b')
            .innerJoin('user_hwids as uh', 'uh.user_id', 'b.user_id')
            .select(['b.id', 'uh.hwid_id'])
            .where('b.id', 'in', bans),
        )
        .onConflict((oc) => oc.columns(['ban_id', 'hwid_id']).doNothing())
        .execute();
      await db.deleteFrom('ban_hwids').where('hwid_id', '=', hwidId).execute();

      const users =
        affected.size === 0
          ? []
          : await db
              .selectFrom('scanned_users')
              .select(['id', 'discord_id'])
              .where('id', 'in', [...affected])
              .orderBy('id')
              .execute();
      for (const u of users) {
        await pruneScans(u.id, u.discord_id);
        await privacy.recountUser(u.id);
      }
      await dropStaleNotes(new Map(users.map((u) => [u.id, u.discord_id])));
      // Recounts marked them already; the notes and moved bans changed after, so once more.
      await invalidatePlayers(
        db,
        users.map((u) => u.id),
      );
      return { unlinkedAccounts: linked.length, scansGivenOwnProfile: orphans.length };
    },

    /** Hubs for operators, most accounts first: counts only, never the value or its hash. */
    async list(limit: number) {
      const rows = await db
        .selectFrom('hwids')
        .select(['id', 'accounts_seen', 'total_scans', 'hub_since', 'created_at'])
        .where('hub_since', 'is not', null)
        .orderBy('accounts_seen', 'desc')
        .orderBy('id')
        .limit(limit)
        .execute();
      const total = await db
        .selectFrom('hwids')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('hub_since', 'is not', null)
        .executeTakeFirstOrThrow();
      return { hubs: rows.map((r) => ({ ...r, hub_since: Number(r.hub_since) })), total: Number(total.n) };
    },
  };
}

export type HardwareHubsRepository = ReturnType<typeof hardwareHubsRepository>;
