import type { EvidenceSourceName } from './evidence.js';
import type { GameType } from './game-types.js';

/**
 * What the scan client is asked to collect for a game (docs/scan-client.md, "The scan plan"). The
 * plan is public: its hints are substrings whose matches the client reports, never decisive. The
 * decisive patterns are the rules, which stay on the server.
 */
export interface ScanPlan {
  sources: EvidenceSourceName[];
  hints: string[];
}

const EVERYWHERE: EvidenceSourceName[] = ['system', 'network', 'processes', 'memory', 'discord'];

/**
 * The Windows sources (docs/scan-client.md, "Windows execution records"): every game type is played
 * on Windows (Minecraft: Java Edition too), so every plan asks for them; a client on another system
 * skips them and says so. `programs` cross-checks the others, so it comes last.
 */
export const WINDOWS_SOURCES: readonly EvidenceSourceName[] = [
  'prefetch',
  'bam',
  'pca',
  'recycleBin',
  'gameFolders',
  'programs',
];

/**
 * The USN journal (docs/scan-client.md, "USN journal"), asked of every client. Not among
 * `WINDOWS_SOURCES`: it needs administrator rights, which the player may decline; that is reported
 * with its own reason (usn-journal-assurance.ts), and a client that does not know the source is not
 * held to it.
 */
// Amcache too (docs/scan-client.md, "Amcache"): on a running Windows only administrators may read it.
export const ELEVATED_SOURCES: readonly EvidenceSourceName[] = ['usnJournal', 'amcache'];

/**
 * The Windows services and the ShimCache (docs/scan-client.md, "Windows services", "ShimCache"),
 * asked of every client. Not among `WINDOWS_SOURCES`, so that a client that does not know them is not
 * held to them; one that could not read them says so with its own reason (service-assurance.ts).
 */
export const INTEGRITY_SOURCES: readonly EvidenceSourceName[] = ['services', 'shimcache'];

/**
 * Click macros in mouse software (docs/scan-client.md, "Click macros"), asked of every client. Not
 * among `WINDOWS_SOURCES`, so that a client that does not know the source is not held to it; a section
 * that failed lowers the assurance like any failed source.
 */
export const MACRO_SOURCES: readonly EvidenceSourceName[] = ['macros'];

/**
 * The System, Application and Security event logs (docs/scan-client.md, "Event logs"), asked of every
 * client. Not among `WINDOWS_SOURCES`, so that a client that does not know them is not held to them;
 * a log that could not be read says so with its own reason (event-log-assurance.ts).
 */
export const EVENT_LOG_SOURCES: readonly EvidenceSourceName[] = ['eventLogs'];

/**
 * The Java game's own check (docs/scan-client.md, "Classes injected into the Java game"): classes in
 * its memory that no file holds, its agents and attach traces. Asked of clients scanning a game
 * whose files they know; a client that does not know it or cannot read it skips it, which costs
 * nothing (it is not among the core sources).
 */
export const JAVA_GAME_SOURCES: readonly EvidenceSourceName[] = ['jvm'];

/**
 * The modules loaded in the game process (docs/scan-client.md, "Modules in the game process"), asked
 * of every client. Not among `WINDOWS_SOURCES`: with no game running there is nothing to list, which
 * the game-running check already reports, and a client that does not know the source is not held to it.
 */
export const GAME_MODULE_SOURCES: readonly EvidenceSourceName[] = ['modules'];

/** Games whose installations and logs the client knows how to find. */
export const WITH_FILES: ReadonlySet<GameType> = new Set(['Java']);

/**
 * Words that cheat clients, their menus and their logs commonly carry. They only choose which strings
 * the client reports besides every Java class name; a rule decides what a match means.
 */
const HINTS: Partial<Record<GameType, string[]>> = {
  Java: [
    'killaura',
    'autoclicker',
    'aimassist',
    'triggerbot',
    'reach',
    'velocity',
    'scaffold',
    'xray',
    'cheat',
    'hack',
    'inject',
    'clickgui',
    'ghost client',
  ],
  // Words of the public menus the Rockstar pack names in memory (docs/detection.md, "GTA and RDR
  // multiplayer"): a Lua menu's title in FiveM's scripts, a RAGE Multiplayer cheat's menu text.
  FiveM: ['wavecheats'],
  RageMP: ['nemo:V'],
  // The names public cheats for these games leave in the game's memory (docs/detection.md,
  // "Bedrock, Roblox, Call of Duty, Rust"): Horion's own name, the WeAreDevs executor's pipe, the
  // sexhook DLL. Call of Duty's public hacks run outside the game, so nothing is added for it.
  Bedrock: ['horion'],
  Roblox: ['wearedevs'],
  Rust: ['sexhook'],
};
const COMMON_HINTS = ['aimbot', 'triggerbot', 'esp', 'injector', 'cheat', 'executor', 'loader'];

export function scanPlanFor(game: GameType): ScanPlan {
  const sources: EvidenceSourceName[] = WITH_FILES.has(game)
    ? [
        ...EVERYWHERE,
        'files',
        'logs',
        ...WINDOWS_SOURCES,
        ...ELEVATED_SOURCES,
        ...GAME_MODULE_SOURCES,
        ...INTEGRITY_SOURCES,
        ...MACRO_SOURCES,
      ]
    : [
        ...EVERYWHERE,
        ...WINDOWS_SOURCES,
        ...ELEVATED_SOURCES,
        ...GAME_MODULE_SOURCES,
        ...INTEGRITY_SOURCES,
        ...MACRO_SOURCES,
      ];
  sources.push(...EVENT_LOG_SOURCES);
  if (WITH_FILES.has(game)) sources.push(...JAVA_GAME_SOURCES);
  const hints = [...new Set([...(HINTS[game] ?? []), ...COMMON_HINTS])];
  return { sources, hints };
}
