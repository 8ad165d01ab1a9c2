import { assuranceOf } from '../../domain/assurance.js';
import { matchCustomKeywords } from '../../domain/custom-keywords.js';
import type { GameType } from '../../domain/game-types.js';
import { isHardwareHub, isPlaceholderHwid } from '../../domain/hardware-id.js';
import { finish, type PinState, start } from '../../domain/pin-lifecycle.js';
import { timelineEntryFor } from '../../domain/pin-timeline.js';
import {
  accountsOfScan,
  type ScanAccount,
  sharedAccountsOf,
  withProvenance,
} from '../../domain/report-provenance.js';
import { withServerEntries } from '../../domain/report-server-entries.js';
import { type ScanReport, suspiciousFindings, verdictOf } from '../../domain/scan-report.js';
import { hmacHex, sha256Hex } from '../../lib/crypto.js';
import { scanAccountRows } from '../../storage/repositories/report-provenance.js';
import { seedBatchesRepository } from '../../storage/repositories/seed-batches.js';
import type { UseCaseContext } from '../context.js';
import { type AggregatedScan, SeedAggregates } from './seed-aggregates.js';
import { SeedMachineHistory } from './seed-machine-history.js';

/*
 * Fills a store with finished scans in bulk, for the benchmark (docs/benchmarks.md, "Method"): the
 * rows a scan's create, start and finish would write, and the player-risk aggregates its finish
 * would update, written many to a statement, one transaction per call. Not a path any client uses.
 *
 * Whose scan it is (docs/risk-score.md, "Whose scan it is"): a seed's first account is its player, who
 * proved the account through the one-time link its scanner showed after the start (recorded with that
 * session and the start's time); its other accounts are only claimed, as a bare report claims them.
 * Only the accounts whose reports are shared feed the aggregates, and a scan none of whose accounts is
 * shared changes none, as its finish would.
 */

/** The client name a seeded scan's assurance gives: it stands for a registered integration's scan. */
export const SEEDED_CLIENT_NAME = 'seeded';
/**
 * Seeded scans stand for reports a registered integration sent, with nothing that lowers their trust
 * (a bare report is an integration's; an official build uploads its evidence).
 */
const SEEDED_ASSURANCE = assuranceOf(
  { kind: 'third-party', name: SEEDED_CLIENT_NAME, version: null },
  [],
  'report',
);

export interface SeedScan {
  /** A PIN code never used before. */
  code: string;
  type: GameType;
  /** Raw hardware IDs, hashed here exactly as a scan start hashes them. */
  hwids: readonly string[];
  /** The first account is the player, proven when the scan started; the others are only claimed. */
  report: ScanReport;
  createdAt: number;
  startedAt: number;
  finishedAt: number;
}

export interface SeedInput {
  accountId: number;
  enterpriseId: number;
  /** In the order they finished. Their hardware IDs and accounts must be new to the store. */
  scans: readonly SeedScan[];
}

export class SeedNotFresh extends Error {}

function hashesOf(ctx: UseCaseContext, hwids: readonly string[]): string[] {
  const real = hwids.filter((hwid) => !isPlaceholderHwid(hwid));
  if (real.length === 0) throw new SeedNotFresh('every seeded scan needs a real hardware ID');
  return real.map((hwid) => hmacHex(ctx.hashSecret, `hwid:${hwid}`));
}

const json = JSON.stringify;

/** Nobody holds a token for a seeded scan; its hash fills the columns a start and a proof would. */
function seededSessionHash(seed: SeedScan): string {
  return sha256Hex(`seeded:${seed.code}`);
}

/** Seeds one batch; returns how many scans were written. */
export async function seedFinishedScans(ctx: UseCaseContext, input: SeedInput): Promise<number> {
  if (input.scans.length === 0) return 0;
  const keywords = await ctx.repos.accounts.keywords(input.accountId);
  const ttlMs = ctx.config.pinTtlSeconds * 1000;
  const outside = seedBatchesRepository(ctx.store.db, ctx.store.dialect);
  await outside.durable(false);
  try {
    return await ctx.store.db.transaction().execute(async (trx) => {
      const repo = seedBatchesRepository(trx, ctx.store.dialect);
      await repo.relaxCommit();
      const enterpriseShared = await repo.reportsShared(input.enterpriseId);
      const agg = new SeedAggregates(0, 0);
      const history = new SeedMachineHistory();
      const facts: Array<{
        seed: SeedScan;
        /** The report as the finish keeps it: the server's integrity and warning entries added. */
        report: ScanReport;
        scan: AggregatedScan;
        custom: string[];
        accounts: ScanAccount[];
        player: { id: string; username: string } | undefined;
      }> = [];
      const firstPin = await repo.reserveIds('pins', input.scans.length);
      input.scans.forEach((seed, i) => {
        const custom = matchCustomKeywords(seed.report.artifacts, keywords);
        const player = seed.report.discord[0];
        // As the finish decides them (application/scans/finish-scan.ts).
        const accounts = accountsOfScan({
          reported: seed.report.discord,
          seenOnMachine: false,
          player: {
            named: null,
            proven: player === undefined ? null : { discordId: player.id, username: player.username },
          },
          enterpriseShared,
        });
        const hwids = hashesOf(ctx, seed.hwids);
        // As the finish adds them: the assurance's reasons to integrity, the hardware's story to warnings.
        const report: ScanReport = {
          ...seed.report,
          integrity: withServerEntries(seed.report.integrity, SEEDED_ASSURANCE.reasons),
          warnings: withServerEntries(seed.report.warnings, history.warningsOf(hwids, player?.id)),
        };
        const scan: AggregatedScan = {
          pinId: firstPin + i,
          gameType: seed.type,
          verdict: verdictOf(report, custom, SEEDED_ASSURANCE),
          detections: report.detections,
          suspiciousFindings: suspiciousFindings(report, custom),
          hwids,
          discord: sharedAccountsOf(accounts),
          startedAt: seed.startedAt,
          finishedAt: seed.finishedAt,
        };
        agg.add(scan);
        history.record(
          scan.pinId,
          agg.hwidIdsOf(scan).length === 0 ? [] : hwids,
          accounts.map((a) => a.discordId),
        );
        facts.push({ seed, report, scan, custom, accounts, player });
      });
      const users = [...agg.users.values()];
      const hwids = [...agg.hwids.values()];
      if ((await repo.known([...agg.hwids.keys()], [...agg.users.keys()])) > 0) {
        throw new SeedNotFresh('seeded scans must not reuse hardware IDs or accounts already stored');
      }
      // Without hubs every account a hardware ID is seen with is linked to it, so the sightings are
      // the links; a population that would make hubs is seeded scan by scan instead.
      const accountsSeen = new Map<number, number>();
      for (const u of users)
        for (const h of u.hwids.keys()) accountsSeen.set(h, (accountsSeen.get(h) ?? 0) + 1);
      if ([...accountsSeen.values()].some((n) => isHardwareHub(n, ctx.config.hwidHubThreshold))) {
        throw new SeedNotFresh(
          'seeded scans must not share a hardware ID among more accounts than HWID_HUB_THRESHOLD',
        );
      }
      const hwidBase = await repo.reserveIds('hwids', hwids.length);
      const userBase = await repo.reserveIds('scanned_users', users.length);
      const hwidId = (local: number) => hwidBase + local;
      const userId = (local: number) => userBase + local;

      await repo.write({
        pins: facts.map(({ seed, scan }) => ({
          id: scan.pinId,
          code: seed.code,
          account_id: input.accountId,
          enterprise_id: input.enterpriseId,
          pin_name: null,
          type: seed.type,
          ram_dump: 0,
          private: 0,
          status: 'finished',
          progress: 100,
          status_message: 'Scan complete',
          result: scan.verdict,
          used: 1,
          created_at: seed.createdAt,
          expires_at: seed.createdAt + ttlMs,
          last_status_update: seed.finishedAt,
          last_activity_at: seed.finishedAt,
          session_token_hash: seededSessionHash(seed),
          client_version: null,
          // An official build's scan, as SEEDED_ASSURANCE says; no registered client row stands behind it.
          client_kind: 'third-party',
          scanner_client_id: null,
          // Spent when the scan finished, as a finish clears it; the start time as a start records it.
          scan_nonce_hash: null,
          scan_started_at: seed.startedAt,
          finished_at: seed.finishedAt,
          revision: 2,
        })),
        scanReports: facts.map(({ seed, report, scan, custom, accounts }) => ({
          pin_id: scan.pinId,
          detections: json(seed.report.detections),
          suspicious: json(seed.report.suspicious),
          warnings: json(report.warnings),
          untrusted: json(seed.report.untrusted),
          integrity: json(report.integrity),
          custom_suspicious: json(custom),
          vpn: seed.report.vpn,
          country: seed.report.country,
          logon: seed.report.logon,
          scantime: seed.report.scantime,
          windows: seed.report.windows,
          discord: json(withProvenance(seed.report.discord, accounts)),
          ip_hash: seed.report.ip ? hmacHex(ctx.hashSecret, `ip:${seed.report.ip}`) : null,
          assurance: JSON.stringify(SEEDED_ASSURANCE),
          created_at: seed.finishedAt,
        })),
        pinTimeline: facts.flatMap(({ seed, scan }) => timelineOf(scan, seed, ttlMs)),
        hwids: hwids.map((h) => ({
          id: hwidId(h.id),
          hash: h.hash,
          created_at: h.createdAt,
          total_scans: h.totalScans,
          cheating_scans: h.cheatingScans,
          suspicious_scans: h.suspiciousScans,
          total_detections: h.totalDetections,
          unique_detections: h.detections.size,
          suspicious_findings: h.suspiciousFindings,
          accounts_seen: accountsSeen.get(h.id) ?? 0,
        })),
        scanHwids: facts.flatMap(({ scan }) =>
          agg.hwidIdsOf(scan).map((id) => ({ pin_id: scan.pinId, hwid_id: hwidId(id) })),
        ),
        hwidDetections: hwids.flatMap((h) =>
          [...h.detections].map((name) => ({ hwid_id: hwidId(h.id), name })),
        ),
        scannedUsers: users.map((u) => ({
          id: userId(u.id),
          discord_id: u.discordId,
          username: u.username,
          created_at: u.createdAt,
          scans: u.scans,
          cheating_scans: u.cheatingScans,
          suspicious_scans: u.suspiciousScans,
          clean_scans: u.cleanScans,
          detections: u.detections,
          first_scan_at: u.firstScanAt,
          last_scan_at: u.lastScanAt,
          last_cheating_at: u.lastCheatingAt,
          own_scans: u.ownScans,
          own_cheating_scans: u.ownCheatingScans,
          own_suspicious_scans: u.ownSuspiciousScans,
          own_detections: u.ownDetections,
          own_first_scan_at: u.ownFirstScanAt,
          own_last_scan_at: u.ownLastScanAt,
        })),
        userHwids: users.flatMap((u) =>
          [...u.hwids].map(([h, at]) => ({ user_id: userId(u.id), hwid_id: hwidId(h), linked_at: at })),
        ),
        hwidAccounts: users.flatMap((u) =>
          [...u.hwids].map(([h, at]) => ({ hwid_id: hwidId(h), user_id: userId(u.id), seen_at: at })),
        ),
        userScans: users.flatMap((u) =>
          [...u.scanIds].map((pinId) => ({ user_id: userId(u.id), pin_id: pinId })),
        ),
        userDetections: users.flatMap((u) =>
          [...u.detectionNames].map((name) => ({ user_id: userId(u.id), name })),
        ),
        userOwnDetections: users.flatMap((u) =>
          [...u.ownDetectionNames].map((name) => ({ user_id: userId(u.id), name })),
        ),
        userGames: users.flatMap((u) => [...u.games].map((name) => ({ user_id: userId(u.id), name }))),
        userReasons: agg.reasons.map((r) => ({
          user_id: userId(r.userId),
          reason: r.reason,
          category: 'alt_account',
          evidence: null,
          added_at: r.addedAt,
        })),
        pinPlayers: facts.flatMap(({ seed, scan, player }) =>
          player === undefined
            ? []
            : [
                {
                  pin_id: scan.pinId,
                  proven_discord_id: player.id,
                  proven_username: player.username,
                  proven_at: seed.startedAt,
                  proven_session_hash: seededSessionHash(seed),
                },
              ],
        ),
        scanAccounts: facts.flatMap(({ scan, accounts }) =>
          scanAccountRows({ ...scan, accounts, enterpriseId: input.enterpriseId }),
        ),
      });
      return facts.length;
    });
  } finally {
    await outside.durable(true);
  }
}

/** The created, started and finished entries the three moves would have written (domain/pin-timeline.ts). */
function timelineOf(scan: AggregatedScan, seed: SeedScan, ttlMs: number) {
  const pending: PinState = {
    status: 'pending',
    progress: 0,
    statusMessage: null,
    result: null,
    used: false,
    lastStatusUpdate: null,
    expiresAt: seed.createdAt + ttlMs,
    lastActivityAt: null,
  };
  const started = start(pending, seed.startedAt);
  if (!started.ok) throw new Error('a seeded scan could not start');
  const finished = finish(started.state, scan.verdict, seed.finishedAt);
  if (!finished.ok) throw new Error('a seeded scan could not finish');
  const moves: Array<[PinState | null, PinState]> = [
    [null, pending],
    [pending, started.state],
    [started.state, finished.state],
  ];
  return moves.flatMap(([before, after]) => {
    const entry = timelineEntryFor(before, after, seed.createdAt);
    return entry === null ? [] : [{ pin_id: scan.pinId, ...entry }];
  });
}

/** After the last batch: the store's statistics brought up to date, as they are on a store in use. */
export async function settleSeededStore(ctx: UseCaseContext): Promise<void> {
  await seedBatchesRepository(ctx.store.db, ctx.store.dialect).analyze();
}
