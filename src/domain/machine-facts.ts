import type { AdapterEvidence, EvidenceDocument } from './evidence.js';
import { span } from './evidence-report.js';
import { parseTimestamp } from './timestamp-input.js';

/**
 * Same machine, same story (docs/scan-client.md, "Same machine, same story"): the facts of a machine
 * a forger must keep consistent from one scan of it to the next, and the warnings a scan gets when it
 * contradicts the earlier scans of the same hardware. Pure: the application layer hashes the adapters
 * and Discord accounts and reads the history.
 *
 * Warnings only, never a verdict or an integrity entry: the history is made of earlier uploads, and a
 * forged earlier scan can poison it, so a contradiction says something is off on one side, not which.
 */

/** A physical network adapter as the evidence names it; hashed before it is kept. */
export interface AdapterIdentity {
  name: string;
  kind: AdapterEvidence['kind'];
  description: string | null;
}

/** What one evidence document says about its machine, times on the server's clock. */
export interface MachineFacts {
  /** When the server received the document. */
  scannedAt: number;
  /** The operating system and build as the client wrote it; null when unknown. */
  os: string | null;
  /** When the machine booted, moved onto the server's clock with the clock offset. */
  bootedAt: number | null;
  /** The client's clock minus the server's at receipt, in ms. */
  clockOffset: number | null;
  /** The physical adapters (ethernet, wireless); null when the network source was not collected. */
  adapters: AdapterIdentity[] | null;
  /** The Discord accounts the machine's Discord clients hold; null when that source was not collected. */
  discordIds: string[] | null;
}

/** The facts as kept and compared: adapters and Discord accounts as opaque keys (keyed hashes). */
export interface KeptMachineFacts {
  scannedAt: number;
  os: string | null;
  bootedAt: number | null;
  clockOffset: number | null;
  adapters: string[] | null;
  discord: string[] | null;
}

/** Adapter kinds that are hardware: VPNs, tunnels, loopback and virtual ones come and go with software. */
const PHYSICAL_ADAPTERS: ReadonlySet<AdapterEvidence['kind']> = new Set(['ethernet', 'wireless']);

/** The facts of one evidence document, received by the server at `receivedAt`. */
export function machineFactsOf(doc: EvidenceDocument, receivedAt: number): MachineFacts {
  const { system, network, discord } = doc.sources;
  const clientTime = parseTimestamp(system.clientTime);
  const clockOffset = clientTime === undefined ? null : clientTime - receivedAt;
  const systemRead = system.status === 'collected';
  const booted = systemRead && system.bootedAt !== null ? parseTimestamp(system.bootedAt) : undefined;
  return {
    scannedAt: receivedAt,
    os: systemRead && system.os !== null && system.os.trim() !== '' ? system.os : null,
    bootedAt: booted === undefined || clockOffset === null ? null : booted - clockOffset,
    clockOffset,
    adapters:
      network.status === 'collected'
        ? network.adapters
            .filter((a) => PHYSICAL_ADAPTERS.has(a.kind))
            .map((a) => ({ name: a.name, kind: a.kind, description: a.description }))
        : null,
    discordIds:
      discord.status === 'collected' ? [...new Set(discord.accounts.map((account) => account.id))] : null,
  };
}

/**
 * Tolerances (docs/scan-client.md, "Same machine, same story"). A boot time is derived from the
 * uptime and the clock offset, both read a little apart from the moment the server receives the
 * upload, so two readings of one boot differ by seconds, minutes on a slow upload.
 */
export const BOOT_TOLERANCE_MS = 5 * 60_000;
/** A clock kept by NTP drifts by seconds; a jump larger than this was set by hand (or by a forger). */
export const CLOCK_JUMP_MS = 10 * 60_000;
/** Only scans this close compare clocks: a clock left unsynchronised for weeks may drift that far. */
export const CLOCK_WINDOW_MS = 3 * 24 * 3600_000;

/** What the player's own history says, for a scan on a machine that was never scanned before. */
export interface PlayerHistory {
  /** Whether any earlier scan reported this machine's hardware (with or without facts). */
  machineSeenBefore: boolean;
  /** The player's earlier scans on other identified machines (docs/scan-client.md). */
  earlierScansElsewhere: number;
}

/** An operating system's family and build: `Windows` and [10, 0, 22631]; null without a version. */
export function osBuild(os: string): { family: string; version: number[] } | null {
  const family = os.trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  const version = /\d+(?:\.\d+)+/.exec(os)?.[0];
  if (family === '' || version === undefined) return null;
  return { family, version: version.split('.').map(Number) };
}

/** Negative when build `a` is older than `b`. */
function compareVersions(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

function osWentBackwards(current: KeptMachineFacts, earlier: readonly KeptMachineFacts[]): string | null {
  if (current.os === null) return null;
  const now = osBuild(current.os);
  if (now === null) return null;
  let newest: { os: string; version: number[] } | null = null;
  for (const e of earlier) {
    const then = e.os === null ? null : osBuild(e.os);
    // Another system on the same hardware (dual boot) is not a version of this one.
    if (then === null || then.family !== now.family || e.os === null) continue;
    if (
      compareVersions(then.version, now.version) > 0 &&
      (newest === null || compareVersions(then.version, newest.version) > 0)
    )
      newest = { os: e.os, version: then.version };
  }
  if (newest === null) return null;
  return `Operating system went backwards on this machine: ${current.os} now, ${newest.os} in an earlier scan`;
}

/**
 * A machine up since before an earlier scan must have reported this same boot time in that scan. A
 * later boot (a restart) is fine, and so is an earlier scan without a boot time.
 */
function bootMoved(current: KeptMachineFacts, earlier: readonly KeptMachineFacts[]): string | null {
  const booted = current.bootedAt;
  if (booted === null) return null;
  for (const e of earlier) {
    if (e.bootedAt === null || e.scannedAt >= current.scannedAt) continue;
    const upBeforeIt = booted < e.scannedAt - BOOT_TOLERANCE_MS;
    const moved = Math.abs(booted - e.bootedAt) > BOOT_TOLERANCE_MS;
    if (upBeforeIt && moved)
      return `Boot time contradicts an earlier scan of this machine: it says it has been running since before that scan ${span(current.scannedAt - e.scannedAt)} ago, which reported a boot ${span(Math.abs(booted - e.bootedAt))} ${booted < e.bootedAt ? 'later' : 'earlier'}`;
  }
  return null;
}

/** The clock offset against the latest earlier scan within the window. */
function clockJumped(current: KeptMachineFacts, earlier: readonly KeptMachineFacts[]): string | null {
  if (current.clockOffset === null) return null;
  let latest: KeptMachineFacts | null = null;
  for (const e of earlier) {
    if (e.clockOffset === null || e.scannedAt > current.scannedAt) continue;
    if (current.scannedAt - e.scannedAt > CLOCK_WINDOW_MS) continue;
    if (latest === null || e.scannedAt > latest.scannedAt) latest = e;
  }
  if (latest?.clockOffset == null) return null;
  const jump = current.clockOffset - latest.clockOffset;
  if (Math.abs(jump) <= CLOCK_JUMP_MS) return null;
  return `Clock of this machine jumped ${span(Math.abs(jump))} ${jump > 0 ? 'ahead' : 'back'} since a scan of it ${span(current.scannedAt - latest.scannedAt)} earlier`;
}

/** True when both sides know some values and none is shared. */
function disjoint(
  current: readonly string[] | null,
  earlier: readonly KeptMachineFacts[],
  pick: (f: KeptMachineFacts) => readonly string[] | null,
): boolean {
  if (current === null || current.length === 0) return false;
  const before = new Set<string>();
  for (const e of earlier) for (const value of pick(e) ?? []) before.add(value);
  return before.size > 0 && !current.some((value) => before.has(value));
}

/**
 * The warnings a scan's facts give against the earlier scans of the same machine, and against the
 * player's own history when the machine is new. Never names hardware IDs or hashes: "this machine".
 */
export function hardwareWarnings(
  current: KeptMachineFacts | null,
  history: readonly KeptMachineFacts[],
  player: PlayerHistory,
): string[] {
  const warnings: string[] = [];
  if (!player.machineSeenBefore && player.earlierScansElsewhere > 0) {
    const n = player.earlierScansElsewhere;
    warnings.push(
      `First scan on this machine; the player's ${n} earlier scan${n === 1 ? ' was' : 's were'} on other machines`,
    );
  }
  if (current === null) return warnings;
  const earlier = history.filter((e) => e.scannedAt <= current.scannedAt);
  for (const found of [
    osWentBackwards(current, earlier),
    bootMoved(current, earlier),
    clockJumped(current, earlier),
  ])
    if (found !== null) warnings.push(found);
  if (disjoint(current.adapters, earlier, (e) => e.adapters))
    warnings.push('None of the network adapters seen in earlier scans of this machine is present');
  if (disjoint(current.discord, earlier, (e) => e.discord))
    warnings.push('None of the Discord accounts seen in earlier scans of this machine is on it now');
  return warnings;
}
