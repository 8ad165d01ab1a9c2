import type { EvidenceSourceName, ScanPlan, SourceFields } from '../evidence/document.js';

/**
 * The machine being scanned, as the collectors see it. Every folder a collector reads is derived
 * from `env` (HOME, USERPROFILE, APPDATA, LOCALAPPDATA, XDG_*), so a test plants a whole machine in a
 * temporary folder by setting them. `procRoot` and `sysRoot` are `/proc` and `/sys` on Linux.
 */
export interface Machine {
  platform: NodeJS.Platform;
  env: Readonly<Record<string, string | undefined>>;
  procRoot: string;
  sysRoot: string;
  /**
   * Windows only, and only when planted by a test: the drives and volumes (collect/windows/layout.ts).
   * A live Windows machine finds its own drives; without this, a machine that is not Windows has no
   * Windows sources.
   */
  windows?: PlantedWindows;
}

export interface PlantedWindows {
  /** Drive letters (`C:`) to the folder standing for that drive's root. */
  drives: Record<string, string>;
  /** NT device names (`\Device\HarddiskVolume3`) to drive letters, when known. */
  volumes?: Record<string, string>;
}

export interface CollectContext {
  machine: Machine;
  /** The PIN's game type from the start answer (`Java`, `FiveM`, …). */
  game: string;
  plan: ScanPlan;
  /** A path as the evidence shows it: the home folder shortened to `~`. */
  display(path: string): string;
  /** What the sources collected before this one (memory reads the processes found). */
  earlier: Partial<{ [K in EvidenceSourceName]: SourceFields<K> }>;
}

/**
 * A collector gathers one source. It returns that source's fields; it throws `SkipSource` when there
 * is nothing to read (with a reason a person understands), and any other error makes it `failed`. A
 * source collected with a part unknown (Prefetch with its SYSTEM hive damaged) may return the reason
 * for that part; it becomes the collected section's `reason`.
 */
export type Collector<K extends EvidenceSourceName> = (
  ctx: CollectContext,
) => Promise<SourceFields<K> & { reason?: string | null }>;

export class SkipSource extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'SkipSource';
  }
}
