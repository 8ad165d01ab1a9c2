import type { Verdict } from '../../domain/pin-lifecycle.js';

/*
 * The player-risk aggregates a run of finished scans leaves behind, computed in memory: the same
 * rules storage/repositories/risk-profiles.ts applies scan by scan inside each finish transaction
 * (docs/risk-score.md), so bulk seeding writes what the finish path would have written. The seeding
 * test compares both on the same scans; a change to one without the other fails it.
 */

/** A finished scan as the aggregates see it: hardware profiles by key, accounts in report order. */
export interface AggregatedScan {
  pinId: number;
  gameType: string;
  verdict: Verdict;
  detections: readonly string[];
  suspiciousFindings: number;
  /** Hardware-profile keys (hashes); ids are given by `hwidId`. */
  hwids: readonly string[];
  /** The accounts whose reports are shared, the only ones the aggregates link. */
  discord: ReadonlyArray<{ id: string; username: string }>;
  startedAt: number;
  finishedAt: number;
}

export interface HwidAggregate {
  id: number;
  hash: string;
  createdAt: number;
  totalScans: number;
  cheatingScans: number;
  suspiciousScans: number;
  totalDetections: number;
  suspiciousFindings: number;
  detections: Set<string>;
  scans: AggregatedScan[];
}

export interface UserAggregate {
  id: number;
  discordId: string;
  username: string;
  createdAt: number;
  scans: number;
  cheatingScans: number;
  suspiciousScans: number;
  cleanScans: number;
  detections: number;
  firstScanAt: number | null;
  lastScanAt: number | null;
  lastCheatingAt: number | null;
  ownScans: number;
  ownCheatingScans: number;
  ownSuspiciousScans: number;
  ownDetections: number;
  ownFirstScanAt: number | null;
  ownLastScanAt: number | null;
  hwids: Map<number, number>;
  scanIds: Set<number>;
  detectionNames: Set<string>;
  ownDetectionNames: Set<string>;
  games: Set<string>;
}

export interface ReasonRow {
  userId: number;
  reason: string;
  addedAt: number;
}

const min = (a: number | null, b: number) => (a === null || a > b ? b : a);
const max = (a: number | null, b: number) => (a === null || a < b ? b : a);

/** Aggregates over scans that share no hardware and no account with anything already stored. */
export class SeedAggregates {
  readonly hwids = new Map<string, HwidAggregate>();
  readonly users = new Map<string, UserAggregate>();
  readonly reasons: ReasonRow[] = [];
  private readonly usersById = new Map<number, UserAggregate>();
  private readonly hwidsById = new Map<number, HwidAggregate>();
  private readonly usersOnHwid = new Map<number, UserAggregate[]>();
  private readonly tiedToNobody = new Set<number>();

  constructor(
    private nextHwidId: number,
    private nextUserId: number,
  ) {}

  /** Scans in the order they finished. */
  add(scan: AggregatedScan): void {
    // Its start made the profiles of its hardware IDs; a scan whose reports count for no one
    // changes nothing more, and keeps no record of its hardware (docs/risk-score.md, "Whose scan it is").
    const profiles = this.profiles(scan);
    if (scan.discord.length === 0) {
      this.tiedToNobody.add(scan.pinId);
      return;
    }
    const unique = [...new Set(scan.detections)];
    for (const h of profiles) {
      h.totalScans += 1;
      h.cheatingScans += scan.verdict === 'cheating' ? 1 : 0;
      h.suspiciousScans += scan.verdict === 'suspicious' ? 1 : 0;
      h.totalDetections += scan.detections.length;
      h.suspiciousFindings += scan.suspiciousFindings;
      for (const name of unique) h.detections.add(name);
      h.scans.push(scan);
    }
    // One entry per account, the last username of a repeated one wins; sorted as the finish path does.
    const named = [...new Map(scan.discord.map((d) => [d.id, d.username]))].sort(([a], [b]) =>
      a.localeCompare(b),
    );
    const reported = named.map(([discordId, username]) => this.user(discordId, username, scan.finishedAt));
    for (const u of reported) {
      u.ownScans += 1;
      u.ownCheatingScans += scan.verdict === 'cheating' ? 1 : 0;
      u.ownSuspiciousScans += scan.verdict === 'suspicious' ? 1 : 0;
      u.ownDetections += scan.detections.length;
      u.ownFirstScanAt = min(u.ownFirstScanAt, scan.finishedAt);
      u.ownLastScanAt = max(u.ownLastScanAt, scan.finishedAt);
      for (const name of unique) u.ownDetectionNames.add(name);
      u.games.add(scan.gameType);
    }
    for (const u of reported) {
      for (const h of profiles) {
        if (u.hwids.has(h.id)) continue;
        u.hwids.set(h.id, scan.finishedAt);
        this.noteAltAccounts(u, h, scan.finishedAt);
        const on = this.usersOnHwid.get(h.id) ?? [];
        on.push(u);
        this.usersOnHwid.set(h.id, on);
        for (const past of h.scans) this.countScan(u, past);
      }
    }
    const everyone = new Set(profiles.flatMap((h) => this.usersOnHwid.get(h.id) ?? []));
    for (const u of everyone) this.countScan(u, scan);
  }

  /** The profile ids of a scan, in id order; none for a scan tied to nobody. */
  hwidIdsOf(scan: AggregatedScan): number[] {
    if (this.tiedToNobody.has(scan.pinId)) return [];
    return this.profiles(scan).map((h) => h.id);
  }

  userById(id: number): UserAggregate | undefined {
    return this.usersById.get(id);
  }

  hwidById(id: number): HwidAggregate | undefined {
    return this.hwidsById.get(id);
  }

  private profiles(scan: AggregatedScan): HwidAggregate[] {
    // Profiles are created when the scan starts, in hash order (storage/repositories/scans.ts).
    const out: HwidAggregate[] = [];
    for (const hash of [...new Set(scan.hwids)].sort()) {
      let h = this.hwids.get(hash);
      if (h === undefined) {
        h = {
          id: this.nextHwidId++,
          hash,
          createdAt: scan.startedAt,
          totalScans: 0,
          cheatingScans: 0,
          suspiciousScans: 0,
          totalDetections: 0,
          suspiciousFindings: 0,
          detections: new Set(),
          scans: [],
        };
        this.hwids.set(hash, h);
        this.hwidsById.set(h.id, h);
      }
      out.push(h);
    }
    return out.sort((a, b) => a.id - b.id);
  }

  private user(discordId: string, username: string, at: number): UserAggregate {
    const known = this.users.get(discordId);
    if (known !== undefined) {
      known.username = username;
      return known;
    }
    const u: UserAggregate = {
      id: this.nextUserId++,
      discordId,
      username,
      createdAt: at,
      scans: 0,
      cheatingScans: 0,
      suspiciousScans: 0,
      cleanScans: 0,
      detections: 0,
      firstScanAt: null,
      lastScanAt: null,
      lastCheatingAt: null,
      ownScans: 0,
      ownCheatingScans: 0,
      ownSuspiciousScans: 0,
      ownDetections: 0,
      ownFirstScanAt: null,
      ownLastScanAt: null,
      hwids: new Map(),
      scanIds: new Set(),
      detectionNames: new Set(),
      ownDetectionNames: new Set(),
      games: new Set(),
    };
    this.users.set(discordId, u);
    this.usersById.set(u.id, u);
    return u;
  }

  private countScan(u: UserAggregate, scan: AggregatedScan): void {
    if (u.scanIds.has(scan.pinId)) return;
    u.scanIds.add(scan.pinId);
    u.scans += 1;
    u.cheatingScans += scan.verdict === 'cheating' ? 1 : 0;
    u.suspiciousScans += scan.verdict === 'suspicious' ? 1 : 0;
    u.cleanScans += scan.verdict === 'legit' ? 1 : 0;
    u.detections += scan.detections.length;
    u.firstScanAt = min(u.firstScanAt, scan.finishedAt);
    u.lastScanAt = max(u.lastScanAt, scan.finishedAt);
    if (scan.verdict === 'cheating') u.lastCheatingAt = max(u.lastCheatingAt, scan.finishedAt);
    for (const name of scan.detections) u.detectionNames.add(name);
  }

  /** A first shared hardware ID between two users notes each as the other's possible alt account. */
  private noteAltAccounts(u: UserAggregate, h: HwidAggregate, at: number): void {
    const note = (x: UserAggregate) => `Possible alt account detected: ${x.username} (${x.discordId})`;
    for (const other of this.usersOnHwid.get(h.id) ?? []) {
      if (other === u) continue;
      const sharedBefore = [...u.hwids.keys()].some((id) => id !== h.id && other.hwids.has(id));
      if (sharedBefore) continue;
      this.reasons.push({ userId: u.id, reason: note(other), addedAt: at });
      this.reasons.push({ userId: other.id, reason: note(u), addedAt: at });
    }
  }
}
