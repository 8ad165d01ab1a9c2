import { sql } from 'kysely';
import type { EvidenceDocument } from '../../domain/evidence.js';
import type { GameType } from '../../domain/game-types.js';
import type { Verdict } from '../../domain/pin-lifecycle.js';
import type { Db } from '../database.js';
import type { Dialect } from '../migrations/index.js';
import type { BanRow, ScannedUserRow } from '../schema.js';
import { announceEnterpriseReports, invalidatePlayers, invalidatePlayersOn } from './player-documents.js';
import { accountsCountedBy } from './report-provenance.js';
import { FINISH_LOCK_KEY } from './scans.js';

/*
 * Reads and writes for a scanned person's privacy (docs/privacy.md): everything stored about one
 * person for an export, the rows an erasure removes or rewrites, and the retention job's removals with
 * the recount that keeps the risk counters equal to what remains. Repositories decide no rule: what
 * replaces an erased account, and when something is old enough, come from the use cases.
 */

type Account = { id: string; username: string };

/** A finished scan whose report named the person, as the export shows it. */
export interface NamedScanRow {
  pinId: number;
  pinCode: string;
  accountId: number;
  type: GameType;
  result: Verdict | null;
  finishedAt: number;
  detections: string[];
  suspicious: string[];
  warnings: string[];
  untrusted: string[];
  integrity: string[];
  customSuspicious: string[];
  vpn: string | null;
  country: string | null;
  logon: string | null;
  scantime: string | null;
  windows: string | null;
  discord: Account[];
  ipHashStored: boolean;
  /** The evidence upload the report was judged from, if it came from the scan client. */
  evidence: { receiptId: string; receivedAt: number; document: EvidenceDocument } | null;
}

/** What an erasure changed, counted (never named) for the answer. */
export interface ErasureCounts {
  reportsRewritten: number;
  eventsRewritten: number;
  evidenceRewritten: number;
  hardwareLinks: number;
  bans: number;
  reasons: number;
  notesOnOthers: number;
}

const list = (text: string) => JSON.parse(text) as string[];
/** Digits only (validated by every caller), so the pattern holds no LIKE wildcard. */
const naming = (discordId: string) => `%"id":"${discordId}"%`;

export function privacyRepository(db: Db, dialect: Dialect) {
  /** The PINs whose scans counted for the person, or named them among their accounts. */
  const pinsOf = (userId: number | null, discordId: string) => {
    const named = db.selectFrom('scan_accounts').select('pin_id').where('discord_id', '=', discordId);
    return userId === null
      ? named
      : db.selectFrom('user_scans').select('pin_id').where('user_id', '=', userId).union(named);
  };
  /** Replaces `table`'s name set for one owner by `names`. */
  async function replaceNames(
    table: 'user_detections' | 'user_own_detections' | 'user_games',
    userId: number,
    names: Iterable<string>,
  ): Promise<void> {
    await db.deleteFrom(table).where('user_id', '=', userId).execute();
    const rows = [...new Set(names)].map((name) => ({ user_id: userId, name }));
    for (let i = 0; i < rows.length; i += 500) {
      await db
        .insertInto(table)
        .values(rows.slice(i, i + 500))
        .execute();
    }
  }

  return {
    /**
     * Waits for any scan finishing now and keeps new ones out until the transaction ends, as finishes
     * do among themselves (scans.ts): a recount or an erasure rewrites counters and links a finish
     * adds to. SQLite runs one transaction at a time already.
     */
    async excludeFinishes(): Promise<void> {
      if (dialect !== 'postgres') return;
      await sql`select pg_advisory_xact_lock(${FINISH_LOCK_KEY}, hashtext(current_schema()))`.execute(db);
    },

    // --- export -------------------------------------------------------------------------------

    /**
     * Whether any scan's accounts name the person, shared or kept inside its Enterprise, or a PIN was
     * made for them or proven by them (docs/risk-score.md, "Whose scan it is"): such a person may have
     * no profile, and is exported and erased all the same.
     */
    async namedInScans(discordId: string): Promise<boolean> {
      const row = await db
        .selectFrom('scan_accounts')
        .select('pin_id')
        .where('discord_id', '=', discordId)
        .union(
          db
            .selectFrom('pin_players')
            .select('pin_id')
            .where((eb) =>
              eb.or([eb('named_discord_id', '=', discordId), eb('proven_discord_id', '=', discordId)]),
            ),
        )
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    async findUser(discordId: string): Promise<ScannedUserRow | undefined> {
      return db
        .selectFrom('scanned_users')
        .selectAll()
        .where('discord_id', '=', discordId)
        .executeTakeFirst();
    },

    async findUserById(userId: number): Promise<ScannedUserRow | undefined> {
      return db.selectFrom('scanned_users').selectAll().where('id', '=', userId).executeTakeFirst();
    },

    /** The person's hardware links: numeric profile ids and their counters, never the hash. */
    async links(userId: number) {
      return db
        .selectFrom('user_hwids')
        .innerJoin('hwids', 'hwids.id', 'user_hwids.hwid_id')
        .select([
          'hwids.id',
          'user_hwids.linked_at',
          'hwids.created_at',
          'hwids.total_scans',
          'hwids.cheating_scans',
          'hwids.suspicious_scans',
          'hwids.total_detections',
          'hwids.unique_detections',
          'hwids.suspicious_findings',
        ])
        .where('user_hwids.user_id', '=', userId)
        .orderBy('hwids.id')
        .execute();
    },

    /** Hubs the person was reported with (docs/risk-score.md): numeric ids, never the hash. */
    async hubsSeen(userId: number) {
      return db
        .selectFrom('hwid_accounts')
        .innerJoin('hwids', 'hwids.id', 'hwid_accounts.hwid_id')
        .select(['hwids.id', 'hwid_accounts.seen_at', 'hwids.hub_since'])
        .where('hwid_accounts.user_id', '=', userId)
        .where('hwids.hub_since', 'is not', null)
        .orderBy('hwids.id')
        .execute();
    },

    /** Bans and warnings issued against the person, with the profiles each covers. */
    async bansIssued(userId: number): Promise<Array<BanRow & { hwid_ids: number[] }>> {
      const bans = await db
        .selectFrom('bans')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
      if (bans.length === 0) return [];
      const covered = await db
        .selectFrom('ban_hwids')
        .select(['ban_id', 'hwid_id'])
        .where(
          'ban_id',
          'in',
          bans.map((b) => b.id),
        )
        .orderBy('hwid_id')
        .execute();
      return bans.map((b) => ({
        ...b,
        hwid_ids: covered.filter((c) => c.ban_id === b.id).map((c) => c.hwid_id),
      }));
    },

    async reasons(userId: number) {
      return db
        .selectFrom('user_reasons')
        .select(['id', 'reason', 'category', 'evidence', 'added_at'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
    },

    async names(table: 'user_detections' | 'user_own_detections' | 'user_games', userId: number) {
      const rows = await db
        .selectFrom(table)
        .select('name')
        .where('user_id', '=', userId)
        .orderBy('name')
        .execute();
      return rows.map((r) => r.name);
    },

    /** Every finished scan whose report named the person, oldest first. */
    async scansNaming(userId: number | null, discordId: string): Promise<NamedScanRow[]> {
      const rows = await db
        .selectFrom('pins')
        .innerJoin('scan_reports as r', 'r.pin_id', 'pins.id')
        .leftJoin('scan_evidence as e', 'e.pin_id', 'pins.id')
        .select([
          'e.receipt_id',
          'e.received_at',
          'e.document',
          'pins.id',
          'pins.code',
          'pins.account_id',
          'pins.type',
          'pins.result',
          'pins.finished_at',
          'r.created_at',
          'r.detections',
          'r.suspicious',
          'r.warnings',
          'r.untrusted',
          'r.integrity',
          'r.custom_suspicious',
          'r.vpn',
          'r.country',
          'r.logon',
          'r.scantime',
          'r.windows',
          'r.discord',
          'r.ip_hash',
        ])
        .where('pins.id', 'in', pinsOf(userId, discordId))
        .where('r.discord', 'like', naming(discordId))
        .orderBy('r.created_at')
        .orderBy('pins.id')
        .execute();
      return rows
        .map((r) => ({
          pinId: r.id,
          pinCode: r.code,
          accountId: r.account_id,
          type: r.type,
          result: r.result,
          finishedAt: r.finished_at ?? r.created_at,
          detections: list(r.detections),
          suspicious: list(r.suspicious),
          warnings: list(r.warnings),
          untrusted: list(r.untrusted),
          integrity: list(r.integrity),
          customSuspicious: list(r.custom_suspicious),
          vpn: r.vpn,
          country: r.country,
          logon: r.logon,
          scantime: r.scantime,
          windows: r.windows,
          discord: JSON.parse(r.discord) as Account[],
          ipHashStored: r.ip_hash !== null,
          evidence:
            r.receipt_id === null || r.document === null
              ? null
              : {
                  receiptId: r.receipt_id,
                  receivedAt: Number(r.received_at),
                  document: JSON.parse(r.document) as EvidenceDocument,
                },
        }))
        .filter((s) => s.discord.some((d) => d.id === discordId));
    },

    // --- erasure ------------------------------------------------------------------------------

    /**
     * Stored reports naming the user, for the caller to rewrite. A report that named them counted
     * for them (user_scans) or recorded them among its accounts (scan_accounts), so the search stays
     * within their own history.
     */
    async reportsNaming(userId: number | null, discordId: string) {
      return db
        .selectFrom('scan_reports')
        .select(['pin_id', 'discord'])
        .where('pin_id', 'in', pinsOf(userId, discordId))
        .where('discord', 'like', naming(discordId))
        .execute();
    },

    /** Stored evidence documents of the user's scans that name them, for the caller to rewrite. */
    async evidenceNaming(userId: number | null, discordId: string) {
      return db
        .selectFrom('scan_evidence')
        .select(['pin_id', 'document'])
        .where('pin_id', 'in', pinsOf(userId, discordId))
        .where('document', 'like', naming(discordId))
        .execute();
    },

    /**
     * Rule tests' matches among the person's scans: an operator's listing of PINs and findings,
     * derived from the evidence and made again by testing the rule again, so they go rather than
     * being rewritten (docs/privacy.md, "Erasure"). Returns how many went.
     */
    async forgetRuleTestMatches(userId: number | null, discordId: string): Promise<number> {
      const removed = await db
        .deleteFrom('rule_test_matches')
        .where('pin_id', 'in', pinsOf(userId, discordId))
        .executeTakeFirst();
      return Number(removed.numDeletedRows);
    },

    /**
     * What the person's scans told about their machines (docs/scan-client.md, "Same machine, same
     * story"): derived from the evidence, keyed hashes of their Discord accounts among it, so it goes
     * with them rather than being rewritten. Returns how many rows went.
     */
    async forgetHardwareFacts(userId: number | null, discordId: string): Promise<number> {
      const removed = await db
        .deleteFrom('hardware_facts')
        .where('pin_id', 'in', pinsOf(userId, discordId))
        .executeTakeFirst();
      return Number(removed.numDeletedRows);
    },

    /**
     * Staff's notes on false-positive marks of the user's scans (docs/rules.md, "Rule quality"): free
     * text that may name the person, so it goes; the marks stay, being about a rule, not about them.
     * Returns how many notes went.
     */
    async forgetFalsePositiveNotes(userId: number | null, discordId: string): Promise<number> {
      const cleared = await db
        .updateTable('rule_false_positives')
        .set({ note: null })
        .where('pin_id', 'in', pinsOf(userId, discordId))
        .where('note', 'is not', null)
        .executeTakeFirst();
      return Number(cleared.numUpdatedRows);
    },

    /** The networks the user's scans were seen on (docs/privacy.md, "Where the scan ran"). */
    async forgetScanNetworks(userId: number | null, discordId: string): Promise<number> {
      const removed = await db
        .deleteFrom('scan_networks')
        .where('pin_id', 'in', pinsOf(userId, discordId))
        .executeTakeFirst();
      return Number(removed.numDeletedRows);
    },

    async rewriteEvidence(pinId: number, document: unknown): Promise<void> {
      await db
        .updateTable('scan_evidence')
        .set({ document: JSON.stringify(document) })
        .where('pin_id', '=', pinId)
        .execute();
    },

    async rewriteReportAccounts(pinId: number, discord: readonly Account[]): Promise<void> {
      await db
        .updateTable('scan_reports')
        .set({ discord: JSON.stringify(discord) })
        .where('pin_id', '=', pinId)
        .execute();
    },

    /** Stored webhook events of the user's scans whose payload names them, for the caller to rewrite. */
    async eventsNaming(userId: number | null, discordId: string) {
      return db
        .selectFrom('webhook_events')
        .select(['id', 'payload'])
        .where('pin_id', 'in', pinsOf(userId, discordId))
        .where('payload', 'like', naming(discordId))
        .execute();
    },

    async rewriteEventPayload(eventId: number, payload: unknown): Promise<void> {
      await db
        .updateTable('webhook_events')
        .set({ payload: JSON.stringify(payload) })
        .where('id', '=', eventId)
        .execute();
    },

    /**
     * The person's place among scans' accounts and as the player a PIN was made for: their rows go,
     * and every instance forgets the Enterprises' own reports it kept. Returns the rows removed.
     */
    async forgetScanAccounts(discordId: string): Promise<number> {
      const removed = await db
        .deleteFrom('scan_accounts')
        .where('discord_id', '=', discordId)
        .executeTakeFirst();
      await db
        .updateTable('pin_players')
        .set({ named_discord_id: null, named_username: null })
        .where('named_discord_id', '=', discordId)
        .execute();
      await db
        .updateTable('pin_players')
        .set({ proven_discord_id: null, proven_username: null })
        .where('proven_discord_id', '=', discordId)
        .execute();
      announceEnterpriseReports(db);
      return Number(removed.numDeletedRows);
    },

    /**
     * Removes the person's profile with its links, bans, reasons and name sets, and the alt-account
     * notes on other people that name them. Run it in a transaction.
     */
    async removeUser(
      userId: number,
      discordId: string,
    ): Promise<Omit<ErasureCounts, 'reportsRewritten' | 'eventsRewritten' | 'evidenceRewritten'>> {
      // Everyone whose answers showed them: those sharing their hardware, and those noted as their alt.
      await invalidatePlayers(db, [userId]);
      const noting = await db
        .selectFrom('user_reasons')
        .select('user_id')
        .distinct()
        .where('category', '=', 'alt_account')
        .where('reason', 'like', `%(${discordId})`)
        .execute();
      await invalidatePlayers(
        db,
        noting.map((n) => n.user_id),
      );
      await db.deleteFrom('player_documents').where('user_id', '=', userId).execute();
      const bans = db.selectFrom('bans').select('id').where('user_id', '=', userId);
      await db.deleteFrom('ban_hwids').where('ban_id', 'in', bans).execute();
      const removedBans = await db.deleteFrom('bans').where('user_id', '=', userId).executeTakeFirst();
      const removedReasons = await db
        .deleteFrom('user_reasons')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      // Notes made when a scan first joined them to someone: `… detected: <username> (<id>)`.
      const notes = await db
        .deleteFrom('user_reasons')
        .where('category', '=', 'alt_account')
        .where('reason', 'like', `%(${discordId})`)
        .executeTakeFirst();
      const links = await db.deleteFrom('user_hwids').where('user_id', '=', userId).executeTakeFirst();
      // The person no longer counts among the accounts a hardware ID was seen with. An ID that
      // became a hub stays one: the value was shared by many machines whoever is erased.
      await db
        .updateTable('hwids')
        .set((eb) => ({ accounts_seen: eb('accounts_seen', '-', 1) }))
        .where('id', 'in', db.selectFrom('hwid_accounts').select('hwid_id').where('user_id', '=', userId))
        .execute();
      await db.deleteFrom('hwid_accounts').where('user_id', '=', userId).execute();
      await db.deleteFrom('user_scans').where('user_id', '=', userId).execute();
      for (const table of ['user_detections', 'user_own_detections', 'user_games'] as const) {
        await db.deleteFrom(table).where('user_id', '=', userId).execute();
      }
      await db.deleteFrom('scanned_users').where('id', '=', userId).execute();
      return {
        hardwareLinks: Number(links.numDeletedRows),
        bans: Number(removedBans.numDeletedRows),
        reasons: Number(removedReasons.numDeletedRows),
        notesOnOthers: Number(notes.numDeletedRows),
      };
    },

    // --- retention ----------------------------------------------------------------------------

    /** Drops the IP hash of reports made before `cutoff`; returns how many were dropped. */
    async forgetIpHashesBefore(cutoff: number): Promise<number> {
      const res = await db
        .updateTable('scan_reports')
        .set({ ip_hash: null })
        .where('created_at', '<', cutoff)
        .where('ip_hash', 'is not', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows);
    },

    /**
     * Up to `limit` PINs that ended before `cutoff`: finished ones by their report's date, the others
     * (never finished, so without a report) once their expiry is that old.
     */
    async pinsEndedBefore(cutoff: number, limit: number): Promise<number[]> {
      const finished = await db
        .selectFrom('scan_reports')
        .select('pin_id')
        .where('created_at', '<', cutoff)
        .orderBy('created_at')
        .limit(limit)
        .execute();
      const unfinished = await db
        .selectFrom('pins')
        .select('id')
        .where('status', 'in', ['pending', 'scanning', 'expired', 'error'])
        .where('expires_at', '<', cutoff)
        .orderBy('expires_at')
        .limit(Math.max(0, limit - finished.length))
        .execute();
      return [...finished.map((r) => r.pin_id), ...unfinished.map((r) => r.id)];
    },

    /**
     * Removes PINs with everything hanging off them, keeping their codes as retired at `now` so no
     * new PIN is given one again (docs/privacy.md, "Retention"). Returns the hardware profiles and
     * users whose counters included them, for the caller to recount. Run it in a transaction.
     */
    async removePins(
      pinIds: readonly number[],
      now: number,
    ): Promise<{ hwidIds: number[]; userIds: number[] }> {
      if (pinIds.length === 0) return { hwidIds: [], userIds: [] };
      // The PINs' rows first: a state change racing this removal (the sweeper expiring a PIN that
      // retention removes) would otherwise add a timeline row after those rows were deleted and before
      // the PIN is, and the removal would fail on it. Locked, the change waits and then finds no PIN.
      // SQLite runs one writer at a time anyway.
      if (dialect === 'postgres') {
        await db.selectFrom('pins').select('id').where('id', 'in', pinIds).forUpdate().execute();
      }
      const hwids = await db
        .selectFrom('scan_hwids')
        .select('hwid_id')
        .distinct()
        .where('pin_id', 'in', pinIds)
        .execute();
      const users = await db
        .selectFrom('user_scans')
        .select('user_id')
        .distinct()
        .where('pin_id', 'in', pinIds)
        .execute();
      const events = db.selectFrom('webhook_events').select('id').where('pin_id', 'in', pinIds);
      await db.deleteFrom('webhook_deliveries').where('event_id', 'in', events).execute();
      await db.deleteFrom('webhook_events').where('pin_id', 'in', pinIds).execute();
      for (const table of [
        'share_links',
        'pin_timeline',
        'user_scans',
        'scan_hwids',
        'scan_reports',
        'scan_evidence',
        'scan_accounts',
        'pin_players',
        'rule_test_matches',
        'scan_networks',
        'hardware_facts',
      ] as const) {
        await db.deleteFrom(table).where('pin_id', 'in', pinIds).execute();
      }
      await db
        .insertInto('retired_pin_codes')
        .columns(['code', 'retired_at'])
        .expression(
          db
            .selectFrom('pins')
            .select(['code', sql.lit(now).as('retired_at')])
            .where('id', 'in', pinIds),
        )
        .onConflict((oc) => oc.column('code').doNothing())
        .execute();
      await db.deleteFrom('pins').where('id', 'in', pinIds).execute();
      // Enterprises' own reports among them are gone too, on every instance.
      announceEnterpriseReports(db);
      return {
        hwidIds: hwids.map((r) => r.hwid_id).sort((a, b) => a - b),
        userIds: users.map((r) => r.user_id).sort((a, b) => a - b),
      };
    },

    /** A hardware profile's counters and detection set, recomputed from the scans that remain on it. */
    async recountProfile(hwidId: number): Promise<void> {
      const scans = await db
        .selectFrom('scan_hwids')
        .innerJoin('pins', 'pins.id', 'scan_hwids.pin_id')
        .innerJoin('scan_reports as r', 'r.pin_id', 'pins.id')
        .select([
          'pins.result',
          'r.detections',
          'r.suspicious',
          'r.untrusted',
          'r.integrity',
          'r.custom_suspicious',
        ])
        .where('scan_hwids.hwid_id', '=', hwidId)
        .execute();
      const unique = new Set<string>();
      let totalDetections = 0;
      let findings = 0;
      for (const s of scans) {
        const detections = list(s.detections);
        for (const d of detections) unique.add(d);
        totalDetections += detections.length;
        findings +=
          list(s.suspicious).length +
          list(s.untrusted).length +
          list(s.integrity).length +
          list(s.custom_suspicious).length;
      }
      await db.deleteFrom('hwid_detections').where('hwid_id', '=', hwidId).execute();
      const rows = [...unique].map((name) => ({ hwid_id: hwidId, name }));
      for (let i = 0; i < rows.length; i += 500) {
        await db
          .insertInto('hwid_detections')
          .values(rows.slice(i, i + 500))
          .execute();
      }
      await db
        .updateTable('hwids')
        .set({
          total_scans: scans.length,
          cheating_scans: scans.filter((s) => s.result === 'cheating').length,
          suspicious_scans: scans.filter((s) => s.result === 'suspicious').length,
          total_detections: totalDetections,
          unique_detections: unique.size,
          suspicious_findings: findings,
        })
        .where('id', '=', hwidId)
        .execute();
      await invalidatePlayersOn(db, [hwidId]);
    },

    /**
     * A user's counters and name sets, recomputed from the scans still counted for them: every scan
     * on their hardware for the risk score, those that counted for them as one of their accounts for the lookup (docs/risk-score.md).
     */
    async recountUser(userId: number): Promise<void> {
      const user = await db
        .selectFrom('scanned_users')
        .select('discord_id')
        .where('id', '=', userId)
        .executeTakeFirst();
      if (user === undefined) return;
      const scans = await db
        .selectFrom('user_scans')
        .innerJoin('pins', 'pins.id', 'user_scans.pin_id')
        .innerJoin('scan_reports as r', 'r.pin_id', 'pins.id')
        .select([
          'pins.id',
          'pins.type',
          'pins.result',
          'pins.finished_at',
          'r.created_at',
          'r.detections',
          'r.discord',
        ])
        .where('user_scans.user_id', '=', userId)
        .execute();
      // Their own scans are those that counted for them when they finished: a report that only
      // claimed them is not (docs/risk-score.md, "Whose scan it is").
      const counted = await accountsCountedBy(
        db,
        scans.map((s) => ({ pinId: s.id, discord: s.discord })),
      );
      const all = scans.map((s) => ({
        type: s.type,
        verdict: s.result ?? 'legit',
        at: s.finished_at ?? s.created_at,
        detections: list(s.detections),
        named: counted.get(s.id)?.includes(user.discord_id) ?? false,
      }));
      const own = all.filter((s) => s.named);
      const times = (xs: typeof all) => xs.map((s) => s.at);
      const min = (xs: number[]) => (xs.length === 0 ? null : Math.min(...xs));
      const max = (xs: number[]) => (xs.length === 0 ? null : Math.max(...xs));
      const sum = (xs: typeof all) => xs.reduce((n, s) => n + s.detections.length, 0);
      await db
        .updateTable('scanned_users')
        .set({
          scans: all.length,
          cheating_scans: all.filter((s) => s.verdict === 'cheating').length,
          suspicious_scans: all.filter((s) => s.verdict === 'suspicious').length,
          clean_scans: all.filter((s) => s.verdict === 'legit').length,
          detections: sum(all),
          first_scan_at: min(times(all)),
          last_scan_at: max(times(all)),
          last_cheating_at: max(times(all.filter((s) => s.verdict === 'cheating'))),
          own_scans: own.length,
          own_cheating_scans: own.filter((s) => s.verdict === 'cheating').length,
          own_suspicious_scans: own.filter((s) => s.verdict === 'suspicious').length,
          own_detections: sum(own),
          own_first_scan_at: min(times(own)),
          own_last_scan_at: max(times(own)),
        })
        .where('id', '=', userId)
        .execute();
      await replaceNames(
        'user_detections',
        userId,
        all.flatMap((s) => s.detections),
      );
      await replaceNames(
        'user_own_detections',
        userId,
        own.flatMap((s) => s.detections),
      );
      await replaceNames(
        'user_games',
        userId,
        own.map((s) => s.type),
      );
      await invalidatePlayers(db, [userId]);
    },

    /**
     * Whether nothing but derived data is left of a user: no scan counted for them, no ban or warning
     * issued against them, and no note but automatic alt-account ones.
     */
    async onlyDerivedDataLeft(userId: number): Promise<boolean> {
      const user = await db
        .selectFrom('scanned_users')
        .select('scans')
        .where('id', '=', userId)
        .executeTakeFirst();
      if (user === undefined || user.scans > 0) return false;
      const ban = await db.selectFrom('bans').select('id').where('user_id', '=', userId).executeTakeFirst();
      if (ban !== undefined) return false;
      const note = await db
        .selectFrom('user_reasons')
        .select('id')
        .where('user_id', '=', userId)
        .where('category', '!=', 'alt_account')
        .executeTakeFirst();
      return note === undefined;
    },

    /**
     * Claims the daily retention run for `day` (YYYY-MM-DD, UTC): true for exactly one caller per day
     * however many instances share the store, since the conditional update is one atomic statement.
     */
    async claimDay(name: string, day: string): Promise<boolean> {
      await db
        .insertInto('settings')
        .values({ name, value: '' })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const res = await db
        .updateTable('settings')
        .set({ value: day })
        .where('name', '=', name)
        .where('value', '<', day)
        .executeTakeFirst();
      return res.numUpdatedRows > 0n;
    },
  };
}

export type PrivacyRepository = ReturnType<typeof privacyRepository>;
