/**
 * The scan client's evidence document (docs/scan-client.md, "The evidence document"): what one scan
 * collected, source by source. The HTTP schema (`http/routes/scanner/evidence-schema.ts`) checks the
 * wire form against these types and limits.
 */

/**
 * Version 2 added the Windows sources (Prefetch, BAM, PCA, Recycle Bin, programs that ran, game
 * folders). They are optional, so a version 1 document is still accepted and reads as if they were
 * not sent.
 */
export const EVIDENCE_SCHEMA_VERSION = 2;
export const EVIDENCE_SCHEMA_VERSIONS = [1, 2] as const;
export type EvidenceSchemaVersion = (typeof EVIDENCE_SCHEMA_VERSIONS)[number];

/** Caps on every list and string, so a document stays far below the 16 MiB upload limit. */
export const EVIDENCE_LIMITS = {
  text: 500,
  name: 200,
  path: 1024,
  commandLine: 8192,
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
} as const;

/** The most an upload may hold once decompressed (413 payload_too_large past it). */
export const EVIDENCE_MAX_BYTES = 16 * 1024 * 1024;

export type SectionStatus = 'collected' | 'skipped' | 'failed';

export interface SectionHeader {
  status: SectionStatus;
  reason: string | null;
}

export interface ProcessEvidence {
  pid: number;
  name: string;
  path: string | null;
  sha256: string | null;
  startedAt: string | null;
  commandLine: string;
  injections: string[];
}

export interface GameRunning {
  /** The process names the client looked for. */
  expected: string[];
  running: boolean;
  /** How long the client waited for the player to start the game. */
  waitedSeconds: number;
}

export interface MemoryEvidence {
  pid: number;
  process: string;
  readable: boolean;
  reason: string | null;
  bytesScanned: number;
  regions: number;
  classNames: string[];
  strings: string[];
  truncated: boolean;
}

export interface FileEvidence {
  path: string;
  /** Where the file points when it is a symbolic link to a regular file (read as the game loads it). */
  linkTarget?: string;
  kind: 'jar' | 'zip' | 'file';
  size: number;
  modifiedAt: string | null;
  createdAt: string | null;
  sha256: string;
  /** The first entries, class files first when there are more than the cap. */
  entries: string[];
  /** Every entry of the archive, listed or not. */
  entriesTotal: number;
}

export interface LogEvidence {
  path: string;
  lines: string[];
}

export interface DiscordAccountEvidence {
  id: string;
  username: string;
  client: string;
}

export type AdapterKind = 'vpn' | 'tunnel' | 'ethernet' | 'wireless' | 'loopback' | 'virtual' | 'other';

export interface AdapterEvidence {
  name: string;
  kind: AdapterKind;
  up: boolean;
  hasAddress: boolean;
  description: string | null;
}

/** One Prefetch file (docs/scan-client.md, "Windows Prefetch"). */
export interface PrefetchEvidence {
  /** The `.pf` file, as shown (`C:/Windows/Prefetch/CHEAT.EXE-1A2B3C4D.pf`). */
  path: string;
  version: number;
  executable: string;
  hash: string;
  runCount: number;
  /** Newest first, at most eight. */
  lastRuns: string[];
  /** The executable's own path among the files it loaded (a device path), when it is listed. */
  executablePath: string | null;
  /** The `.pf` file's own times. */
  modifiedAt: string | null;
  createdAt: string | null;
}

export interface BamEvidence {
  service: 'bam' | 'dam';
  sid: string;
  /** A device path (`\Device\HarddiskVolume3\...\game.exe`) or a packaged app's family name. */
  program: string;
  lastRun: string;
}

export interface PcaEvidence {
  file: 'PcaAppLaunchDic.txt' | 'PcaGeneralDb0.txt' | 'PcaGeneralDb1.txt';
  /**
   * The program's path as the file wrote it, a folder variable (`%programfiles%`) resolved where the
   * scanner knows it, the home folder shortened to `~`.
   */
  path: string;
  time: string;
  runStatus: string | null;
  exitCode: string | null;
  /** The general log's details, when it wrote them; absent from older scanners' documents. */
  description?: string;
  vendor?: string;
  version?: string;
  /** The program id Amcache uses. */
  programId?: string;
}

export interface RecycleBinEvidence {
  /** The `$I` file, as shown. */
  path: string;
  version: number;
  originalPath: string;
  size: number;
  deletedAt: string | null;
  /** Its `$R` data file is still in the bin. */
  dataPresent: boolean;
}

export interface GameFolderEvidence {
  path: string;
  /** Which known folder it was found in: `FiveM plugins`, `SA-MP cleo`, `temp`, `macro software`, … */
  folder: string;
  kind: 'file' | 'folder';
  size: number;
  modifiedAt: string | null;
  createdAt: string | null;
  sha256: string | null;
}

export type SignatureStatus =
  | 'unsigned'
  | 'signed-valid'
  | 'signed-invalid'
  | 'signed-unverifiable'
  | 'unreadable'
  | 'not-read';

export interface ProgramSignature {
  status: SignatureStatus;
  signer: string | null;
  issuer: string | null;
  selfSigned: boolean | null;
  /** Why a signature is invalid or was not read. */
  reason: string | null;
  signedAt: string | null;
}

export const TIMELINE_SOURCES = [
  'process',
  'prefetch',
  'bam',
  'pca',
  'file-created',
  'file-modified',
  'recycle-bin',
] as const;
export type TimelineSource = (typeof TIMELINE_SOURCES)[number];

export interface TimelineEntry {
  source: TimelineSource;
  at: string;
}

/** One program that the Windows sources show ran (docs/scan-client.md, "Programs that ran"). */
export interface ProgramEvidence {
  path: string;
  name: string;
  /** The file is still on a drive the scan could see. */
  exists: boolean;
  sha256: string | null;
  modifiedAt: string | null;
  createdAt: string | null;
  signature: ProgramSignature | null;
  /** Every time known for it, oldest first. */
  timeline: TimelineEntry[];
}

export interface EvidenceSources {
  processes: SectionHeader & {
    items: ProcessEvidence[];
    /** Whether the PIN's game was running (absent from older clients): domain/evidence-assurance.ts. */
    game?: GameRunning;
  };
  memory: SectionHeader & { items: MemoryEvidence[] };
  files: SectionHeader & {
    installations: string[];
    items: FileEvidence[];
    /**
     * How many files would have been listed without the cap (absent from older clients); more than
     * `items` holds means a file may be hidden among the rest (domain/evidence-coverage.ts).
     */
    itemsTotal?: number;
  };
  logs: SectionHeader & { items: LogEvidence[] };
  discord: SectionHeader & { accounts: DiscordAccountEvidence[] };
  network: SectionHeader & { adapters: AdapterEvidence[] };
  system: SectionHeader & {
    os: string | null;
    bootedAt: string | null;
    logonAt: string | null;
    virtualMachine: string[];
    clientTime: string;
  };
  prefetch?: SectionHeader & {
    /** From the SYSTEM hive's `EnablePrefetcher`; null when it could not be read. */
    enabled: boolean | null;
    folder: string | null;
    folderModifiedAt: string | null;
    filesTotal: number;
    unreadable: number;
    items: PrefetchEvidence[];
  };
  bam?: SectionHeader & {
    from: 'hive-file' | 'registry' | null;
    controlSet: string | null;
    items: BamEvidence[];
  };
  pca?: SectionHeader & { skippedLines: number; items: PcaEvidence[] };
  recycleBin?: SectionHeader & { drives: string[]; items: RecycleBinEvidence[] };
  gameFolders?: SectionHeader & { folders: string[]; items: GameFolderEvidence[] };
  programs?: SectionHeader & { items: ProgramEvidence[] };
}

export type EvidenceSourceName = keyof EvidenceSources;

export const EVIDENCE_SOURCE_NAMES: readonly EvidenceSourceName[] = [
  'processes',
  'memory',
  'files',
  'logs',
  'discord',
  'network',
  'system',
  'prefetch',
  'bam',
  'pca',
  'recycleBin',
  'gameFolders',
  'programs',
];

export interface EvidenceDocument {
  schema: EvidenceSchemaVersion;
  nonce: string;
  client: { version: string; platform: string; arch: string };
  sources: EvidenceSources;
}
