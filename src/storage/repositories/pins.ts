import type { GameType } from '../../domain/game-types.js';
import type { PinState, PinStatus, Verdict } from '../../domain/pin-lifecycle.js';
import type { Db, Store } from '../database.js';
import { isUniqueViolation } from '../errors.js';
import { PARAM, precompile } from '../precompiled.js';
import type { PinRow } from '../schema.js';

export interface NewPinInput {
  accountId: number;
  enterpriseId: number;
  type: GameType;
  pinName: string | null;
  ramDump: boolean;
  private: boolean;
  now: number;
  ttlMs: number;
}

export type CreatePinOutcome =
  | { ok: true; pin: PinRow }
  | { ok: false; reason: 'active_pin_limit'; active: number };

export interface ActiveLimit {
  max: number;
  idleTimeoutMs: number;
}

export function pinStateOf(row: PinRow): PinState {
  return {
    status: row.status as PinStatus,
    progress: row.progress,
    statusMessage: row.status_message,
    result: row.result as Verdict | null,
    used: row.used === 1,
    lastStatusUpdate: row.last_status_update,
    expiresAt: row.expires_at,
    lastActivityAt: row.last_activity_at,
  };
}

export function pinsRepository(store: Store) {
  const { db } = store;

  /** Pending or scanning, and neither expired nor idle-timed-out as of `now`. */
  async function countActive(
    trx: Db,
    accountId: number,
    now: number,
    idleTimeoutMs: number,
  ): Promise<number> {
    const row = await trx
      .selectFrom('pins')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('account_id', '=', accountId)
      .where('expires_at', '>', now)
      .where((eb) =>
        eb.or([
          eb('status', '=', 'pending'),
          eb.and([eb('status', '=', 'scanning'), eb('last_activity_at', '>', now - idleTimeoutMs)]),
        ]),
      )
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  // Every status and results poll reads a PIN by code, so this query is compiled once.
  const pinByCode = precompile(db, db.selectFrom('pins').selectAll().where('code', '=', PARAM), 1);

  return {
    /**
     * Counts and inserts in one transaction, serialised per account, so the active-PIN limit holds
     * under concurrent creates: SQLite runs one transaction at a time on its single connection, and
     * PostgreSQL locks the account row first.
     */
    async createWithinLimit(
      input: NewPinInput,
      limit: ActiveLimit,
      generateCode: () => string,
    ): Promise<CreatePinOutcome> {
      for (let attempt = 0; ; attempt++) {
        try {
          return await db.transaction().execute(async (trx) => {
            if (store.dialect === 'postgres') {
              await trx
                .selectFrom('accounts')
                .select('id')
                .where('id', '=', input.accountId)
                .forUpdate()
                .execute();
            }
            const active = await countActive(trx, input.accountId, input.now, limit.idleTimeoutMs);
            if (active >= limit.max)
              return { ok: false as const, reason: 'active_pin_limit' as const, active };
            const pin = await trx
              .insertInto('pins')
              .values({
                code: generateCode(),
                account_id: input.accountId,
                enterprise_id: input.enterpriseId,
                pin_name: input.pinName,
                type: input.type,
                ram_dump: input.ramDump ? 1 : 0,
                private: input.private ? 1 : 0,
                status: 'pending',
                progress: 0,
                status_message: null,
                result: null,
                used: 0,
                created_at: input.now,
                expires_at: input.now + input.ttlMs,
                last_status_update: null,
                last_activity_at: null,
                session_token_hash: null,
                client_version: null,
                finished_at: null,
              })
              .returningAll()
              .executeTakeFirstOrThrow();
            return { ok: true as const, pin };
          });
        } catch (err) {
          // A PIN code collision (1 in ~10^12 per existing PIN): draw another code.
          if (isUniqueViolation(err) && attempt < 5) continue;
          throw err;
        }
      }
    },

    async findByCode(code: string): Promise<PinRow | undefined> {
      return (await pinByCode(code))[0];
    },
  };
}

export type PinsRepository = ReturnType<typeof pinsRepository>;
