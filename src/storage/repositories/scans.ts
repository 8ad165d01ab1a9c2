import { sql } from 'kysely';
import type { PinState, Verdict } from '../../domain/pin-lifecycle.js';
import type { ScanReport } from '../../domain/scan-report.js';
import type { Db, Store } from '../database.js';
import type { PinRow, ScanReportRow } from '../schema.js';
import { SerialQueue } from '../serial-queue.js';

/** Arbitrary constant naming the PostgreSQL advisory lock that serialises finishes. */
const FINISH_LOCK_KEY = 7_262_001;

/** Guards that make a write apply only to the state it was decided on (compare-and-set). */
interface Expect {
  now: number;
  idleTimeoutMs: number;
}

function stateColumns(state: PinState) {
  return {
    status: state.status,
    progress: state.progress,
    status_message: state.statusMessage,
    result: state.result,
    used: state.used ? (1 as const) : (0 as const),
    last_status_update: state.lastStatusUpdate,
    last_activity_at: state.lastActivityAt,
  };
}

/** The finished report as kept: the client's report less its artifacts and IP, plus the keyword matches. */
export type StoredReport = Omit<ScanReport, 'artifacts' | 'ip'> & { customSuspicious: string[] };

export function decodeReport(row: ScanReportRow): StoredReport {
  const list = (text: string) => JSON.parse(text) as string[];
  return {
    detections: list(row.detections),
    suspicious: list(row.suspicious),
    warnings: list(row.warnings),
    untrusted: list(row.untrusted),
    integrity: list(row.integrity),
    customSuspicious: list(row.custom_suspicious),
    vpn: row.vpn,
    country: row.country,
    logon: row.logon,
    scantime: row.scantime,
    windows: row.windows,
    discord: JSON.parse(row.discord) as Array<{ id: string; username: string }>,
  };
}

/** A finished scan, as the work done in its finish transaction sees it. */
export interface FinishedScan {
  pinId: number;
  gameType: string;
  verdict: Verdict;
  detections: readonly string[];
  /** suspicious + untrusted + integrity + custom keyword matches. */
  suspiciousFindings: number;
  discord: ReadonlyArray<{ id: string; username: string }>;
  finishedAt: number;
}

/** Extra work done inside the finish transaction (the player-risk profiles hook in here). */
export type FinishHook = (trx: Db, scan: FinishedScan) => Promise<void>;

export function scansRepository(store: Store, onFinish: FinishHook[] = []) {
  const { db } = store;
  const finishQueue = new SerialQueue();

  /** Still scanning as of `now`: not finished/failed, not expired, not idle. */
  const scanningAt = (pinId: number, e: Expect) =>
    db
      .updateTable('pins')
      .where('id', '=', pinId)
      .where('status', '=', 'scanning')
      .where('expires_at', '>', e.now)
      .where('last_activity_at', '>', e.now - e.idleTimeoutMs);

  return {
    async findBySessionHash(hash: string): Promise<PinRow | undefined> {
      return db.selectFrom('pins').selectAll().where('session_token_hash', '=', hash).executeTakeFirst();
    },

    /** pending → scanning, recording the scan's hardware IDs; false if another start won the race. */
    async start(
      pin: PinRow,
      state: PinState,
      input: {
        sessionHash: string;
        clientVersion: string | null;
        hwidHashes: readonly string[];
        now: number;
      },
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const res = await trx
          .updateTable('pins')
          .set({
            ...stateColumns(state),
            session_token_hash: input.sessionHash,
            client_version: input.clientVersion,
          })
          .where('id', '=', pin.id)
          .where('status', '=', 'pending')
          .where('expires_at', '>', input.now)
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
        return true;
      });
    },

    /** Applies a progress report unless the scan closed or progressed past it meanwhile. */
    async progress(pin: PinRow, state: PinState, e: Expect): Promise<boolean> {
      const res = await scanningAt(pin.id, e)
        .set(stateColumns(state))
        .where('progress', '<=', state.progress)
        .executeTakeFirst();
      return res.numUpdatedRows > 0n;
    },

    async fail(pin: PinRow, state: PinState, e: Expect): Promise<boolean> {
      const res = await scanningAt(pin.id, e).set(stateColumns(state)).executeTakeFirst();
      return res.numUpdatedRows > 0n;
    },

    /**
     * Queued in process first, so finishes waiting for their turn do not each hold a pooled connection.
     */
    finish: (...args: Parameters<typeof finishNow>) => finishQueue.run(() => finishNow(...args)),

    async findReport(pinId: number): Promise<StoredReport | undefined> {
      const row = await db
        .selectFrom('scan_reports')
        .selectAll()
        .where('pin_id', '=', pinId)
        .executeTakeFirst();
      return row === undefined ? undefined : decodeReport(row);
    },
  };

  /** scanning → finished with the report, in one transaction with every finish hook. */
  async function finishNow(
    pin: PinRow,
    state: PinState,
    report: ScanReport,
    extra: { customSuspicious: string[]; ipHash: string | null },
    e: Expect,
  ): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      // The finish hooks update aggregates shared between scans (a user's counters, every user on a
      // hardware ID), in an order that depends on the data; two finishes at once could deadlock.
      // Finishes are rare next to reads, so PostgreSQL runs them one at a time. (SQLite always does.)
      if (store.dialect === 'postgres') {
        // Keyed by schema too, so deployments sharing one database do not wait on each other.
        await sql`select pg_advisory_xact_lock(${FINISH_LOCK_KEY}, hashtext(current_schema()))`.execute(trx);
      }
      const res = await trx
        .updateTable('pins')
        .set({ ...stateColumns(state), finished_at: e.now })
        .where('id', '=', pin.id)
        .where('status', '=', 'scanning')
        .where('expires_at', '>', e.now)
        .where('last_activity_at', '>', e.now - e.idleTimeoutMs)
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
          created_at: e.now,
        })
        .execute();
      const scan: FinishedScan = {
        pinId: pin.id,
        gameType: pin.type,
        verdict: state.result ?? 'legit',
        detections: report.detections,
        suspiciousFindings:
          report.suspicious.length +
          report.untrusted.length +
          report.integrity.length +
          extra.customSuspicious.length,
        discord: report.discord,
        finishedAt: e.now,
      };
      for (const hook of onFinish) await hook(trx, scan);
      return true;
    });
  }
}

export type ScansRepository = ReturnType<typeof scansRepository>;
