import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { KeptMachineFacts } from '../../domain/machine-facts.js';
import type { Db } from '../database.js';
import type { Database } from '../schema.js';

/**
 * The facts each scan told about its machine, per hardware profile (docs/scan-client.md, "Same
 * machine, same story"), and the histories a new scan is compared with. Hubs never count as a
 * machine's history: many machines share them (docs/risk-score.md, "Placeholders and hubs"). Only
 * scans that reach the Enterprise asking count: its own, and those shared with every community
 * (docs/risk-score.md, "Whose scan it is"), so a scan tied to nobody tells other communities
 * nothing, and a forger's throwaway Enterprise cannot poison another community's history.
 */

/** A scan's facts and the hardware profiles they are kept under, written with the scan's finish. */
export interface HardwareFactsEntry {
  hwidIds: readonly number[];
  facts: KeptMachineFacts;
}

/** The key prefix of the profile a scan gets when its only hardware became a hub (hardware-hubs.ts). */
const HUB_SCAN_PROFILE_PREFIX = 'scan:';

/** How many earlier scans of a machine are compared with a new one: the latest. */
export const MACHINE_HISTORY_LIMIT = 50;
/** How many of the player's earlier scans' profiles are read to count them (a count, so a cap is fine). */
export const PLAYER_HISTORY_LIMIT = 500;

type Reach = (eb: ExpressionBuilder<Database, 'pins'>) => Expression<SqlBool>;

/** A scan that reaches the Enterprise: its own, or tied to an account it shares with everyone. */
const reaching =
  (enterpriseId: number): Reach =>
  (eb) =>
    eb.or([
      eb('pins.enterprise_id', '=', enterpriseId),
      eb.exists(
        eb
          .selectFrom('scan_accounts as shared')
          .select('shared.pin_id')
          .whereRef('shared.pin_id', '=', 'pins.id')
          .where('shared.shared', '=', 1),
      ),
    ]);

const list = (text: string | null): string[] | null =>
  text === null ? null : (JSON.parse(text) as string[]);
const orNull = (value: number | string | null): number | null => (value === null ? null : Number(value));

/** Writes a finished scan's facts: called inside the finish transaction (repositories/scans.ts). */
export async function recordHardwareFacts(trx: Db, pinId: number, entry: HardwareFactsEntry): Promise<void> {
  const { facts } = entry;
  const ids = [...new Set(entry.hwidIds)].sort((a, b) => a - b);
  if (ids.length === 0) return;
  await trx
    .insertInto('hardware_facts')
    .values(
      ids.map((hwidId) => ({
        hwid_id: hwidId,
        pin_id: pinId,
        scanned_at: facts.scannedAt,
        os: facts.os,
        booted_at: facts.bootedAt,
        clock_offset: facts.clockOffset,
        adapters: facts.adapters === null ? null : JSON.stringify(facts.adapters),
        discord: facts.discord === null ? null : JSON.stringify(facts.discord),
      })),
    )
    .onConflict((oc) => oc.columns(['hwid_id', 'pin_id']).doNothing())
    .execute();
}

export function hardwareFactsRepository(db: Db) {
  return {
    /**
     * The scan's hardware profiles that can carry a history: recorded at start, less hubs and the
     * one-off profile of a scan that reported no real hardware ID (`oneOffHash`).
     */
    async machineOf(pinId: number, oneOffHash: string): Promise<number[]> {
      const rows = await db
        .selectFrom('scan_hwids as s')
        .innerJoin('hwids as h', 'h.id', 's.hwid_id')
        .select('h.id')
        .where('s.pin_id', '=', pinId)
        .where('h.hub_since', 'is', null)
        .where('h.hash', '!=', oneOffHash)
        .execute();
      return rows.map((r) => r.id).sort((a, b) => a - b);
    },

    /**
     * Whether another finished scan reported one of these profiles: one that counts for someone
     * (a scan tied to nobody loses its hardware rows at finish: repositories/risk-profiles.ts), or one
     * whose facts reach the Enterprise.
     */
    async seenBefore(hwidIds: readonly number[], pinId: number, enterpriseId: number): Promise<boolean> {
      if (hwidIds.length === 0) return false;
      const counted = await db
        .selectFrom('scan_hwids as s')
        .innerJoin('scan_reports as r', 'r.pin_id', 's.pin_id')
        .select('s.pin_id')
        .where('s.hwid_id', 'in', hwidIds)
        .where('s.pin_id', '!=', pinId)
        .limit(1)
        .executeTakeFirst();
      if (counted !== undefined) return true;
      const told = await db
        .selectFrom('hardware_facts as f')
        .innerJoin('pins', 'pins.id', 'f.pin_id')
        .select('f.pin_id')
        .where('f.hwid_id', 'in', hwidIds)
        .where('f.pin_id', '!=', pinId)
        .where(reaching(enterpriseId))
        .limit(1)
        .executeTakeFirst();
      return told !== undefined;
    },

    /** The facts of the latest other scans of these profiles that reach the Enterprise, newest first. */
    async history(
      hwidIds: readonly number[],
      pinId: number,
      enterpriseId: number,
    ): Promise<KeptMachineFacts[]> {
      if (hwidIds.length === 0) return [];
      const rows = await db
        .selectFrom('hardware_facts as f')
        .innerJoin('pins', 'pins.id', 'f.pin_id')
        .select([
          'f.pin_id',
          'f.scanned_at',
          'f.os',
          'f.booted_at',
          'f.clock_offset',
          'f.adapters',
          'f.discord',
        ])
        .where('f.hwid_id', 'in', hwidIds)
        .where('f.pin_id', '!=', pinId)
        .where(reaching(enterpriseId))
        .orderBy('f.scanned_at', 'desc')
        .orderBy('f.pin_id', 'desc')
        .limit(MACHINE_HISTORY_LIMIT * hwidIds.length)
        .execute();
      const seen = new Set<number>();
      const out: KeptMachineFacts[] = [];
      for (const r of rows) {
        if (seen.has(r.pin_id) || out.length === MACHINE_HISTORY_LIMIT) continue;
        seen.add(r.pin_id);
        out.push({
          scannedAt: Number(r.scanned_at),
          os: r.os,
          bootedAt: orNull(r.booted_at),
          clockOffset: orNull(r.clock_offset),
          adapters: list(r.adapters),
          discord: list(r.discord),
        });
      }
      return out;
    },

    /**
     * The hardware profiles of the accounts' other finished scans that reach the scan's Enterprise:
     * the ones shared with every community, and the Enterprise's own (docs/risk-score.md, "Whose scan
     * it is"). A scan's profiles are its hardware rows, or, for a scan tied to nobody, which loses
     * those at finish, the ones its facts were kept under. Hubs are left out, and so are the
     * profiles of scans that only a hub identified (`scan:<pin>`, given when the hub was converted:
     * repositories/hardware-hubs.ts), which name no machine; the caller leaves out the one-off
     * profiles of scans without a real hardware ID, which it can name.
     */
    async playerScans(
      discordIds: readonly string[],
      pinId: number,
      enterpriseId: number,
    ): Promise<Array<{ pinId: number; hash: string }>> {
      if (discordIds.length === 0) return [];
      const accounts = [...new Set(discordIds)];
      const counted = db
        .selectFrom('scan_accounts as a')
        .innerJoin('scan_hwids as s', 's.pin_id', 'a.pin_id')
        .innerJoin('hwids as h', 'h.id', 's.hwid_id')
        .select(['a.pin_id', 'h.hash']);
      const told = db
        .selectFrom('scan_accounts as a')
        .innerJoin('hardware_facts as s', 's.pin_id', 'a.pin_id')
        .innerJoin('hwids as h', 'h.id', 's.hwid_id')
        .select(['a.pin_id', 'h.hash']);
      const rows = [];
      for (const query of [counted, told]) {
        rows.push(
          ...(await query
            .distinct()
            .where('a.discord_id', 'in', accounts)
            .where('a.pin_id', '!=', pinId)
            .where((eb) => eb.or([eb('a.shared', '=', 1), eb('a.enterprise_id', '=', enterpriseId)]))
            .where('h.hub_since', 'is', null)
            .where('h.hash', 'not like', `${HUB_SCAN_PROFILE_PREFIX}%`)
            .orderBy('a.pin_id', 'desc')
            .limit(PLAYER_HISTORY_LIMIT)
            .execute()),
        );
      }
      return rows.map((r) => ({ pinId: r.pin_id, hash: r.hash }));
    },
  };
}

export type HardwareFactsRepository = ReturnType<typeof hardwareFactsRepository>;
