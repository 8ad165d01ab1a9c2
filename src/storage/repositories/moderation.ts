import type { ModerationKind } from '../../domain/moderation.js';
import { sharedAtProof } from '../../domain/moderation-reach.js';
import type { Reach } from '../../domain/report-provenance.js';
import type { Db } from '../database.js';
import { dialectStatement, list } from '../dialect-statements.js';
import type { Dialect } from '../migrations/index.js';
import type { ModerationEntryRow } from '../schema.js';
import { auditRepository } from './audit.js';
import { announceEnterpriseReports, invalidatePlayers, invalidatePlayersOn } from './player-documents.js';
import type { FinishHook } from './scans.js';

/*
 * An Enterprise's bans, warnings and notes on players (docs/roles.md, "Moderation"), by Discord ID.
 * A shared ban or warning also has its `bans` row, which covers the player's hardware and is what
 * every community's answers read (players.ts, player-snapshots.ts); the entry points at it.
 * Entries that reach only their Enterprise are read with its own reports (application/players/
 * enterprise-reports.ts), so writing one announces that Enterprises' own records changed.
 */

/** One entry as the use cases read it. */
export interface ModerationEntry {
  id: number;
  enterpriseId: number;
  discordId: string;
  kind: ModerationKind;
  reason: string;
  reach: Reach;
  /** The `bans` row of a shared ban or warning. */
  banId: number | null;
  expiresAt: number | null;
  createdAt: number;
  liftedAt: number | null;
  /** The staff member's name: their account's while it exists, or their Discord name. */
  createdBy: string | null;
}

/** An Enterprise's ban or warning that reaches only it, as its answers about the player read it. */
export interface EnterpriseSanction {
  id: number;
  status: 'banned' | 'warned';
  reason: string;
  expiresAt: number | null;
  createdAt: number;
  liftedAt: number | null;
}

/** An Enterprise's note on a player, as its lookups show it (category `staff-note`). */
export interface EnterpriseNote {
  reason: string;
  addedAt: number;
}

type EntryWithAccount = ModerationEntryRow & {
  account_name: string | null;
  account_deleted_at: number | null;
  ban_lifted_at: number | null;
};

/**
 * Where an entry reaches now, from its `bans` row (docs/roles.md, "Moderation"): none, the Enterprise
 * alone; one in force, or lifted together with the entry (staff or an operator lifting it lift both
 * at once), shared. A row lifted while the entry was not, or before it was, is a withdrawn one
 * (withdrawShared): the entry reaches its Enterprise alone, and the row, lifted for everyone, is the
 * one a later proof shares again.
 */
function reachOf(row: {
  ban_id: number | null;
  lifted_at: number | string | null;
  ban_lifted_at: number | string | null;
}): Reach {
  if (row.ban_id === null) return 'enterprise';
  if (row.ban_lifted_at === null) return 'shared';
  return row.lifted_at !== null && Number(row.lifted_at) <= Number(row.ban_lifted_at)
    ? 'shared'
    : 'enterprise';
}

function toEntry(row: EntryWithAccount): ModerationEntry {
  return {
    id: row.id,
    enterpriseId: row.enterprise_id,
    discordId: row.discord_id,
    kind: row.kind,
    reason: row.reason,
    reach: reachOf(row),
    banId: row.ban_id,
    expiresAt: row.expires_at === null ? null : Number(row.expires_at),
    createdAt: Number(row.created_at),
    liftedAt: row.lifted_at === null ? null : Number(row.lifted_at),
    // An account deleted since shows no name: the entry is no longer theirs to sign.
    createdBy:
      row.account_id === null
        ? row.staff_name
        : row.account_deleted_at === null
          ? (row.account_name ?? null)
          : null,
  };
}

function sanctionOf(
  r: Pick<ModerationEntryRow, 'id' | 'kind' | 'reason' | 'expires_at' | 'created_at' | 'lifted_at'>,
): EnterpriseSanction {
  return {
    id: r.id,
    status: r.kind === 'ban' ? 'banned' : 'warned',
    reason: r.reason,
    expiresAt: r.expires_at === null ? null : Number(r.expires_at),
    createdAt: Number(r.created_at),
    liftedAt: r.lifted_at === null ? null : Number(r.lifted_at),
  };
}

/** Entries with what their `bans` row says, for deciding their reach (reachOf) and reading them. */
function entriesWithTheirBan(db: Db) {
  return db
    .selectFrom('moderation_entries as m')
    .leftJoin('bans as b', 'b.id', 'm.ban_id')
    .select([
      'm.id',
      'm.discord_id',
      'm.kind',
      'm.reason',
      'm.expires_at',
      'm.created_at',
      'm.lifted_at',
      'm.ban_id',
      'b.lifted_at as ban_lifted_at',
    ]);
}

export function moderationRepository(db: Db) {
  const withAccount = () =>
    db
      .selectFrom('moderation_entries as m')
      .leftJoin('accounts as a', 'a.id', 'm.account_id')
      .leftJoin('bans as b', 'b.id', 'm.ban_id')
      .selectAll('m')
      .select([
        'a.name as account_name',
        'a.deleted_at as account_deleted_at',
        'b.lifted_at as ban_lifted_at',
      ]);

  return {
    /**
     * Records an entry. `banId`: the shared `bans` row, written first in the same transaction. An
     * entry that reaches only its Enterprise changes what that Enterprise's answers say.
     */
    async insert(input: {
      enterpriseId: number;
      discordId: string;
      kind: ModerationKind;
      reason: string;
      accountId: number | null;
      staffName: string | null;
      banId: number | null;
      expiresAt: number | null;
      now: number;
    }): Promise<ModerationEntry> {
      const { id } = await db
        .insertInto('moderation_entries')
        .values({
          enterprise_id: input.enterpriseId,
          discord_id: input.discordId,
          kind: input.kind,
          reason: input.reason,
          account_id: input.accountId,
          staff_name: input.staffName,
          ban_id: input.banId,
          expires_at: input.expiresAt,
          created_at: input.now,
          lifted_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (input.banId === null) announceEnterpriseReports(db);
      return toEntry(await withAccount().where('m.id', '=', id).executeTakeFirstOrThrow());
    },

    async find(id: number): Promise<ModerationEntry | undefined> {
      const row = await withAccount().where('m.id', '=', id).executeTakeFirst();
      return row === undefined ? undefined : toEntry(row);
    },

    /**
     * Marks an entry lifted (a second lift changes nothing). A shared one's `bans` row is lifted by
     * the caller (players.liftBan), which outdates everyone on its hardware.
     */
    async lift(id: number, now: number): Promise<void> {
      const res = await db
        .updateTable('moderation_entries')
        .set({ lifted_at: now })
        .where('id', '=', id)
        .where('lifted_at', 'is', null)
        .executeTakeFirst();
      if (res.numUpdatedRows > 0n) announceEnterpriseReports(db);
    },

    /** The entry of a shared `bans` row lifted another way (an operator's DELETE), lifted with it. */
    async liftWithBan(banId: number, now: number): Promise<void> {
      await db
        .updateTable('moderation_entries')
        .set({ lifted_at: now })
        .where('ban_id', '=', banId)
        .where('lifted_at', 'is', null)
        .execute();
    },

    /** An Enterprise's entries on a player, newest first, at most `limit`. */
    async entriesOf(enterpriseId: number, discordId: string, limit: number): Promise<ModerationEntry[]> {
      const rows = await withAccount()
        .where('m.enterprise_id', '=', enterpriseId)
        .where('m.discord_id', '=', discordId)
        .orderBy('m.created_at', 'desc')
        .orderBy('m.id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toEntry);
    },

    /** An Enterprise's bans and warnings on a player that are in force (not lifted), every reach. */
    async unliftedSanctions(enterpriseId: number, discordId: string): Promise<ModerationEntry[]> {
      const rows = await withAccount()
        .where('m.enterprise_id', '=', enterpriseId)
        .where('m.discord_id', '=', discordId)
        .where('m.kind', '!=', 'note')
        .where('m.lifted_at', 'is', null)
        .orderBy('m.id')
        .execute();
      return rows.map(toEntry);
    },

    /**
     * What an Enterprise's own answers about a player add besides its reports: its bans and warnings
     * that reach only it (oldest first), its notes (oldest first, the newest `notesLimit`), and the
     * `bans` rows its withdrawn entries had (withdrawShared): every community's answers show those
     * lifted, and the Enterprise's own show the entry instead, so not both.
     */
    async enterpriseRecord(
      enterpriseId: number,
      discordId: string,
      notesLimit: number,
    ): Promise<{
      sanctions: EnterpriseSanction[];
      notes: EnterpriseNote[];
      notesTotal: number;
      withdrawnBanIds: number[];
    }> {
      const rows = await entriesWithTheirBan(db)
        .where('m.enterprise_id', '=', enterpriseId)
        .where('m.discord_id', '=', discordId)
        .orderBy('m.created_at')
        .orderBy('m.id')
        .execute();
      const sanctions: EnterpriseSanction[] = [];
      const notes: EnterpriseNote[] = [];
      const withdrawnBanIds: number[] = [];
      for (const r of rows) {
        if (r.kind === 'note') notes.push({ reason: r.reason, addedAt: Number(r.created_at) });
        else if (reachOf(r) === 'enterprise') {
          sanctions.push(sanctionOf(r));
          if (r.ban_id !== null) withdrawnBanIds.push(r.ban_id);
        }
      }
      return { sanctions, notes: notes.slice(-notesLimit), notesTotal: notes.length, withdrawnBanIds };
    },

    /**
     * Withdraws the Enterprise's shared bans and warnings that are not lifted, when an operator
     * deactivates it or keeps its reports inside it (docs/roles.md, "Moderation"): each one's `bans`
     * row is lifted for every community (shown as expired), and the entry reaches only its Enterprise
     * again (reachOf); a later proof shares it again through the same row (sanctionsSharer). Lifted
     * entries are history and stay as they are. Run it in the operator's transaction, in turn with
     * finishes. Returns how many it withdrew.
     */
    async withdrawShared(enterpriseId: number, now: number): Promise<number> {
      const rows = await db
        .selectFrom('moderation_entries as m')
        .innerJoin('bans as b', 'b.id', 'm.ban_id')
        .select(['b.id', 'b.user_id'])
        .where('m.enterprise_id', '=', enterpriseId)
        .where('m.lifted_at', 'is', null)
        .where('b.lifted_at', 'is', null)
        .orderBy('b.id')
        .execute();
      // Chunked to stay far below SQLite's limit on bound parameters.
      for (let i = 0; i < rows.length; i += 500) {
        const part = rows.slice(i, i + 500);
        const banIds = part.map((r) => r.id);
        const covered = await db
          .selectFrom('ban_hwids')
          .select('hwid_id')
          .distinct()
          .where('ban_id', 'in', banIds)
          .execute();
        await db.updateTable('bans').set({ lifted_at: now }).where('id', 'in', banIds).execute();
        await invalidatePlayers(
          db,
          part.map((r) => r.user_id),
        );
        await invalidatePlayersOn(
          db,
          covered.map((c) => c.hwid_id),
        );
      }
      if (rows.length > 0) announceEnterpriseReports(db);
      return rows.length;
    },

    /**
     * The bans and warnings not lifted that reach only their Enterprise, of these Enterprises on
     * these players (a lookup's related accounts), in one statement, oldest first.
     */
    async sanctionsInForceOn(
      enterpriseIds: readonly number[],
      discordIds: readonly string[],
    ): Promise<Array<EnterpriseSanction & { discordId: string }>> {
      if (enterpriseIds.length === 0 || discordIds.length === 0) return [];
      const rows = await entriesWithTheirBan(db)
        .where('m.enterprise_id', 'in', [...enterpriseIds])
        .where('m.discord_id', 'in', [...discordIds])
        .where('m.kind', '!=', 'note')
        .where('m.lifted_at', 'is', null)
        .orderBy('m.created_at')
        .orderBy('m.id')
        .execute();
      return rows
        .filter((r) => reachOf(r) === 'enterprise')
        .map((r) => ({ discordId: r.discord_id, ...sanctionOf(r) }));
    },

    /**
     * Whether the Enterprise has a record of the player of its own: a finished scan of its that named
     * them, shared or kept inside it (docs/risk-score.md, "Whose scan it is"), or a ban, warning or
     * note of its staff on them, lifted or not, which outlives those scans (docs/privacy.md,
     * "Retention").
     */
    async hasOwnRecord(enterpriseId: number, discordId: string): Promise<boolean> {
      const report = await db
        .selectFrom('scan_accounts')
        .select('pin_id')
        .where('discord_id', '=', discordId)
        .where('enterprise_id', '=', enterpriseId)
        .limit(1)
        .executeTakeFirst();
      if (report !== undefined) return true;
      const entry = await db
        .selectFrom('moderation_entries')
        .select('id')
        .where('enterprise_id', '=', enterpriseId)
        .where('discord_id', '=', discordId)
        .limit(1)
        .executeTakeFirst();
      return entry !== undefined;
    },

    /** Every Enterprise's entries on the player, oldest first (an export, docs/privacy.md). */
    async allOn(discordId: string): Promise<ModerationEntry[]> {
      const rows = await withAccount().where('m.discord_id', '=', discordId).orderBy('m.id').execute();
      return rows.map(toEntry);
    },

    /** Whether any Enterprise has an entry on the player (an erasure erases them too). */
    async anyOn(discordId: string): Promise<boolean> {
      const row = await db
        .selectFrom('moderation_entries')
        .select('id')
        .where('discord_id', '=', discordId)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Removes every Enterprise's entries on the player (an erasure, docs/privacy.md), before their
     * profile's `bans` rows go. Returns how many bans or warnings that reached only their Enterprise,
     * and how many notes, went (the shared ones are counted with the profile's bans).
     */
    async forgetPlayer(discordId: string): Promise<{ sanctions: number; notes: number }> {
      const rows = await db
        .deleteFrom('moderation_entries')
        .where('discord_id', '=', discordId)
        .returning(['kind', 'ban_id'])
        .execute();
      if (rows.length > 0) announceEnterpriseReports(db);
      return {
        sanctions: rows.filter((r) => r.kind !== 'note' && r.ban_id === null).length,
        notes: rows.filter((r) => r.kind === 'note').length,
      };
    },
  };
}

export type ModerationRepository = ReturnType<typeof moderationRepository>;

/**
 * The bans and warnings on these accounts that reach only their Enterprise and are not lifted (never
 * shared, or withdrawn: their `bans` row lifted before them, reachOf), of active Enterprises: a
 * deactivated one's word is no one's to share (docs/roles.md, "Moderation").
 */
const enterpriseSanctionsOf = dialectStatement<{
  id: number;
  kind: 'ban' | 'warning';
  discord_id: string;
  enterprise_id: number;
  account_id: number | null;
  reason: string;
  expires_at: number | null;
  created_at: number;
  ban_id: number | null;
  reports_shared: number;
}>({
  sqlite: `select m.id, m.kind, m.discord_id, m.enterprise_id, m.account_id, m.reason, m.expires_at,
      m.created_at, m.ban_id, e.reports_shared
    from moderation_entries m join enterprises e on e.id = m.enterprise_id
      left join bans b on b.id = m.ban_id
    where m.discord_id in (select value from json_each(?)) and m.kind <> 'note'
      and (m.ban_id is null or b.lifted_at is not null) and m.lifted_at is null and e.active = 1
    order by m.id`,
  postgres: `select m.id, m.kind, m.discord_id, m.enterprise_id, m.account_id, m.reason, m.expires_at,
      m.created_at, m.ban_id, e.reports_shared
    from moderation_entries m join enterprises e on e.id = m.enterprise_id
      left join bans b on b.id = m.ban_id
    where m.discord_id = any($1::text[]) and m.kind <> 'note'
      and (m.ban_id is null or b.lifted_at is not null) and m.lifted_at is null and e.active = 1
    order by m.id`,
});

/** A `bans` row for an entry shared for the first time, covering no hardware yet. */
async function newBan(
  trx: Db,
  userId: number,
  entry: {
    kind: 'ban' | 'warning';
    reason: string;
    created_at: number;
    enterprise_id: number;
    account_id: number | null;
  },
  expiresAt: number | null,
): Promise<number> {
  const ban = await trx
    .insertInto('bans')
    .values({
      user_id: userId,
      status: entry.kind === 'ban' ? 'banned' : 'warned',
      reason: entry.reason,
      expires_at: expiresAt,
      // Issued when the staff made it; shared from now on.
      created_at: Number(entry.created_at),
      lifted_at: null,
      enterprise_id: entry.enterprise_id,
      account_id: entry.account_id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return ban.id;
}

/**
 * A withdrawn entry's own `bans` row in force again, covering no hardware yet: every community saw it
 * lifted, and sees it again, the player's hardware of now instead of then.
 */
async function reshare(trx: Db, userId: number, banId: number): Promise<number> {
  const before = await trx.selectFrom('ban_hwids').select('hwid_id').where('ban_id', '=', banId).execute();
  await trx.deleteFrom('ban_hwids').where('ban_id', '=', banId).execute();
  await trx.updateTable('bans').set({ lifted_at: null, user_id: userId }).where('id', '=', banId).execute();
  await invalidatePlayersOn(
    trx,
    before.map((b) => b.hwid_id),
  );
  return banId;
}

/**
 * The finish hook that shares an Enterprise's bans and warnings once the player proves their account
 * (docs/roles.md, "Moderation"): after the player-risk hook linked the scan's proven accounts to
 * their hardware, each of their active bans and warnings that reached only a sharing Enterprise gets
 * a `bans` row covering that hardware (a withdrawn one its own row again), in the finish's own
 * transaction, audited (`ban.share`).
 * Answers are outdated for everyone on the hardware and in every Enterprise's own records.
 */
export function sanctionsSharer(dialect: Dialect): FinishHook {
  return async (trx, scan) => {
    if (scan.discord.length === 0) return;
    const ids = [...new Set(scan.discord.map((d) => d.id))];
    const { rows } = await enterpriseSanctionsOf(trx, dialect, list(dialect, ids));
    if (rows.length === 0) return;
    let shared = 0;
    for (const entry of rows) {
      const user = await trx
        .selectFrom('scanned_users')
        .select('id')
        .where('discord_id', '=', entry.discord_id)
        .executeTakeFirst();
      if (user === undefined) continue;
      const hardware = (
        await trx.selectFrom('user_hwids').select('hwid_id').where('user_id', '=', user.id).execute()
      ).map((r) => r.hwid_id);
      const expiresAt = entry.expires_at === null ? null : Number(entry.expires_at);
      const share = sharedAtProof(
        { kind: entry.kind, expiresAt, liftedAt: null, reach: 'enterprise' },
        { proven: true, hardware: hardware.length },
        entry.reports_shared === 1,
        scan.finishedAt,
      );
      if (!share) continue;
      const banId =
        entry.ban_id === null
          ? await newBan(trx, user.id, entry, expiresAt)
          : await reshare(trx, user.id, entry.ban_id);
      await trx
        .insertInto('ban_hwids')
        .values(hardware.map((hwid_id) => ({ ban_id: banId, hwid_id })))
        .execute();
      if (entry.ban_id === null)
        await trx
          .updateTable('moderation_entries')
          .set({ ban_id: banId })
          .where('id', '=', entry.id)
          .execute();
      await invalidatePlayers(trx, [user.id]);
      await invalidatePlayersOn(trx, hardware);
      // The system shares it, as the operator's setting says (docs/audit.md): never the player or reason.
      await auditRepository(trx).append({
        at: scan.finishedAt,
        actor: { kind: 'operator' },
        action: 'ban.share',
        resource: { type: 'moderation_entry', id: entry.id },
        enterpriseId: entry.enterprise_id,
        outcome: 'succeeded',
        code: null,
        detail: {
          status: entry.kind === 'ban' ? 'banned' : 'warned',
          reach: 'shared',
          hardwareCovered: hardware.length,
        },
      });
      shared++;
    }
    if (shared > 0) announceEnterpriseReports(trx);
  };
}
