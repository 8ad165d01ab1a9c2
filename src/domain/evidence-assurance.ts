import type { AssuranceReason } from './assurance.js';
import { eventLogReasons } from './event-log-assurance.js';
import type { EvidenceDocument, EvidenceSourceName } from './evidence.js';
import { coverageIntegrity, type FolderMatchRule } from './evidence-coverage.js';
import { GAME_TYPES, type GameType } from './game-types.js';
import { WINDOWS_SOURCES, WITH_FILES } from './scan-plan.js';
import { serviceAndShimCacheReasons } from './service-assurance.js';
import { usnJournalReasons } from './usn-journal-assurance.js';

/**
 * What an evidence document admits about its own worth (docs/scan-client.md, "Trust"). A scan that
 * checked nothing is not a clean scan: the game was not running, its memory could not be read, a
 * source failed or was left out, the Windows sources are missing from a Windows machine, a game that
 * runs only on Windows was "scanned" elsewhere, or the harvest is too small for the memory read. Each
 * lowers the scan's assurance with its reason, in words staff understand; none is a verdict on the
 * player. Pure: the document in, the reasons out.
 */

const MiB = 1024 * 1024;

/** Sources every plan asks for whose absence leaves the scan unable to see a running cheat. */
const CORE: readonly EvidenceSourceName[] = ['processes', 'memory', 'system'];

/**
 * Games the scanner can meet only on Windows: their PC versions run on Windows (Roblox and Rust also on
 * macOS, which the scanner does not support). Minecraft: Java Edition runs anywhere Java does.
 */
const RUNS_ONLY_ON_WINDOWS: ReadonlySet<string> = new Set(GAME_TYPES.filter((game) => game !== 'Java'));

/**
 * A JVM running Minecraft loads tens of thousands of classes, and their names sit in its heap. A read
 * of this much memory that found fewer names than this was not a read of the game's memory (or its
 * results were dropped).
 */
export const SMALL_HARVEST = { minBytes: 128 * MiB, maxClassNames: 200 } as const;

/** A game process's memory is never this small: a read that saw less did not read the game. */
export const TINY_MEMORY_READ_BYTES = 4 * MiB;

/**
 * Each source as staff read it in a reason. Every source has one (a source the schema gains and this
 * lacks fails to compile), so no reason shows a schema name such as `usnJournal`.
 */
const LABEL: Record<EvidenceSourceName, string> = {
  processes: 'the running processes',
  memory: 'the game’s memory',
  files: 'the game files',
  logs: 'the game’s logs',
  discord: 'the Discord accounts on the machine',
  network: 'the network adapters',
  system: 'the system information',
  prefetch: 'the Prefetch files (programs that ran)',
  bam: 'the BAM records (programs that ran)',
  pca: 'the Program Compatibility Assistant records (programs that ran)',
  recycleBin: 'the Recycle Bin',
  gameFolders: 'the game folders',
  programs: 'the programs that ran',
  modules: 'the modules loaded in the game',
  jvm: 'the Java classes, agents and attach traces of the game',
  macros: 'the click macros of mouse software',
  usnJournal: 'the USN journal, which records files deleted or renamed',
  amcache: 'Amcache, the program files Windows recorded',
  eventLogs: 'the Windows event logs',
  services: 'the Windows services',
  shimcache: 'the ShimCache, the programs Windows met',
};

function reason(code: string, text: string): AssuranceReason {
  return { code, level: 'medium', text };
}

function gameReasons(doc: EvidenceDocument): AssuranceReason[] {
  const { processes, memory } = doc.sources;
  const game = processes.game;
  const notRunning =
    game !== undefined
      ? !game.running
      : processes.status === 'collected' && memory.status === 'collected' && memory.items.length === 0;
  if (notRunning) {
    const waited =
      game !== undefined && game.waitedSeconds > 0 ? ` after waiting ${game.waitedSeconds} s` : '';
    return [
      reason(
        'game_not_running',
        `The game was not running during the scan${waited}: cheats loaded in the game were not checked.`,
      ),
    ];
  }
  const items = memory.items;
  if (memory.status === 'collected' && items.length > 0 && items.every((m) => !m.readable)) {
    const why = items[0]?.reason;
    return [
      reason(
        'memory_unreadable',
        `The game’s memory could not be read${why ? ` (${why})` : ''}: cheats loaded only in memory were not checked.`,
      ),
    ];
  }
  return [];
}

/**
 * Any JVM is a `java` process (an IDE, a build daemon), so for Minecraft: Java Edition the server asks
 * for a sign of Minecraft itself: its classes (`net/minecraft/…`; the entry classes keep their names
 * in every release) in a readable JVM's memory, or `minecraft` on a JVM's command line (launchers pass
 * the game folder and version there). Unreadable memory has its own reason.
 */
const MINECRAFT_CLASS = /^net\/minecraft\//;
const MINECRAFT_TEXT = /net[./]minecraft/i;
const MINECRAFT_ARGUMENT = /minecraft/i;

function minecraftReasons(doc: EvidenceDocument): AssuranceReason[] {
  const { processes, memory } = doc.sources;
  const readable = memory.items.filter((m) => m.readable);
  if (readable.length === 0) return [];
  const shown =
    readable.some(
      (m) =>
        m.classNames.some((c) => MINECRAFT_CLASS.test(c)) || m.strings.some((s) => MINECRAFT_TEXT.test(s)),
    ) || processes.items.some((p) => MINECRAFT_ARGUMENT.test(p.commandLine));
  if (shown) return [];
  return [
    reason(
      'game_not_identified',
      `A Java process was running, but nothing in it showed Minecraft (no Minecraft classes in its memory, no Minecraft on its command line): it may not have been the game.`,
    ),
  ];
}

function harvestReasons(doc: EvidenceDocument, gameType: string): AssuranceReason[] {
  const out: AssuranceReason[] = [];
  for (const m of doc.sources.memory.items) {
    if (!m.readable) continue;
    if (m.bytesScanned < TINY_MEMORY_READ_BYTES) {
      out.push(
        reason(
          'harvest_small',
          `Only ${(m.bytesScanned / MiB).toFixed(1)} MiB of the memory of ${m.process} (pid ${m.pid}) was read: far less than a running game holds.`,
        ),
      );
    } else if (
      gameType === 'Java' &&
      m.bytesScanned >= SMALL_HARVEST.minBytes &&
      m.classNames.length < SMALL_HARVEST.maxClassNames
    ) {
      out.push(
        reason(
          'harvest_small',
          `Only ${m.classNames.length} class names were found in ${Math.round(m.bytesScanned / MiB).toLocaleString('en-US')} MiB of the memory of ${m.process} (pid ${m.pid}); a running Minecraft holds thousands.`,
        ),
      );
    }
  }
  return out;
}

function sourceReasons(doc: EvidenceDocument, gameType: string): AssuranceReason[] {
  const out: AssuranceReason[] = [];
  const sources = doc.sources as unknown as Record<
    string,
    { status: string; reason: string | null } | undefined
  >;
  for (const [name, section] of Object.entries(sources)) {
    if (section?.status === 'failed')
      out.push(
        reason(
          'source_failed',
          `A source could not be read (${LABEL[name as EvidenceSourceName] ?? name}): ${section.reason ?? 'no reason given'}.`,
        ),
      );
  }
  // The game files are core where the plan asks for them (scan-plan.ts).
  const core = WITH_FILES.has(gameType as GameType) ? [...CORE, 'files' as const] : CORE;
  for (const name of core) {
    if (sources[name]?.status === 'skipped')
      out.push(
        reason(
          'source_skipped',
          `The scan left out ${LABEL[name]}${sources[name]?.reason ? ` (${sources[name]?.reason})` : ''}.`,
        ),
      );
  }
  if (doc.client.platform === 'win32') {
    const missing = WINDOWS_SOURCES.filter((name) => {
      const status = sources[name]?.status;
      return status === undefined || status === 'skipped';
    });
    if (missing.length > 0)
      out.push(
        reason(
          'windows_sources_missing',
          `A Windows scan without its Windows sources (${missing.join(', ')}): the records of programs that ran were not checked.`,
        ),
      );
  } else if (RUNS_ONLY_ON_WINDOWS.has(gameType)) {
    out.push(
      reason(
        'platform_implausible',
        `The scan says it ran on ${doc.client.platform}, where ${gameType} does not run: it was not the player’s gaming PC.`,
      ),
    );
  }
  return out;
}

/**
 * Every reason the document gives to trust it less: its coverage cuts (evidence-coverage.ts), the game,
 * the harvest and the sources. `rules`: those it is judged by, which decide whether an archive listed
 * by folder is whole to them.
 */
export function evidenceReasons(
  doc: EvidenceDocument,
  gameType: string,
  rules: readonly FolderMatchRule[],
): AssuranceReason[] {
  return [
    ...coverageIntegrity(doc, rules, gameType).map((text) => reason('coverage_cut', text)),
    ...gameReasons(doc),
    ...(gameType === 'Java' && gameReasons(doc).length === 0 ? minecraftReasons(doc) : []),
    ...harvestReasons(doc, gameType),
    ...sourceReasons(doc, gameType),
    ...usnJournalReasons(doc),
    ...serviceAndShimCacheReasons(doc),
    ...eventLogReasons(doc),
  ];
}
