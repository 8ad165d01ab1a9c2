import type { KeptMachineFacts } from '../../domain/machine-facts.js';
import type { Db } from '../database.js';

/**
 * The facts each scan told about its machine, per hardware profile (docs/scan-client.md, "Same
 * machine, same story"), and the histories a new scan is compared with. Hubs never count as a
 * machine's history: many machines share them (docs/risk-score.md, "Placeholders and hubs").
 */

/** A scan's facts and the hardware profiles they are kept under, written with the scan's finish. */
export interface HardwareFactsEntry {
  hwidIds: readonly number[];
  facts: KeptMachineFacts;
}

/** How many earlier scans of a machine are compared with a new one: the latest. */
export const MACHINE_HISTORY_LIMIT = 50;
/** How many of the player's earlier scans' profiles are read to count them (a count, so a cap is fine). */
export const PLAYER_HISTORY_LIMIT = 500;

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

    /** Whether any other finished scan reported one of these profiles, with facts or without. */
    async seenBefore(hwidIds: readonly number[], pinId: number): Promise<boolean> {
      if (hwidIds.length === 0) return false;
      const row = await db
        .selectFrom('scan_hwids as s')
        .innerJoin('scan_reports as r', 'r.pin_id', 's.pin_id')
        .select('s.pin_id')
        .where('s.hwid_id', 'in', hwidIds)
        .where('s.pin_id', '!=', pinId)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The facts of the latest other scans of these profiles, one per scan, newest first. */
    async history(hwidIds: readonly number[], pinId: number): Promise<KeptMachineFacts[]> {
      if (hwidIds.length === 0) return [];
      const rows = await db
        .selectFrom('hardware_facts')
        .select(['pin_id', 'scanned_at', 'os', 'booted_at', 'clock_offset', 'adapters', 'discord'])
        .where('hwid_id', 'in', hwidIds)
        .where('pin_id', '!=', pinId)
        .orderBy('scanned_at', 'desc')
        .orderBy('pin_id', 'desc')
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
     * it is"). Hubs left out; the caller leaves out one-off profiles, which it can name.
     */
    async playerScans(
      discordIds: readonly string[],
      pinId: number,
      enterpriseId: number,
    ): Promise<Array<{ pinId: number; hash: string }>> {
      if (discordIds.length === 0) return [];
      const rows = await db
        .selectFrom('scan_accounts as a')
        .innerJoin('scan_hwids as s', 's.pin_id', 'a.pin_id')
        .innerJoin('hwids as h', 'h.id', 's.hwid_id')
        .select(['a.pin_id', 'h.hash'])
        .distinct()
        .where('a.discord_id', 'in', [...new Set(discordIds)])
        .where('a.pin_id', '!=', pinId)
        .where((eb) => eb.or([eb('a.shared', '=', 1), eb('a.enterprise_id', '=', enterpriseId)]))
        .where('h.hub_since', 'is', null)
        .orderBy('a.pin_id', 'desc')
        .limit(PLAYER_HISTORY_LIMIT)
        .execute();
      return rows.map((r) => ({ pinId: r.pin_id, hash: r.hash }));
    },
  };
}

export type HardwareFactsRepository = ReturnType<typeof hardwareFactsRepository>;
