/**
 * Caps on every list and string of the evidence document, so that a document stays far below the
 * server's upload limit. The server's schema refuses a document past them; the scanner cuts to them as
 * it collects (docs/scan-client.md, "The evidence document").
 */
export const EVIDENCE_CAPS = {
  // Strings.
  text: 500,
  name: 200,
  path: 1024,
  commandLine: 8192,
  // Version 1: processes, memory, files, logs, Discord, network, system.
  injections: 50,
  processes: 64,
  classNames: 50_000,
  memoryStrings: 5_000,
  installations: 64,
  files: 5_000,
  entries: 20_000,
  logs: 64,
  logLines: 1_000,
  discordAccounts: 100,
  adapters: 256,
  vmSigns: 32,
  // Version 2: the Windows execution and file sources.
  prefetchFiles: 4_096,
  runTimes: 8,
  bamEntries: 10_000,
  pcaEntries: 10_000,
  recycleBinItems: 5_000,
  drives: 26,
  gameFolderFiles: 5_000,
  gameFolders: 256,
  programs: 5_000,
  timeline: 64,
  // Version 3: add the caps of a new section here, under its own comment.
  // Version 3: the System, Application and Security event logs (docs/scan-client.md, "Event logs").
  eventLogs: 3,
  eventLogItems: 500,
  eventLogProblems: 20,
  // Version 3: click macros in mouse software (docs/scan-client.md, "Click macros").
  macros: 2_000,
  macroFiles: 64,
  // Version 3: the USN change journal (docs/scan-client.md, "USN journal").
  usnChanges: 2_000,
  usnReasons: 24,
  // Version 3: the forensic Windows services, and the ShimCache (Windows keeps at most 1,024 entries).
  services: 32,
  shimcacheEntries: 4_096,
  // Version 3: classes injected into the Java game (docs/scan-client.md, "Classes injected into the Java game").
  jvmPackages: 50,
  jvmClassesPerPackage: 100,
  jvmSingles: 100,
  jvmUnreadable: 20,
  // Version 3: Amcache's file records (docs/scan-client.md, "Amcache").
  amcacheEntries: 5_000,
  // Version 3: the modules loaded in the game processes (docs/scan-client.md, "Modules in the game process").
  loadedModules: 1_024,
  // Version 3: distinct class names a memory item counts (its `classNamesTotal`), sent or not.
  classNamesCounted: 1_000_000,
  // Version 3: the folders of an archive's entries past the entries cap, and of library jars
  // (docs/scan-client.md, "Where the files are read").
  entryFolders: 5_000,
  // Version 3: Minecraft resource packs and their textures and models of the blocks ores sit in
  // (docs/scan-client.md, "Resource packs").
  resourcePacks: 256,
  packTextures: 128,
  packModels: 128,
  // Version 3: the other programs running during the scan, one per distinct executable
  // (docs/scan-client.md, "Other running programs").
  runningPrograms: 512,
} as const;

export type EvidenceCaps = typeof EVIDENCE_CAPS;
