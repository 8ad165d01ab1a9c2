import { sql } from 'kysely';
import type { Assurance } from '../../domain/assurance.js';
import type { Pin } from '../../domain/pin.js';
import type { PinState, Verdict } from '../../domain/pin-lifecycle.js';
import { type ScanAccount, sharedAccountsOf } from '../../domain/report-provenance.js';
import type { RuleHit } from '../../domain/rule-quality.js';
import type { ScanReport } from '../../domain/scan-report.js';
import type { StartedClient } from '../../domain/scanner-clients.js';
import type { Db, Store } from '../database.js';
import { SerialQueue } from '../serial-queue.js';
import { type HardwareFactsEntry, recordHardwareFacts } from './hardware-facts.js';
import { type PinTimelineEntry, pinTimelineRepository } from './pin-timeline.js';
import { stateColumns } from './pins.js';
import { announcingOutdated } from './player-documents.js';
import { recordRuleHits } from './rule-quality.js';
import { type NewSighting, scanNetworksRepository } from './scan-networks.js';
import { type OutboxEvent, webhooksRepository } from './webhooks.js';

/** Arbitrary constant naming the PostgreSQL advisory lock that serialises finishes. */
export const FINISH_LOCK_KEY = 7_262_001;

/** A finished scan, as the work done in its finish transaction sees it. */
export interface FinishedScan {
  pinId: number;
  gameType: string;
  verdict: Verdict;
  detections: readonly string[];
  /** suspicious + untrusted + integrity + custom keyword matches. */
  suspiciousFindings: number;
  /**
   * The accounts whose reports count for every community: what the shared risk aggregates link
   * (docs/risk-score.md, "Whose scan it is").
   */
  discord: ReadonlyArray<{ id: string; username: string }>;
  /** Every account of the scan, with how the scan knows it. */
  accounts: readonly ScanAccount[];
  enterpriseId: number;
  finishedAt: number;
}

/** An evidence upload as kept: its receipt id, the document and the findings, both as JSON. */
export interface EvidenceRow {
  receiptId: string;
  document: string;
  findings: string;
  /** Each rule the findings hold, once (docs/rules.md, "Rule quality"). */
  ruleHits: readonly RuleHit[];
}

/** Extra work done inside the finish transaction (the player-risk profiles hook in here). */
export type FinishHook = (trx: Db, scan: FinishedScan) => Promise<void>;

export function scansRepository(store: Store, onFinish: FinishHook[] = []) {
  const { db } = store;
  const finishQueue = new SerialQueue();

  return {
    /** pending → scanning, recording the scan's hardware IDs; false if another start won the race. */
    async start(
      pin: Pin,
      state: PinState,
      input: {
        sessionHash: string;
        /** SHA-256 of the scan's one-time nonce, which its evidence must carry. */
        nonceHash: string;
        clientVersion: string | null;
        /** The client the scan starts with: every later call of its session must come from it. */
        client: StartedClient;
        hwidHashes: readonly string[];
        /** The network the start came from (application/scans/scan-network.ts), kept with it. */
        startNetwork?: NewSighting | null;
        now: number;
      },
      /** Webhook events of the change, written in its transaction (docs/webhooks.md). */
      events: readonly OutboxEvent[] = [],
      /** Timeline entries of the change, written in its transaction too. */
      timeline: readonly PinTimelineEntry[] = [],
    ): Promise<boolean> {
      return announcingOutdated(db, (track) =>
        db.transaction().execute(async (untracked) => {
          const trx = track(untracked);
          const res = await trx
            .updateTable('pins')
            .set((eb) => ({
              ...stateColumns(state),
              session_token_hash: input.sessionHash,
              scan_nonce_hash: input.nonceHash,
              scan_started_at: input.now,
              client_version: input.clientVersion,
              client_kind: input.client.kind,
              scanner_client_id: input.client.scannerClientId,
              revision: eb('revision', '+', 1),
            }))
            .where('id', '=', pin.id)
            .where('revision', '=', pin.revision)
            .executeTakeFirst();
          if (res.numUpdatedRows === 0n) return false;
          // Sorted, so concurrent starts that share hardware IDs take their index locks in one order.
          const hashes = [...new Set(input.hwidHashes)].sort();
          await trx
            .insertInto('hwids')
            .values(hashes.map((hash) => ({ hash, created_at: input.now })))
            .onConflict((oc) => oc.column('hash').doNothing())
            .execute();
          const ids = await trx.selectFrom('hwids').select('id').where('hash', 'in', hashes).execute();
          await trx
            .insertInto('scan_hwids')
            .values(ids.map(({ id }) => ({ pin_id: pin.id, hwid_id: id })))
            .execute();
          if (input.startNetwork)
            await scanNetworksRepository(trx).record(pin.id, 'start', input.startNetwork, input.now);
          for (const event of events) await webhooksRepository(trx, store.dialect).record(event);
          for (const entry of timeline) await pinTimelineRepository(trx).append(entry);
          return true;
        }),
      );
    },

    /**
     * PostgreSQL: queued in process first, so finishes waiting for their turn do not each hold a pooled
     * connection. SQLite: straight to its one connection, which runs them one at a time already; a
     * queue here would hold each finish back until the one before it is flushed, so no two finishes
     * could share a group commit (storage/sqlite-group-commit.ts).
     */
    finish: (...args: Parameters<typeof finishNow>) =>
      store.dialect === 'postgres' ? finishQueue.run(() => finishNow(...args)) : finishNow(...args),

    /** What an evidence upload is checked against: the scan's nonce hash and when it started. */
    async evidenceContext(pinId: number): Promise<{ nonceHash: string | null; startedAt: number | null }> {
      const row = await db
        .selectFrom('pins')
        .select(['scan_nonce_hash', 'scan_started_at'])
        .where('id', '=', pinId)
        .executeTakeFirst();
      return { nonceHash: row?.scan_nonce_hash ?? null, startedAt: row?.scan_started_at ?? null };
    },
  };

  /** scanning → finished with the report, in one transaction with every finish hook. */
  async function finishNow(
    pin: Pin,
    state: PinState,
    report: ScanReport,
    extra: {
      customSuspicious: string[];
      suspiciousFindings: number;
      ipHash: string | null;
      /** What the result is worth (domain/assurance.ts). */
      assurance: Assurance;
      /** The scan's accounts with their provenance (domain/report-provenance.ts). */
      accounts: readonly ScanAccount[];
      /** The evidence document the report was judged from, kept with the scan (docs/scan-client.md). */
      evidence?: EvidenceRow | undefined;
      /** What the scan told about its machine (docs/scan-client.md, "Same machine, same story"). */
      hardwareFacts?: HardwareFactsEntry | null | undefined;
      /** The network the upload came from (application/scans/scan-network.ts). */
      uploadNetwork?: NewSighting | null | undefined;
    },
    now: number,
    events: readonly OutboxEvent[] = [],
    timeline: readonly PinTimelineEntry[] = [],
  ): Promise<boolean> {
    return announcingOutdated(db, (track) =>
      db.transaction().execute(async (untracked) => {
        const trx = track(untracked);
        // The finish hooks update aggregates shared between scans (a user's counters, every user on a
        // hardware ID), in an order that depends on the data; two finishes at once could deadlock.
        // Finishes are rare next to reads, so PostgreSQL runs them one at a time. (SQLite always does.)
        if (store.dialect === 'postgres') {
          // Keyed by schema too, so deployments sharing one database do not wait on each other.
          // Written out, without parameters, so it travels with the transaction's `begin` (one round
          // trip for both: storage/pg-deferred-begin.ts).
          await sql
            .raw(`select pg_advisory_xact_lock(${FINISH_LOCK_KEY}, hashtext(current_schema()))`)
            .execute(trx);
        }
        const res = await trx
          .updateTable('pins')
          .set((eb) => ({
            ...stateColumns(state),
            finished_at: now,
            // The nonce is spent with the scan: evidence is accepted once.
            scan_nonce_hash: null,
            revision: eb('revision', '+', 1),
          }))
          .where('id', '=', pin.id)
          .where('revision', '=', pin.revision)
          .executeTakeFirst();
        if (res.numUpdatedRows === 0n) return false;
        await trx
          .insertInto('scan_reports')
          .values({
            pin_id: pin.id,
            detections: JSON.stringify(report.detections),
            suspicious: JSON.stringify(report.suspicious),
            warnings: JSON.stringify(report.warnings),
            untrusted: JSON.stringify(report.untrusted),
            integrity: JSON.stringify(report.integrity),
            custom_suspicious: JSON.stringify(extra.customSuspicious),
            vpn: report.vpn,
            country: report.country,
            logon: report.logon,
            scantime: report.scantime,
            windows: report.windows,
            discord: JSON.stringify(report.discord),
            ip_hash: extra.ipHash,
            created_at: now,
            assurance: JSON.stringify(extra.assurance),
          })
          .execute();
        if (extra.evidence !== undefined) {
          await trx
            .insertInto('scan_evidence')
            .values({
              pin_id: pin.id,
              receipt_id: extra.evidence.receiptId,
              document: extra.evidence.document,
              findings: extra.evidence.findings,
              received_at: now,
            })
            .execute();
          await recordRuleHits(trx, pin.id, extra.evidence.ruleHits, now);
        }
        if (extra.hardwareFacts) await recordHardwareFacts(trx, pin.id, extra.hardwareFacts);
        // The upload's network, kept with the finish so a refused finish keeps nothing (scan-network.ts).
        if (extra.uploadNetwork)
          await scanNetworksRepository(trx).record(pin.id, 'upload', extra.uploadNetwork, now);
        const scan: FinishedScan = {
          pinId: pin.id,
          gameType: pin.type,
          verdict: state.result ?? 'legit',
          detections: report.detections,
          suspiciousFindings: extra.suspiciousFindings,
          discord: sharedAccountsOf(extra.accounts),
          accounts: extra.accounts,
          enterpriseId: pin.enterpriseId,
          finishedAt: now,
        };
        for (const hook of onFinish) await hook(trx, scan);
        for (const event of events) await webhooksRepository(trx, store.dialect).record(event);
        for (const entry of timeline) await pinTimelineRepository(trx).append(entry);
        return true;
      }),
    );
  }
}

export type ScansRepository = ReturnType<typeof scansRepository>;
