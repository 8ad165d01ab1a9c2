import { EVIDENCE_CAPS } from '@scanpin/evidence';
import { describe, expect, it } from 'vitest';
import { ClassHarvest, GAME_PACKAGES, GAME_SAMPLE } from '../../packages/scanner/src/memory/class-harvest.js';
import { StringExtractor } from '../../packages/scanner/src/memory/extract.js';
import { scanPlanFor } from '../../src/domain/scan-plan.js';
import { familiarNames, heapImage, modNames, randomBytes, seeded } from './fixtures/heap-image.js';

const HINTS = scanPlanFor('Java').hints;
const CAP = EVIDENCE_CAPS.classNames;

/** Wurst's real class names (github.com/Wurst-Imperium/Wurst7, src/main/java/net/wurstclient/). */
const WURST = [
  'net/wurstclient/WurstClient',
  'net/wurstclient/hack/HackList',
  'net/wurstclient/hacks/KillauraHack',
  'net/wurstclient/hacks/XRayHack',
];

function harvest(image: Buffer): StringExtractor {
  const x = new StringExtractor(HINTS, { classNames: CAP, strings: EVIDENCE_CAPS.memoryStrings });
  x.scan(image, image.length, true);
  return x;
}

describe('the class-name harvest of a modded game (docs/scan-client.md, "Class names in the game\'s memory")', () => {
  it('sends a client found after 100,000 other names, in address order', () => {
    // 70,000 names of the runtime, Minecraft and its libraries, 30,000 of 50 mods, then the client.
    const names = [...familiarNames(70_000), ...modNames(30_000), ...WURST];
    const x = harvest(heapImage(names));
    const sent = x.classNames.chosen();
    expect(sent).toHaveLength(CAP);
    expect(sent).toEqual(expect.arrayContaining(WURST));
    // Hint words first, then a few of the game's own names, then the mods and the client.
    expect(sent.slice(0, 3)).toEqual([
      'net/wurstclient/hack/HackList',
      'net/wurstclient/hacks/KillauraHack',
      'net/wurstclient/hacks/XRayHack',
    ]);
    const game = sent.slice(3, 3 + GAME_SAMPLE);
    expect(game.every((n) => GAME_PACKAGES.some((p) => n.startsWith(p)))).toBe(true);
    expect(sent[3 + GAME_SAMPLE]).toBe('com/modder0/feature/part0/Piece0');
    expect(x.classNames.found).toBe(names.length);
    expect(x.truncated).toBe(true);
    // Every name outside the familiar packages was sent: the cut fell among the runtime's and libraries'.
    expect(x.classNames.unsentUnfamiliar).toBe(0);
  });

  it('keeps a client’s classes that hold a hint word when the mods alone fill the list', () => {
    const names = [...modNames(60_000), ...familiarNames(10_000), ...WURST];
    const sent = harvest(heapImage(names)).classNames.chosen();
    expect(sent).toEqual(
      expect.arrayContaining(['net/wurstclient/hacks/KillauraHack', 'net/wurstclient/hacks/XRayHack']),
    );
    // What a memory-string rule on `net/wurstclient/` matches is still there; the bare name is cut.
    expect(sent).not.toContain('net/wurstclient/WurstClient');
    // 60,004 names outside the familiar packages, 49,900 of them sent after the game's 100.
    expect(harvest(heapImage(names)).classNames.unsentUnfamiliar).toBe(10_104);
  });

  it('sends no junk: names of one slash are left out, each name once', () => {
    const names = [...modNames(2_000), ...modNames(2_000), 'kotlin/Unit', 'Zq/x9'];
    const x = harvest(heapImage(names, { noiseEvery: 4 }));
    const sent = x.classNames.chosen();
    expect(new Set(sent).size).toBe(sent.length);
    expect(sent.filter((n) => n.split('/').length < 3)).toEqual([]);
    expect(x.classNames.found).toBe(2_000);
    expect(x.truncated).toBe(false);
  });

  it('finds almost nothing in random bytes', () => {
    const noise = randomBytes(8 * 1024 * 1024, seeded(7));
    const x = harvest(noise);
    // About 0.18 two-slash "names" per MiB of random bytes; one-slash runs are about 79 per MiB.
    expect(x.classNames.found).toBeLessThan(8);
  });

  it('counts what it leaves out, without keeping it', () => {
    const h = new ClassHarvest([], 3);
    for (const n of ['a/b/C', 'a/b/D', 'a/b/C', 'a/b/E', 'a/b/F', 'a/b/F', 'java/lang/G']) h.add(n);
    expect(h.chosen()).toEqual(['a/b/C', 'a/b/D', 'a/b/E']);
    expect(h.found).toBe(5);
    expect(h.truncated).toBe(true);
    expect(h.unsentUnfamiliar).toBe(1);
  });

  it('counts apart the names it leaves out outside the familiar packages', () => {
    const h = new ClassHarvest(['Aura'], 4);
    for (const n of ['java/lang/A', 'net/minecraft/B', 'com/mod/C', 'org/lwjgl/D', 'java/util/E', 'x/y/Aura'])
      h.add(n);
    // The hint first, then the game's own, the mod, one of the runtime's: two familiar names cut.
    expect(h.chosen()).toEqual(['x/y/Aura', 'net/minecraft/B', 'com/mod/C', 'java/lang/A']);
    expect(h.truncated).toBe(true);
    expect(h.unsentUnfamiliar).toBe(0);
    // A mod past a full list is cut too, whether kept in its group or only counted once it is full.
    for (const n of ['com/mod/F', 'com/mod/G', 'com/mod/H', 'com/mod/I']) h.add(n);
    expect(h.chosen()).toEqual(['x/y/Aura', 'net/minecraft/B', 'com/mod/C', 'com/mod/F']);
    expect(h.unsentUnfamiliar).toBe(3);
  });
});
