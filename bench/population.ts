/*
 * The seeded population (docs/benchmarks.md, "Method"): deterministic, made of independent groups
 * of one to three players. A player has one or two machines (two hardware IDs each), one to seven
 * scans, and sometimes an alt account named in the same reports; in groups of two or three the
 * later players also use the first one's machine, so hardware is shared and accounts are related.
 * A report's first account is the one scanned, which proved itself (seed-finished-scans.ts); the
 * others are only claimed (docs/risk-score.md, "Whose scan it is"). So that the alt is linked to
 * the machine too, every other report naming it is the alt's own scan, with the main account claimed.
 * Group 0 is the "hot" player the risk score and lookup are measured on: a long history, an alt,
 * two relatives on shared hardware, cheating scans. It is seeded first and never changes, so its
 * figures at 1 000 and 1 000 000 scans compare the same answer over a larger store.
 */
import type { SeedScan } from '../src/application/scans/seed-finished-scans.js';
import type { GameType } from '../src/domain/game-types.js';
import { PIN_ALPHABET } from '../src/domain/pin-code.js';
import type { ScanReport } from '../src/domain/scan-report.js';

const DAY = 86_400_000;
const GAMES: GameType[] = ['FiveM', 'FiveM', 'FiveM', 'RedM', 'Rust', 'Java', 'Roblox', 'AltV'];
const CHEATS = ['Eulen', 'RedEngine', 'Skript.gg', 'HX Software', 'Lumia', 'Macho', 'Tzx', 'Susano'];
/** Scans per group stay below this, so a code encodes (group, scan) without collisions. */
const MAX_SCANS_PER_GROUP = 64;

/** A small, fast, seeded generator (mulberry32): the same population on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pinCode(n: number): string {
  let out = '';
  let rest = n;
  for (let i = 0; i < 8; i++) {
    out = (PIN_ALPHABET[rest % 32] as string) + out;
    rest = Math.floor(rest / 32);
  }
  return out;
}

/** 18 digits: a valid chat-platform ID, unique per group and slot. */
export function discordIdOf(group: number, slot: number): string {
  return `2${String(group * 8 + slot).padStart(17, '0')}`;
}

interface Player {
  main: { id: string; username: string };
  alt: { id: string; username: string } | null;
  machines: string[][];
  scans: number;
}

function report(rnd: () => number, discord: ScanReport['discord'], forceCheat: boolean): ScanReport {
  const roll = rnd();
  const cheating = forceCheat || roll < 0.06;
  const suspicious = !cheating && roll < 0.21;
  const detections = cheating
    ? [CHEATS[Math.floor(rnd() * CHEATS.length)] as string, ...(rnd() < 0.3 ? ['Lua executor'] : [])]
    : [];
  return {
    detections,
    suspicious: suspicious ? ['Unsigned driver loaded'] : [],
    warnings: rnd() < 0.3 ? ['VPN client running'] : [],
    untrusted: [],
    integrity: [],
    artifacts: ['C:\\Users\\player\\AppData\\Local\\FiveM\\logs\\CitizenFX.log'],
    vpn: null,
    country: 'DE',
    logon: '2026-01-01T10:00:00.000Z',
    scantime: '42 seconds',
    windows: 'Windows 11 23H2',
    discord,
    ip: `10.${Math.floor(rnd() * 250)}.${Math.floor(rnd() * 250)}.${Math.floor(rnd() * 250)}`,
  };
}

function playersOf(group: number, rnd: () => number): Player[] {
  const hot = group === 0;
  const count = hot ? 3 : rnd() < 0.7 ? 1 : rnd() < 0.66 ? 2 : 3;
  const machine = (p: number, m: number) => [
    `BENCH-${group}-${p}-${m}-DISK`,
    `BENCH-${group}-${p}-${m}-BOARD`,
  ];
  const players: Player[] = [];
  for (let p = 0; p < count; p++) {
    const machines = [machine(p, 0)];
    if (hot ? p === 0 : rnd() < 0.3) machines.push(machine(p, 1));
    const first = players[0];
    if (first !== undefined) machines.push(first.machines[0] as string[]);
    players.push({
      main: { id: discordIdOf(group, p * 2), username: `player${group}_${p}` },
      alt: (hot ? p === 0 : rnd() < 0.3)
        ? { id: discordIdOf(group, p * 2 + 1), username: `alt${group}_${p}` }
        : null,
      machines,
      scans: hot ? (p === 0 ? 24 : 4) : 1 + Math.floor(rnd() * 7),
    });
  }
  return players;
}

/** One group's scans, in the order they finished. */
export function groupScans(group: number, now: number): SeedScan[] {
  const rnd = random(group + 1);
  const start = group === 0 ? now - 200 * DAY : now - 360 * DAY + Math.floor(rnd() * 300 * DAY);
  const drafts: Array<Omit<SeedScan, 'code'>> = [];
  for (const [p, player] of playersOf(group, rnd).entries()) {
    let at = start + Math.floor(rnd() * 5 * DAY);
    for (let s = 0; s < player.scans; s++) {
      at += DAY + Math.floor(rnd() * 2 * DAY);
      const discord = [player.main];
      if (player.alt !== null && rnd() < 0.5) {
        if (s % 2 === 1) discord.unshift(player.alt);
        else discord.push(player.alt);
      }
      const hwids = player.machines[Math.floor(rnd() * player.machines.length)] as string[];
      drafts.push({
        type: GAMES[Math.floor(rnd() * GAMES.length)] as GameType,
        hwids,
        report: report(rnd, discord, group === 0 && p === 0 && s % 6 === 5),
        createdAt: at,
        startedAt: at + 30_000,
        finishedAt: at + 90_000 + Math.floor(rnd() * 60_000),
      });
    }
  }
  drafts.sort((a, b) => a.finishedAt - b.finishedAt);
  return drafts
    .slice(0, MAX_SCANS_PER_GROUP)
    .map((d, i) => ({ ...d, code: pinCode(group * MAX_SCANS_PER_GROUP + i) }));
}

/** The player whose risk score and lookup are measured, and one of their finished PINs. */
export function hotPlayer(now: number): { discordId: string; finishedPin: string } {
  const scans = groupScans(0, now);
  return { discordId: discordIdOf(0, 0), finishedPin: (scans[scans.length - 1] as SeedScan).code };
}

/**
 * Walks the groups in order, handing out batches of about `batch` scans until `total` scans have been
 * handed out since group 0 (the last group is cut short to land on the total exactly).
 */
export class Population {
  private nextGroup = 0;
  seeded = 0;

  constructor(private readonly now: number) {}

  *batchesUpTo(total: number, batch = 1000): Generator<SeedScan[]> {
    let pending: SeedScan[] = [];
    while (this.seeded + pending.length < total) {
      const scans = groupScans(this.nextGroup++, this.now);
      pending.push(...scans.slice(0, total - this.seeded - pending.length));
      if (pending.length >= batch) {
        this.seeded += pending.length;
        yield pending;
        pending = [];
      }
    }
    if (pending.length > 0) {
      this.seeded += pending.length;
      yield pending;
    }
  }
}
