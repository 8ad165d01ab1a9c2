import { EVIDENCE_CAPS } from '@scanpin/evidence';

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
 *    (`FAMILIAR_PACKAGES`): most of a modded game's names.
 *
 * Within a group, the first found first. Only names with a package of two levels or more
 * (`a/b/C`) are kept: random bytes make about 79 one-slash "names" per MiB and 0.18 of two slashes
 * (measured, docs/scan-client.md), and a text holding a hint is reported whole among the strings
 * anyway. What did not fit is counted, so the document says how many names were left out.
 */

/** Package prefixes of the Java runtime, Minecraft, its loaders and the libraries its launcher installs. */
export const FAMILIAR_PACKAGES: readonly string[] = [
  // The Java runtime's own modules.
  'java/',
  'javax/',
  'jdk/',
  'sun/',
  'com/sun/',
  'org/w3c/',
  'org/xml/sax/',
  'org/ietf/jgss/',
  'org/jcp/xml/',
  // Minecraft and Mojang's libraries (authlib, brigadier, DataFixerUpper, blaze3d).
  'net/minecraft/',
  'com/mojang/',
  // Mod loaders and Mixin.
  'net/fabricmc/',
  'org/quiltmc/',
  'net/minecraftforge/',
  'net/neoforged/',
  'cpw/mods/',
  'org/spongepowered/asm/',
  // The libraries of Minecraft's version manifest.
  'org/lwjgl/',
  'io/netty/',
  'com/google/',
  'org/apache/',
  'it/unimi/dsi/fastutil/',
  'org/slf4j/',
  'org/joml/',
  'oshi/',
  'com/ibm/icu/',
  'org/objectweb/asm/',
  'com/jcraft/',
  'paulscode/sound/',
  'net/java/',
];

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
  private readonly overflow = new Set<number>();
  private readonly hint: RegExp | null;

  constructor(
    hints: readonly string[],
    private readonly cap: number,
  ) {
    this.hint = classHintPattern(hints);
  }

  private groupOf(name: string): number {
    if (startsWithAny(name, FAMILIAR_PACKAGES)) {
      if (this.groups[GAME]?.length !== GAME_SAMPLE && startsWithAny(name, GAME_PACKAGES)) return GAME;
      return FAMILIAR;
    }
    return this.hint?.test(name) ? HINTED : OTHER;
  }

  /** One occurrence of a class name (any shape: those without a deep package are left out here). */
  add(name: string): void {
    if (this.cap === 0 || this.kept.has(name) || !hasDeepPackage(name)) return;
    const group = this.groups[this.groupOf(name)] as string[];
    // No group can contribute more than the cap, so each keeps at most that many: the first found.
    if (group.length < this.cap) {
      group.push(name);
      this.kept.add(name);
    } else if (this.found < COUNT_LIMIT) this.overflow.add(hashOf(name));
  }

  has(name: string): boolean {
    return this.kept.has(name);
  }

  /** Distinct class names found, sent or not (a lower bound once `COUNT_LIMIT` were counted). */
  get found(): number {
    return this.kept.size + this.overflow.size;
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
