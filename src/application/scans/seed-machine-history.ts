import { hardwareWarnings } from '../../domain/machine-facts.js';
import { PLAYER_HISTORY_LIMIT } from '../../storage/repositories/hardware-facts.js';

/**
 * Same machine, same story for bulk seeding (docs/scan-client.md, "Same machine, same story"): the
 * warnings a seeded scan's finish would have given, as application/scans/hardware-consistency.ts
 * gives them. A seeded report carries no machine facts, as a report through /finish carries none, so
 * only the player's history speaks: a scan on hardware no earlier scan kept, by a player whose earlier
 * scans were on other machines, says so. Seeded scans share no hardware or account with the store
 * (SeedNotFresh) and a batch belongs to one Enterprise, so that history is the batch's own earlier
 * scans, each read as the finish reads the store.
 */
export class SeedMachineHistory {
  /** Hardware keys (hashes) an earlier scan kept a record of. */
  private readonly kept = new Set<string>();
  /** Per Discord account, the earlier scans that name it and kept hardware, oldest first. */
  private readonly scansOf = new Map<string, Array<{ pinId: number; hardware: number }>>();

  /**
   * The warnings of the next scan to finish, before it is recorded: `machine` is its hardware keys,
   * `player` the account its player proved (none for a scan with no player).
   */
  warningsOf(machine: readonly string[], player: string | undefined): string[] {
    const machineSeenBefore = machine.some((hash) => this.kept.has(hash));
    const earlierScansElsewhere = machineSeenBefore || player === undefined ? 0 : this.scansElsewhere(player);
    return hardwareWarnings(null, [], { machineSeenBefore, earlierScansElsewhere });
  }

  /**
   * Records a finished scan: the hardware it kept (none for a scan tied to nobody, which keeps no
   * record of its hardware) and every account its report names, proven or only claimed.
   */
  record(pinId: number, keptHardware: readonly string[], accounts: readonly string[]): void {
    const hardware = new Set(keptHardware);
    if (hardware.size === 0) return;
    for (const hash of hardware) this.kept.add(hash);
    for (const id of new Set(accounts)) {
      const scans = this.scansOf.get(id) ?? [];
      scans.push({ pinId, hardware: hardware.size });
      this.scansOf.set(id, scans);
    }
  }

  /**
   * As repositories/hardware-facts.ts `playerScans` reads them: one row per scan and hardware key,
   * newest scan first, at most PLAYER_HISTORY_LIMIT rows; the scans those rows name.
   */
  private scansElsewhere(player: string): number {
    const scans = this.scansOf.get(player) ?? [];
    let rows = 0;
    let count = 0;
    for (let i = scans.length - 1; i >= 0 && rows < PLAYER_HISTORY_LIMIT; i--) {
      rows += scans[i]?.hardware ?? 0;
      count += 1;
    }
    return count;
  }
}
