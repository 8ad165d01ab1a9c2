import type { ExpressionBuilder } from 'kysely';
import type { GameType } from '../../domain/game-types.js';
import type { Pin, PinWithReport } from '../../domain/pin.js';
import type { PinState, PinStatus, Verdict } from '../../domain/pin-lifecycle.js';
import type { PinCreatingRole } from '../../domain/roles.js';
import type { StoredReport } from '../../domain/scan-report.js';
import type { Db } from '../database.js';
import { isUniqueViolation } from '../errors.js';
import type { Dialect } from '../migrations/index.js';
import { PARAM, precompiledFor } from '../precompiled.js';
import type { Database, PinRow, ScanReportRow } from '../schema.js';
import { decodeReport } from './scan-report-codec.js';

export interface NewPin {
  code: string;
  accountId: number;
  enterpriseId: number;
  type: GameType;
  name: string | null;
  ramDump: boolean;
  private: boolean;
  createdAt: number;
  expiresAt: number;
  /** The role staff created it with through the dashboard or Discord; absent for the API's. */
  staffRole?: PinCreatingRole | null;
}

/** Thrown by `insert` when the drawn code is already taken; the caller draws another. */
export class PinCodeTaken extends Error {}

/** A dashboard viewer and the filters of their PIN list. */
export interface VisiblePinQuery extends PinViewer {
  status?: PinStatus;
  type?: string;
  verdict?: Verdict;
  search?: string;
  /** Created at or after this instant (epoch ms). */
  createdFrom?: number;
  /** Created before this instant (epoch ms). */
  createdTo?: number;
  /** Only PINs created under this Enterprise. */
  enterpriseId?: number;
  /** Only PINs older than this id: the cursor of the previous page. */
  before?: number;
  limit: number;
}

export function stateOf(row: PinRow): PinState {
  return {
    status: row.status,
    progress: row.progress,
    statusMessage: row.status_message,
    result: row.result,
    used: row.used === 1,
    lastStatusUpdate: row.last_status_update,
    expiresAt: row.expires_at,
    lastActivityAt: row.last_activity_at,
  };
}

export function pinOf(row: PinRow): Pin {
  return {
    id: row.id,
    code: row.code,
    accountId: row.account_id,
    enterpriseId: row.enterprise_id,
    name: row.pin_name,
    type: row.type,
    ramDump: row.ram_dump === 1,
    private: row.private === 1,
    createdAt: row.created_at,
    revision: row.revision,
    state: stateOf(row),
  };
}

/** The columns a lifecycle state is stored in. */
export function stateColumns(state: PinState) {
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

/** Who is looking through the dashboard, as the queries need it. */
export interface PinViewer {
  accountId: number;
  enterpriseIds: readonly number[];
}

/**
 * The dashboard's visibility rule (domain/pin-visibility.ts) in its query form: the viewer's own
 * PINs, and the non-private PINs of their Enterprises. Callers still apply the rule to what they read.
 */
export function visibleTo(viewer: PinViewer) {
  return (eb: ExpressionBuilder<Database, 'pins'>) =>
    viewer.enterpriseIds.length === 0
      ? eb('pins.account_id', '=', viewer.accountId)
      : eb.or([
          eb('pins.account_id', '=', viewer.accountId),
          eb.and([eb('pins.private', '=', 0), eb('pins.enterprise_id', 'in', viewer.enterpriseIds)]),
        ]);
}

type ReportColumns = { [K in keyof ScanReportRow as `r_${K & string}`]: ScanReportRow[K] | null };

/** A PIN's report read beside it (a left join: all null until the scan finished). */
const REPORT_COLUMNS = [
  'scan_reports.pin_id as r_pin_id',
  'scan_reports.detections as r_detections',
  'scan_reports.suspicious as r_suspicious',
  'scan_reports.warnings as r_warnings',
  'scan_reports.untrusted as r_untrusted',
  'scan_reports.integrity as r_integrity',
  'scan_reports.custom_suspicious as r_custom_suspicious',
  'scan_reports.vpn as r_vpn',
  'scan_reports.country as r_country',
  'scan_reports.logon as r_logon',
  'scan_reports.scantime as r_scantime',
  'scan_reports.windows as r_windows',
  'scan_reports.discord as r_discord',
  'scan_reports.assurance as r_assurance',
] as const;

function reportOf(row: Partial<ReportColumns>): StoredReport | null {
  return row.r_pin_id == null
    ? null
    : decodeReport({
        detections: row.r_detections as string,
        suspicious: row.r_suspicious as string,
        warnings: row.r_warnings as string,
        untrusted: row.r_untrusted as string,
        integrity: row.r_integrity as string,
        custom_suspicious: row.r_custom_suspicious as string,
        vpn: row.r_vpn ?? null,
        country: row.r_country ?? null,
        logon: row.r_logon ?? null,
        scantime: row.r_scantime ?? null,
        windows: row.r_windows ?? null,
        discord: row.r_discord as string,
        assurance: row.r_assurance ?? null,
      });
}

// Every status and results poll reads a PIN and, once finished, its report: one query, compiled once.
const withReportByCode = precompiledFor(
  (db) =>
    db
      .selectFrom('pins')
      .leftJoin('scan_reports', 'scan_reports.pin_id', 'pins.id')
      .selectAll('pins')
      .select(REPORT_COLUMNS)
      .where('pins.code', '=', PARAM),
  1,
);

// Every scanner call after the start finds its scan by the session token's hash.
const bySessionHash = precompiledFor(
  (db) => db.selectFrom('pins').selectAll().where('session_token_hash', '=', PARAM),
  1,
);

/**
 * Every move of a scan writes its state this way (docs/benchmarks.md, "Profile findings": building
 * the scanner's statements anew on every call was about a fifth of a whole scan). Parameters in SQL
 * order: the seven state columns as `stateColumns` lists them, the revision step, id, revision.
 */
const stateAtRevision = precompiledFor(
  (db) =>
    db
      .updateTable('pins')
      .set((eb) => ({
        status: PARAM as PinStatus,
        progress: PARAM as unknown as number,
        status_message: PARAM,
        result: PARAM as Verdict,
        used: PARAM as unknown as 0,
        last_status_update: PARAM as unknown as number,
        last_activity_at: PARAM as unknown as number,
        revision: eb('revision', '+', PARAM as unknown as number),
      }))
      .where('id', '=', PARAM as unknown as number)
      .where('revision', '=', PARAM as unknown as number),
  10,
);

export function pinsRepository(db: Db, dialect: Dialect) {
  return {
    async findByCode(code: string): Promise<PinWithReport | undefined> {
      const [row] = (await withReportByCode(db, code)).rows as Array<PinRow & Partial<ReportColumns>>;
      if (row === undefined) return undefined;
      return { ...pinOf(row), report: reportOf(row) };
    },

    /**
     * PINs a dashboard viewer may see (domain/pin-visibility.ts states the rule; this is its query
     * form): their own, and non-private ones of their Enterprises. Newest first, `before` an id.
     */
    async listVisible(
      query: VisiblePinQuery,
    ): Promise<Array<PinWithReport & { creatorName: string | null; enterpriseName: string | null }>> {
      let q = db
        .selectFrom('pins')
        .leftJoin('scan_reports', 'scan_reports.pin_id', 'pins.id')
        .leftJoin('accounts', (join) =>
          join.onRef('accounts.id', '=', 'pins.account_id').on('accounts.deleted_at', 'is', null),
        )
        .leftJoin('enterprises', 'enterprises.id', 'pins.enterprise_id')
        .selectAll('pins')
        .select(['accounts.name as creator_name', 'enterprises.name as enterprise_name'])
        .select(REPORT_COLUMNS)
        .where(visibleTo(query));
      if (query.status !== undefined) q = q.where('pins.status', '=', query.status);
      if (query.type !== undefined) q = q.where('pins.type', '=', query.type as PinRow['type']);
      if (query.verdict !== undefined) q = q.where('pins.result', '=', query.verdict);
      if (query.search !== undefined && query.search !== '') {
        // LIKE's wildcards are dropped rather than escaped: SQLite has no default escape character.
        const needle = `%${query.search.toLowerCase().replace(/[\\%_]/g, '')}%`;
        q = q.where((eb) =>
          eb.or([
            eb(eb.fn('lower', ['pins.code']), 'like', needle),
            eb(eb.fn('lower', ['pins.pin_name']), 'like', needle),
          ]),
        );
      }
      if (query.createdFrom !== undefined) q = q.where('pins.created_at', '>=', query.createdFrom);
      if (query.createdTo !== undefined) q = q.where('pins.created_at', '<', query.createdTo);
      if (query.enterpriseId !== undefined) q = q.where('pins.enterprise_id', '=', query.enterpriseId);
      if (query.before !== undefined) q = q.where('pins.id', '<', query.before);
      const rows = await q.orderBy('pins.id', 'desc').limit(query.limit).execute();
      return rows.map((row) => ({
        ...pinOf(row),
        report: reportOf(row),
        creatorName: row.creator_name,
        enterpriseName: row.enterprise_name,
      }));
    },

    async findById(id: number): Promise<Pin | undefined> {
      const row = await db.selectFrom('pins').selectAll().where('id', '=', id).executeTakeFirst();
      return row === undefined ? undefined : pinOf(row);
    },

    async findBySessionHash(hash: string): Promise<Pin | undefined> {
      const [row] = (await bySessionHash(db, hash)).rows;
      return row === undefined ? undefined : pinOf(row);
    },

    /**
     * Serialises PIN creation per account for the rest of the transaction: SQLite runs one
     * transaction at a time anyway; PostgreSQL locks the account row.
     */
    async lockAccount(accountId: number): Promise<void> {
      if (dialect !== 'postgres') return;
      await db.selectFrom('accounts').select('id').where('id', '=', accountId).forUpdate().execute();
    },

    /**
     * The account's PINs stored as pending or scanning and not yet past their expiry, counted against
     * MAX_ACTIVE_PINS: staff PINs count against their role's quota instead (docs/roles.md).
     */
    async openStates(accountId: number, now: number): Promise<PinState[]> {
      const rows = await db
        .selectFrom('pins')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('staff_role', 'is', null)
        .where('status', 'in', ['pending', 'scanning'])
        .where('expires_at', '>', now)
        .execute();
      return rows.map(stateOf);
    },

    /** The Enterprise's staff PINs of one role stored as pending or scanning and not yet expired. */
    async openStaffStates(enterpriseId: number, role: PinCreatingRole, now: number): Promise<PinState[]> {
      const rows = await db
        .selectFrom('pins')
        .selectAll()
        .where('enterprise_id', '=', enterpriseId)
        .where('staff_role', '=', role)
        .where('status', 'in', ['pending', 'scanning'])
        .where('expires_at', '>', now)
        .execute();
      return rows.map(stateOf);
    },

    /** Serialises staff creates of one Enterprise on PostgreSQL (SQLite writes one at a time anyway). */
    async lockEnterprise(enterpriseId: number): Promise<void> {
      if (dialect !== 'postgres') return;
      await db.selectFrom('enterprises').select('id').where('id', '=', enterpriseId).forUpdate().execute();
    },

    async insert(pin: NewPin): Promise<Pin> {
      // A retired code belonged to a PIN retention removed: taken for good (docs/privacy.md, "Retention").
      const retired = await db
        .selectFrom('retired_pin_codes')
        .select('code')
        .where('code', '=', pin.code)
        .executeTakeFirst();
      if (retired !== undefined) throw new PinCodeTaken();
      try {
        const row = await db
          .insertInto('pins')
          .values({
            code: pin.code,
            account_id: pin.accountId,
            enterprise_id: pin.enterpriseId,
            pin_name: pin.name,
            type: pin.type,
            ram_dump: pin.ramDump ? 1 : 0,
            private: pin.private ? 1 : 0,
            status: 'pending',
            progress: 0,
            status_message: null,
            result: null,
            used: 0,
            created_at: pin.createdAt,
            expires_at: pin.expiresAt,
            staff_role: pin.staffRole ?? null,
            last_status_update: null,
            last_activity_at: null,
            session_token_hash: null,
            client_version: null,
            finished_at: null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        return pinOf(row);
      } catch (err) {
        if (isUniqueViolation(err)) throw new PinCodeTaken();
        throw err;
      }
    },

    /** PINs stored as active whose expiry or idle timeout has come due, oldest due first. */
    async dueForTimeMoves(now: number, idleTimeoutMs: number, limit: number): Promise<Pin[]> {
      const rows = await db
        .selectFrom('pins')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb.and([eb('status', 'in', ['pending', 'scanning']), eb('expires_at', '<=', now)]),
            eb.and([eb('status', '=', 'scanning'), eb('last_activity_at', '<=', now - idleTimeoutMs)]),
          ]),
        )
        .orderBy('expires_at')
        .limit(limit)
        .execute();
      return rows.map(pinOf);
    },

    /** Writes `state` if the PIN is still at `revision`; false when another write came first. */
    async writeState(pin: Pin, state: PinState): Promise<boolean> {
      const c = stateColumns(state);
      const res = await stateAtRevision(
        db,
        c.status,
        c.progress,
        c.status_message,
        c.result,
        c.used,
        c.last_status_update,
        c.last_activity_at,
        1,
        pin.id,
        pin.revision,
      );
      return (res.numAffectedRows ?? 0n) > 0n;
    },
  };
}

export type PinsRepository = ReturnType<typeof pinsRepository>;
