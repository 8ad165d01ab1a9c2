import { EVIDENCE_CAPS, isFamiliarClassName } from '@scanpin/evidence';

/**
 * Which of the Java class names found in the game's memory a scan sends (docs/scan-client.md,
 * "Class names in the game's memory"). A modded game holds far more names than the evidence document
 * carries, so the names are deduplicated and filtered first, then chosen by what a rule is likely to
 * be about, never by where they happened to lie in memory:
 *
 * 1. names holding one of the plan's hints (`net/client/hacks/KillauraHack`), outside the packages of
 *    item 4; the hints are the server's public list, the only thing about its rules the scanner knows
 *    (rules never leave the server);
 * 2. a few names of the game's own packages (`net/minecraft/`, `com/mojang/`), so the server can still
 *    tell the process was Minecraft when the list is cut;
 * 3. every other name outside item 4's packages: mods, and any client;
 * 4. names of the Java runtime, Minecraft, its mod loaders and the libraries it ships
 *    (`FAMILIAR_CLASS_PACKAGES` of the evidence package, which the server checks a cut against): most
 *    of a modded game's names.
 *
 * Within a group, the first found first. Only names with a package of two levels or more
 * (`a/b/C`) are kept: random bytes make about 79 one-slash "names" per MiB and 0.18 of two slashes
 * (measured, docs/scan-client.md), and a text holding a hint is reported whole among the strings
 * anyway. What did not fit is counted, so the document says how many names were left out, and how
 * many of those lie outside item 4's packages: the server reports a cut of item 4 alone without
 * lowering the scan, since every big modpack makes one (a client named inside those packages is what
 * defeats that, said in the docs).
 */

/** Names of the game's own packages that are kept ahead of the other names, however many mods there are. */
export const GAME_PACKAGES: readonly string[] = ['net/minecraft/', 'com/mojang/'];
export const GAME_SAMPLE = 100;

/** Distinct names counted, at most: beyond it `found` is a lower bound (the document's own limit). */
export const COUNT_LIMIT = EVIDENCE_CAPS.classNamesCounted;

const HINTED = 0;
const GAME = 1;
const OTHER = 2;
const FAMILIAR = 3;

/** Does the name have a package of two levels or more (`a/b/C`)? */
export function hasDeepPackage(name: string): boolean {
  const first = name.indexOf('/');
  return first >= 0 && name.indexOf('/', first + 1) >= 0;
}

const startsWithAny = (name: string, prefixes: readonly string[]) => prefixes.some((p) => name.startsWith(p));

/** The hints a class name can hold (letters, digits, `_` and `$`), as one case-insensitive pattern. */
function classHintPattern(hints: readonly string[]): RegExp | null {
  const words = hints.filter((h) => /^[A-Za-z0-9_$]+$/.test(h)).map((h) => h.replace(/\$/g, '\\$'));
  return words.length === 0 ? null : new RegExp(words.join('|'), 'i');
}

/** 53 bits of two FNV-1a hashes: enough to count a million distinct names without keeping them. */
function hashOf(name: string): number {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
  }
  return (a >>> 0) * 0x200000 + ((b >>> 0) & 0x1fffff);
}

export class ClassHarvest {
  private readonly kept = new Set<string>();
  private readonly groups: string[][] = [[], [], [], []];
  /** Hashes of the names no group had room for: inside the familiar packages, and outside them. */
  private readonly overflow = new Set<number>();
  private readonly overflowUnfamiliar = new Set<number>();
  /** A name outside them was left out after counting stopped: never report none left out. */
  private unfamiliarUncounted = false;
  private readonly hint: RegExp | null;

  constructor(
    hints: readonly string[],
    private readonly cap: number,
  ) {
    this.hint = classHintPattern(hints);
  }

  private groupOf(name: string): number {
    if (isFamiliarClassName(name)) {
      if (this.groups[GAME]?.length !== GAME_SAMPLE && startsWithAny(name, GAME_PACKAGES)) return GAME;
      return FAMILIAR;
    }
    return this.hint?.test(name) ? HINTED : OTHER;
  }

  /** One occurrence of a class name (any shape: those without a deep package are left out here). */
  add(name: string): void {
    if (this.cap === 0 || this.kept.has(name) || !hasDeepPackage(name)) return;
    const index = this.groupOf(name);
    const group = this.groups[index] as string[];
    // No group can contribute more than the cap, so each keeps at most that many: the first found.
    if (group.length < this.cap) {
      group.push(name);
      this.kept.add(name);
    } else {
      const familiar = index === GAME || index === FAMILIAR;
      if (this.found < COUNT_LIMIT) (familiar ? this.overflow : this.overflowUnfamiliar).add(hashOf(name));
      else if (!familiar) this.unfamiliarUncounted = true;
    }
  }

  has(name: string): boolean {
    return this.kept.has(name);
  }

  /** Distinct class names found, sent or not (a lower bound once `COUNT_LIMIT` were counted). */
  get found(): number {
    return this.kept.size + this.overflow.size + this.overflowUnfamiliar.size;
  }

  /**
   * Distinct names found outside the familiar packages that `chosen` leaves out (a lower bound once
   * `COUNT_LIMIT` were counted, never 0 when one was).
   */
  get unsentUnfamiliar(): number {
    let room = this.cap;
    let unsent = this.overflowUnfamiliar.size;
    this.groups.forEach((group, i) => {
      const sent = Math.min(group.length, room);
      room -= sent;
      if (i === HINTED || i === OTHER) unsent += group.length - sent;
    });
    return this.unfamiliarUncounted ? Math.max(unsent, 1) : unsent;
  }

  /** The names to send, in the order above, at most the cap. */
  chosen(): string[] {
    return this.groups.flat().slice(0, this.cap);
  }

  /** Were names found that `chosen` leaves out? */
  get truncated(): boolean {
    return this.found > Math.min(this.cap, this.kept.size);
  }
}
