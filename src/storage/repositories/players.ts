import type { GameType } from '../../domain/game-types.js';
import type { Pin } from '../../domain/pin.js';
import type { Verdict } from '../../domain/pin-lifecycle.js';
import type { Db } from '../database.js';
import type { BanRow, HwidRow, ScannedUserRow } from '../schema.js';
import { moderationRepository } from './moderation.js';
import { invalidatePlayer, invalidatePlayers, invalidatePlayersOn } from './player-documents.js';

/** A related account: another user on at least one of the same hardware IDs. */
export interface RelatedRow {
  user: ScannedUserRow;
  sharedHwidIds: number[];
  bans: Array<Pick<BanRow, 'id' | 'status' | 'expires_at' | 'lifted_at'>>;
  detections: string[];
}

/**
 * Reads for the risk score and lookup. Each is bounded by one user's links (hardware IDs, bans,
 * related accounts), never by their scan history: the counters are kept on write.
 */
export function playersRepository(db: Db) {
  return {
    async findUser(discordId: string): Promise<ScannedUserRow | undefined> {
      return db
        .selectFrom('scanned_users')
        .selectAll()
        .where('discord_id', '=', discordId)
        .executeTakeFirst();
    },

    async profiles(userId: number): Promise<HwidRow[]> {
      return db
        .selectFrom('user_hwids')
        .innerJoin('hwids', 'hwids.id', 'user_hwids.hwid_id')
        .selectAll('hwids')
        .where('user_hwids.user_id', '=', userId)
        .orderBy('hwids.id')
        .execute();
    },

    /** Every ban or warning on any of these hardware IDs, each once, oldest first. */
    async bansOn(hwidIds: readonly number[]): Promise<Array<BanRow & { hwid_ids: number[] }>> {
      if (hwidIds.length === 0) return [];
      const rows = await db
        .selectFrom('ban_hwids')
        .innerJoin('bans', 'bans.id', 'ban_hwids.ban_id')
        .selectAll('bans')
        .select('ban_hwids.hwid_id')
        .where('ban_hwids.hwid_id', 'in', hwidIds)
        .orderBy('bans.created_at')
        .orderBy('bans.id')
        .execute();
      const byId = new Map<number, BanRow & { hwid_ids: number[] }>();
      for (const { hwid_id, ...ban } of rows) {
        const entry = byId.get(ban.id) ?? { ...ban, hwid_ids: [] };
        entry.hwid_ids.push(hwid_id);
        byId.set(ban.id, entry);
      }
      return [...byId.values()];
    },

    async names(
      table: 'user_detections' | 'user_own_detections' | 'user_games',
      userId: number,
    ): Promise<string[]> {
      const rows = await db
        .selectFrom(table)
        .select('name')
        .where('user_id', '=', userId)
        .orderBy('name')
        .execute();
      return rows.map((r) => r.name);
    },

    async reasons(userId: number) {
      return db
        .selectFrom('user_reasons')
        .select(['reason', 'category', 'evidence', 'added_at'])
        .where('user_id', '=', userId)
        .orderBy('added_at')
        .orderBy('id')
        .execute();
    },

    /**
     * Other users on at least one of the user's hardware IDs: how many, and the `limit` most recently
     * scanned with their shared hardware IDs, bans and detections, in a fixed number of queries.
     */
    async related(userId: number, limit: number): Promise<{ total: number; accounts: RelatedRow[] }> {
      // Everyone on any of the user's hardware but the user; counted and limited in SQL, so a
      // crowded machine costs the same as a quiet one.
      const others = db
        .selectFrom('user_hwids as mine')
        .innerJoin('user_hwids as theirs', 'theirs.hwid_id', 'mine.hwid_id')
        .where('mine.user_id', '=', userId)
        .where('theirs.user_id', '!=', userId);
      const { total } = await others
        .select((eb) => eb.fn.count<number | string>('theirs.user_id').distinct().as('total'))
        .executeTakeFirstOrThrow();
      if (Number(total) === 0) return { total: 0, accounts: [] };
      const users = await db
        .selectFrom('scanned_users')
        .selectAll()
        .where('id', 'in', others.select('theirs.user_id'))
        .orderBy('own_last_scan_at', 'desc')
        .orderBy('id')
        .limit(limit)
        .execute();
      const ids = users.map((u) => u.id);
      const links = await others
        .select(['theirs.user_id', 'theirs.hwid_id'])
        .where('theirs.user_id', 'in', ids)
        .orderBy('theirs.hwid_id')
        .execute();
      const shared = new Map<number, number[]>();
      for (const r of links) shared.set(r.user_id, [...(shared.get(r.user_id) ?? []), r.hwid_id]);
      const banRows = await db
        .selectFrom('user_hwids')
        .innerJoin('ban_hwids', 'ban_hwids.hwid_id', 'user_hwids.hwid_id')
        .innerJoin('bans', 'bans.id', 'ban_hwids.ban_id')
        .select(['user_hwids.user_id', 'bans.id', 'bans.status', 'bans.expires_at', 'bans.lifted_at'])
        .where('user_hwids.user_id', 'in', ids)
        .execute();
      // Each related account is described by its own scans (docs/risk-score.md).
      const detectionRows = await db
        .selectFrom('user_own_detections')
        .select(['user_id', 'name'])
        .where('user_id', 'in', ids)
        .orderBy('name')
        .execute();
      return {
        total: Number(total),
        accounts: users.map((user) => ({
          user,
          sharedHwidIds: shared.get(user.id) ?? [],
          // A ban over several of their hardware IDs shows up once per ID; once is enough here.
          bans: [...new Map(banRows.filter((b) => b.user_id === user.id).map((b) => [b.id, b])).values()],
          detections: detectionRows.filter((d) => d.user_id === user.id).map((d) => d.name),
        })),
      };
    },

    /** The hardware IDs linked to a user now. */
    async hwidIdsOf(userId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('user_hwids')
        .select('hwid_id')
        .where('user_id', '=', userId)
        .orderBy('hwid_id')
        .execute();
      return rows.map((r) => r.hwid_id);
    },

    /** A ban or warning on a user, covering the given hardware IDs. Run it in a transaction. */
    async createBan(input: {
      userId: number;
      hwidIds: readonly number[];
      status: 'banned' | 'warned';
      reason: string;
      expiresAt: number | null;
      now: number;
      /** A staff ban's Enterprise and account (docs/roles.md, "Moderation"); an operator's has neither. */
      enterpriseId?: number | null;
      accountId?: number | null;
    }): Promise<BanRow> {
      const ban = await db
        .insertInto('bans')
        .values({
          user_id: input.userId,
          status: input.status,
          reason: input.reason,
          expires_at: input.expiresAt,
          created_at: input.now,
          lifted_at: null,
          enterprise_id: input.enterpriseId ?? null,
          account_id: input.accountId ?? null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      if (input.hwidIds.length > 0) {
        await db
          .insertInto('ban_hwids')
          .values(input.hwidIds.map((hwid_id) => ({ ban_id: ban.id, hwid_id })))
          .execute();
      }
      await invalidatePlayers(db, [input.userId]);
      await invalidatePlayersOn(db, input.hwidIds);
      return ban;
    },

    /** false when there is no such ban; lifting twice is harmless. */
    async liftBan(id: number, now: number): Promise<boolean> {
      const ban = await db
        .selectFrom('bans')
        .select(['id', 'user_id', 'lifted_at'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (ban === undefined) return false;
      if (ban.lifted_at === null) {
        await db.updateTable('bans').set({ lifted_at: now }).where('id', '=', id).execute();
        // A staff ban lifted by an operator shows lifted on its Enterprise's player page too.
        await moderationRepository(db).liftWithBan(id, now);
        const covered = await db.selectFrom('ban_hwids').select('hwid_id').where('ban_id', '=', id).execute();
        await invalidatePlayers(db, [ban.user_id]);
        await invalidatePlayersOn(
          db,
          covered.map((c) => c.hwid_id),
        );
      }
      return true;
    },

    async addReason(input: {
      userId: number;
      reason: string;
      category: string;
      evidence?: unknown;
      now: number;
    }) {
      await invalidatePlayer(db, input.userId);
      return db
        .insertInto('user_reasons')
        .values({
          user_id: input.userId,
          reason: input.reason,
          category: input.category,
          evidence:
            input.evidence === null || input.evidence === undefined ? null : JSON.stringify(input.evidence),
          added_at: input.now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /**
     * The newest `limit` finished scans whose report named the user (docs/risk-score.md, "What each
     * answer covers"). Those are among the scans counted for them (user_scans); the text match on the
     * stored report narrows them down in SQL, and `discord` comes back so the caller can confirm it.
     * `discordId` is digits only (validated), so it holds no LIKE wildcard.
     */
    /**
     * The finished scans whose report named the person, newest first: those that counted for them,
     * and those of `enterpriseIds` that count only inside those Enterprises (docs/risk-score.md,
     * "Whose scan it is").
     */
    async scansNaming(
      userId: number | null,
      discordId: string,
      limit: number,
      enterpriseIds: readonly number[] = [],
    ): Promise<NamingScanRow[]> {
      const own =
        enterpriseIds.length === 0
          ? undefined
          : db
              .selectFrom('scan_accounts')
              .select('pin_id')
              .where('discord_id', '=', discordId)
              .where('shared', '=', 0)
              .where('enterprise_id', 'in', [...enterpriseIds]);
      const counted =
        userId === null
          ? undefined
          : db.selectFrom('user_scans').select('pin_id').where('user_id', '=', userId);
      const pins = counted && own ? counted.union(own) : (counted ?? own);
      if (pins === undefined) return [];
      const rows = await db
        .selectFrom('pins')
        .innerJoin('scan_reports', 'scan_reports.pin_id', 'pins.id')
        .select([
          'pins.id',
          'pins.code',
          'pins.account_id',
          'pins.enterprise_id',
          'pins.private',
          'pins.type',
          'pins.result',
          'pins.finished_at',
          'scan_reports.created_at',
          'scan_reports.detections',
          'scan_reports.discord',
        ])
        .where('pins.id', 'in', pins)
        .where('scan_reports.discord', 'like', `%"id":"${discordId}"%`)
        .orderBy('scan_reports.created_at', 'desc')
        .orderBy('pins.id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        pin: {
          id: r.id,
          code: r.code,
          accountId: r.account_id,
          enterpriseId: r.enterprise_id,
          private: r.private === 1,
        },
        type: r.type,
        result: r.result,
        finishedAt: r.finished_at ?? r.created_at,
        detections: JSON.parse(r.detections) as string[],
        discord: JSON.parse(r.discord) as Array<{ id: string; username: string }>,
      }));
    },
  };
}

/** A finished scan as the player page lists it. */
export interface NamingScanRow {
  pin: Pick<Pin, 'id' | 'code' | 'accountId' | 'enterpriseId' | 'private'>;
  type: GameType;
  result: Verdict | null;
  finishedAt: number;
  detections: string[];
  discord: Array<{ id: string; username: string }>;
}

export type PlayersRepository = ReturnType<typeof playersRepository>;
