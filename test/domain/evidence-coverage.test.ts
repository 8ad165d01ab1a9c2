import type { JvmProcessEvidence, ResourcePackEvidence, RunningProgramsEvidence } from '@scanpin/evidence';
import { describe, expect, it } from 'vitest';
import { EVIDENCE_LIMITS, type EvidenceDocument } from '../../src/domain/evidence.js';
import {
  coverageIntegrity,
  coverageNotes,
  type FolderMatchRule,
  foldersStandForEntries,
} from '../../src/domain/evidence-coverage.js';
import { jvmItem } from '../scanner/jvm/support/jvm-item.js';
import { evidence, jar } from '../support/evidence.js';

/** The cuts of a document judged by no rule (so folders stand for the entries they hold). */
const cuts = (doc: EvidenceDocument) => coverageIntegrity(doc, [], 'Java');

const memory = (truncated: boolean) => ({
  pid: 4242,
  process: 'javaw.exe',
  readable: true,
  reason: null,
  bytesScanned: 1,
  regions: 1,
  classNames: [],
  strings: [],
  truncated,
});

describe('a capped or truncated source lowers the scan (docs/scan-client.md, "What a capped scan means")', () => {
  it('names each cut in words staff understand', () => {
    const doc = evidence('n', {
      files: {
        items: [{ ...jar('~/.minecraft/mods/padded.jar', ['a/B.class']), entriesTotal: 20_001 }],
        itemsTotal: 5_001,
      },
      memory: { status: 'collected', items: [memory(true)] },
    });
    expect(cuts(doc)).toEqual([
      'The scan could not send everything: 1 of 5,001 game files were listed; a file may be hidden among the rest.',
      'The scan could not send everything: 1 of 20,001 entries of ~/.minecraft/mods/padded.jar were listed; a class may be hidden among the rest.',
      "The scan could not send everything: the memory of javaw.exe (pid 4242) held more class names or texts than a scan carries; a cheat's may be among those left out.",
    ]);
  });

  it('says how many class names a harvest left out, and which it sent first', () => {
    const sent = Array.from({ length: EVIDENCE_LIMITS.classNames }, (_, i) => `a/b/C${i}`);
    const cut = (over: object) =>
      cuts(evidence('n', { memory: { status: 'collected', items: [{ ...memory(true), ...over }] } }));
    expect(cut({ classNames: sent, classNamesTotal: 123_456 })).toEqual([
      "The scan could not send everything: 50,000 of 123,456 class names in the memory of javaw.exe (pid 4242) were sent (those holding a hint word first, then those outside the Java runtime's, Minecraft's and its usual libraries' packages); a cheat's may be among the rest.",
    ]);
    expect(cut({ classNames: sent, classNamesTotal: EVIDENCE_LIMITS.classNamesCounted })[0]).toContain(
      '50,000 of at least 1,000,000 class names',
    );
    const strings = Array.from({ length: EVIDENCE_LIMITS.memoryStrings }, (_, i) => `KillAura ${i}`);
    expect(cut({ classNames: ['a/b/C'], classNamesTotal: 1, strings })).toEqual([
      "The scan could not send everything: the memory of javaw.exe (pid 4242) held more texts with a hint word than the 5,000 a scan carries; a cheat's may be among those left out.",
    ]);
    expect(cut({ classNames: sent, classNamesTotal: EVIDENCE_LIMITS.classNames, truncated: false })).toEqual(
      [],
    );
  });

  describe('a harvest that left out only familiar names (docs/scan-client.md, "Class names in the game\'s memory")', () => {
    // A big modpack's list: mods, then the runtime's and libraries' names until the cap.
    const mods = Array.from({ length: 20_000 }, (_, i) => `com/mod${i % 50}/Piece${i}`);
    const familiar = Array.from(
      { length: EVIDENCE_LIMITS.classNames - mods.length },
      (_, i) => `java/x/T${i}`,
    );
    const docOf = (over: object) =>
      evidence('n', {
        memory: {
          status: 'collected',
          items: [{ ...memory(true), classNames: [...mods, ...familiar], classNamesTotal: 123_456, ...over }],
        },
      });
    const LOWERED =
      "The scan could not send everything: 50,000 of 123,456 class names in the memory of javaw.exe (pid 4242) were sent (those holding a hint word first, then those outside the Java runtime's, Minecraft's and its usual libraries' packages); a cheat's may be among the rest.";

    it('is reported as a note, not a cut, when the scanner counts none outside them left out', () => {
      const doc = docOf({ classNamesUnsentUnfamiliar: 0 });
      expect(cuts(doc)).toEqual([]);
      expect(coverageNotes(doc)).toEqual([
        '50,000 of 123,456 class names in the memory of javaw.exe (pid 4242) were sent, all of those outside the packages of the Java runtime, Minecraft, its loaders and launcher libraries among them: 73,456 names under those packages were not sent (a client named inside them would be among these)',
      ]);
      const counted = docOf({
        classNamesUnsentUnfamiliar: 0,
        classNamesTotal: EVIDENCE_LIMITS.classNamesCounted,
      });
      expect(coverageNotes(counted)[0]).toContain(': at least 950,000 names under those packages');
    });

    it('still lowers the scan when names outside them were left out, or the count is missing', () => {
      for (const doc of [docOf({ classNamesUnsentUnfamiliar: 12 }), docOf({})]) {
        expect(cuts(doc)).toEqual([LOWERED]);
        expect(coverageNotes(doc)).toEqual([]);
      }
    });

    it('does not take a count of none at its word when the list sent disagrees', () => {
      // The familiar names are sent last: a cut among them leaves a full list ending with one.
      const endsWithMod = docOf({ classNamesUnsentUnfamiliar: 0, classNames: [...familiar, ...mods] });
      const notFull = docOf({ classNamesUnsentUnfamiliar: 0, classNames: [...mods, ...familiar.slice(1)] });
      for (const doc of [endsWithMod, notFull]) {
        expect(cuts(doc)[0]).toContain('class names in the memory of javaw.exe (pid 4242) were sent (');
        expect(coverageNotes(doc)).toEqual([]);
      }
    });

    it('still reports texts with a hint cut to their cap', () => {
      const strings = Array.from({ length: EVIDENCE_LIMITS.memoryStrings }, (_, i) => `KillAura ${i}`);
      const doc = docOf({ classNamesUnsentUnfamiliar: 0, strings });
      expect(cuts(doc)).toEqual([
        "The scan could not send everything: the memory of javaw.exe (pid 4242) held more texts with a hint word than the 5,000 a scan carries; a cheat's may be among those left out.",
      ]);
      expect(coverageNotes(doc)).toHaveLength(1);
    });
  });

  it('says nothing of a whole scan, nor of an older client that sends no count', () => {
    const whole = evidence('n', {
      files: { items: [jar('~/.minecraft/mods/a.jar', ['a/B.class'])], itemsTotal: 1 },
      memory: { status: 'collected', items: [memory(false)] },
    });
    expect(cuts(whole)).toEqual([]);
    expect(cuts(evidence('n', { files: { items: [jar('~/x.jar', [])] } }))).toEqual([]);
  });

  describe('an archive whose entries left out were sent by folder (docs/scan-client.md, "What a capped scan means")', () => {
    // 20,002 entries, 20,000 listed, the folder of one left out sent, and one left out at the root.
    const fat = {
      ...jar('~/.minecraft/mods/all-in-one.jar', ['shadow/lib/A.class']),
      entriesTotal: 20_002,
      entryFolders: ['net/wurstclient/'],
      entryFoldersTotal: 1,
      rootEntriesLeftOut: 1,
    };
    // A launcher library: listed by folder only.
    const library = {
      ...jar('~/.minecraft/libraries/org/ow2/asm/asm/9.6/asm-9.6.jar', []),
      entriesTotal: 40,
      entryFolders: ['org/objectweb/asm/'],
      entryFoldersTotal: 1,
      rootEntriesLeftOut: 0,
    };
    const doc = evidence('n', { files: { items: [fat, library], itemsTotal: 2 } });
    const rule = (over: Partial<FolderMatchRule>): FolderMatchRule => ({
      kind: 'jar-entry',
      match: 'prefix',
      pattern: 'net/wurstclient/',
      games: [],
      enabled: true,
      ...over,
    });
    const CUT =
      "The scan could not send everything: 2 archives were listed in part, the rest of their entries by folder only (~/.minecraft/mods/all-in-one.jar: 1 of 20,002 entries listed, 1 at its root only counted; ~/.minecraft/libraries/org/ow2/asm/asm/9.6/asm-9.6.jar: 0 of 40 entries listed), and a jar-entry rule of this game matches an entry's whole name or part of it, which a folder does not show; a class may be hidden among those left out.";

    it('is whole to rules that each name a whole folder, wherever the entries lie', () => {
      const folderRules = [
        rule({}),
        rule({ pattern: 'a/' }),
        // Rules of other kinds, other games, disabled or empty are not matched against entries here.
        rule({ kind: 'memory-string', match: 'contains', pattern: 'Wurst' }),
        rule({ match: 'exact', pattern: 'Main.class', games: ['FiveM'] }),
        rule({ match: 'contains', pattern: 'Aimbot', enabled: false }),
        rule({ match: 'exact', pattern: '' }),
      ];
      expect(foldersStandForEntries(folderRules, 'Java')).toBe(true);
      expect(coverageIntegrity(doc, folderRules, 'Java')).toEqual([]);
    });

    it('is a cut, in one entry for every such archive, when a rule of the game needs whole names', () => {
      for (const needsNames of [
        rule({ match: 'exact', pattern: 'rusherhack-plugin.json' }),
        rule({ match: 'contains', pattern: 'Killaura' }),
        rule({ pattern: 'net/wurstclient/Wurst' }),
        rule({ match: 'exact', pattern: 'Main.class', games: ['Java'] }),
      ]) {
        expect(foldersStandForEntries([rule({}), needsNames], 'Java')).toBe(false);
        expect(coverageIntegrity(doc, [rule({}), needsNames], 'Java')).toEqual([CUT]);
      }
    });

    it('names three archives and counts the rest', () => {
      const many = Array.from({ length: 5 }, (_, i) => ({ ...library, path: `~/lib${i}.jar` }));
      const [text] = coverageIntegrity(
        evidence('n', { files: { items: many, itemsTotal: 5 } }),
        [rule({ match: 'contains', pattern: 'x' })],
        'Java',
      );
      expect(text).toContain('5 archives were listed in part');
      expect(text).toContain('~/lib2.jar: 0 of 40 entries listed; and 2 more)');
    });
  });

  describe('the Java class check (docs/scan-client.md, "Classes injected into the Java game")', () => {
    const cutsOf = (item: JvmProcessEvidence) =>
      cuts(evidence('n', { jvm: { status: 'collected', reason: null, items: [item] } }));

    it('says when files could not be read or a cap was reached', () => {
      const unreadableFiles = [
        { path: '~/.minecraft/mods/odd.jar', reason: 'the archive is damaged or not a zip' },
      ];
      expect(cutsOf(jvmItem({ unreadableFiles }))).toEqual([
        'The Java class check was partial: 1 file java (pid 4242) may load classes from could not be read (~/.minecraft/mods/odd.jar: the archive is damaged or not a zip); classes loaded from them cannot be told from injected ones.',
      ]);
      const full = Array.from({ length: EVIDENCE_LIMITS.jvmUnreadable }, (_, i) => ({
        path: `~/m${i}.jar`,
        reason: 'could not be read (EACCES)',
      }));
      expect(cutsOf(jvmItem({ unreadableFiles: full }))[0]).toContain(
        `at least ${EVIDENCE_LIMITS.jvmUnreadable} files java (pid 4242)`,
      );
      expect(cutsOf(jvmItem({ truncated: true }))).toEqual([
        'The Java class check was partial: java (pid 4242) had more jars, class files or class names than a scan compares; an injected class may be among those not compared, and a class shown as unknown may be in a file not read.',
      ]);
      // A scanner that says which cap it reached.
      expect(
        cutsOf(jvmItem({ truncated: true, knownClassesTruncated: true, classSymbolsTruncated: true })),
      ).toEqual([
        'The Java class check was partial: java (pid 4242) had more jars or class files than a scan reads; a class shown as unknown may be in a file not read.',
        'The Java class check was partial: java (pid 4242) held more class names in memory than a scan compares; an injected class may be among those not compared.',
      ]);
    });

    it('says when an unknown-class list is as long as its cap', () => {
      const packages = Array.from({ length: EVIDENCE_LIMITS.jvmPackages }, (_, i) => ({
        name: `p${i}`,
        count: 2,
        classes: [`p${i}/A`, `p${i}/B`],
      }));
      expect(cutsOf(jvmItem({ unknownPackages: packages }))).toEqual([
        `The scan could not send everything: java (pid 4242) had ${EVIDENCE_LIMITS.jvmPackages} packages of unknown loaded classes, as many as a scan carries; a cheat's may be among those left out.`,
      ]);
      const singles = Array.from({ length: EVIDENCE_LIMITS.jvmSingles }, (_, i) => `p${i}/A`);
      expect(cutsOf(jvmItem({ unknownSingles: singles }))).toEqual([
        `The scan could not send everything: java (pid 4242) had ${EVIDENCE_LIMITS.jvmSingles} lone unknown loaded classes, as many as a scan carries; more may have been left out.`,
      ]);
      expect(
        cutsOf(jvmItem({ unknownPackages: packages.slice(1), unknownSingles: singles.slice(1) })),
      ).toEqual([]);
    });

    it('says nothing of a whole check, nor of a scan with no Java section', () => {
      expect(
        cutsOf(
          jvmItem({
            unknownPackages: [{ name: 'me/ghost', count: 2, classes: ['me/ghost/A', 'me/ghost/B'] }],
          }),
        ),
      ).toEqual([]);
      expect(cuts(evidence('n'))).toEqual([]);
    });
  });

  describe('the other running programs (docs/scan-client.md, "Other running programs")', () => {
    const program = (name: string, sha256: string | null, path: string | null = `/opt/${name}`) => ({
      name,
      path,
      sha256,
    });
    const docOf = (others: Partial<RunningProgramsEvidence>) =>
      evidence('n', {
        processes: {
          others: { items: [], total: 0, truncated: false, unhashed: 0, ...others },
        },
      });
    const hashRule = (over: Partial<FolderMatchRule> = {}): FolderMatchRule => ({
      kind: 'file-sha256',
      match: 'exact',
      pattern: 'a'.repeat(64),
      games: [],
      enabled: true,
      ...over,
    });

    it('a list cut at its cap is a cut, whatever the rules', () => {
      const items = [program('a', 'f'.repeat(64)), program('b', 'e'.repeat(64))];
      expect(cuts(docOf({ items, total: 600, truncated: true }))).toEqual([
        "The scan could not send everything: 2 of 600 other running programs were listed; a cheat's may be among those left out.",
      ]);
      expect(cuts(docOf({ items, total: 2 }))).toEqual([]);
    });

    it('programs listed without a hash are a cut only when a file-sha256 rule applies to the game', () => {
      const items = [
        program('big', null),
        program('small', 'f'.repeat(64)),
        program('protected', null, null),
      ];
      const doc = docOf({ items, total: 3, unhashed: 2 });
      const CUT =
        'The scan could not send everything: 1 other running program was listed without a hash (larger than a scan hashes, unreadable, or past its hashing budget), and a file-sha256 rule of this game cannot match it.';
      expect(coverageIntegrity(doc, [hashRule()], 'Java')).toEqual([CUT]);
      expect(coverageIntegrity(doc, [hashRule({ games: ['Java', 'FiveM'] })], 'Java')).toEqual([CUT]);
      // No such rule, a disabled one, one of another game, or an empty pattern: the hash is not needed.
      for (const rules of [
        [],
        [hashRule({ enabled: false })],
        [hashRule({ games: ['FiveM'] })],
        [hashRule({ pattern: '' })],
        [hashRule({ kind: 'file-name', pattern: 'big' })],
      ])
        expect(coverageIntegrity(doc, rules, 'Java')).toEqual([]);
      // A program with no path (shown by name only) is no cut.
      const nameOnly = docOf({ items: [program('protected', null, null)], total: 1, unhashed: 1 });
      expect(coverageIntegrity(nameOnly, [hashRule()], 'Java')).toEqual([]);
    });
  });

  describe('resource packs (docs/detection.md, "X-ray resource packs")', () => {
    const pack = (name: string, over: Partial<ResourcePackEvidence> = {}): ResourcePackEvidence => ({
      path: `~/.minecraft/resourcepacks/${name}.zip`,
      kind: 'zip',
      sha256: null,
      modifiedAt: null,
      read: true,
      description: null,
      enabled: null,
      textures: [],
      models: [],
      unreadable: 0,
      ...over,
    });
    const xray = (over: Partial<FolderMatchRule> = {}): FolderMatchRule => ({
      kind: 'signal',
      match: 'exact',
      pattern: 'xray-resource-pack',
      games: ['Java'],
      enabled: true,
      ...over,
    });
    const docOf = (packs: ResourcePackEvidence[], total = packs.length) =>
      evidence('n', { files: { resourcePacks: packs, resourcePacksTotal: total } });
    const padded = docOf(
      [pack('a'), pack('b', { read: false }), pack('c', { unreadable: 2 }), pack('d', { read: false })],
      300,
    );
    const CUTS = [
      'The scan could not send everything: 4 of 300 resource packs were read; an x-ray pack may be among the rest.',
      'The scan could not send everything: 2 resource packs could not be opened (~/.minecraft/resourcepacks/b.zip; ~/.minecraft/resourcepacks/d.zip); an x-ray pack may be among them.',
      'The scan could not send everything: 1 resource pack held block textures or models that could not be read (~/.minecraft/resourcepacks/c.zip); the blocks they draw were not checked.',
    ];

    it('packs past the cap, not opened or read in part are cuts when the x-ray rule applies', () => {
      expect(coverageIntegrity(padded, [xray()], 'Java')).toEqual(CUTS);
      expect(coverageIntegrity(padded, [xray({ match: 'prefix', pattern: 'xray-' })], 'Java')).toEqual(CUTS);
      expect(coverageIntegrity(padded, [xray({ games: [] })], 'Java')).toEqual(CUTS);
      const many = docOf(Array.from({ length: 5 }, (_, i) => pack(`p${i}`, { read: false })));
      expect(coverageIntegrity(many, [xray()], 'Java')[0]).toContain('p2.zip; and 2 more)');
    });

    it('are no cut without the rule, for another game, or in a whole list', () => {
      for (const rules of [
        [],
        [xray({ enabled: false })],
        [xray({ games: ['FiveM'] })],
        [xray({ pattern: 'other-signal' })],
        [xray({ kind: 'memory-string' })],
      ])
        expect(coverageIntegrity(padded, rules, 'Java')).toEqual([]);
      expect(coverageIntegrity(padded, [xray()], 'FiveM')).toEqual([]);
      expect(coverageIntegrity(docOf([pack('a'), pack('b')]), [xray()], 'Java')).toEqual([]);
    });
  });
});
