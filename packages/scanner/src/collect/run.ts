import { disclosedSources } from '../disclosure.js';
import type { EvidenceSourceName, EvidenceSources, ScanPlan, SourceFields } from '../evidence/document.js';
import type { CollectContext, Collector, Machine } from './context.js';
import { SkipSource } from './context.js';
import { collectDiscord } from './discord.js';
import { collectFiles } from './files.js';
import { collectJvm } from './jvm.js';
import { collectLogs } from './logs.js';
import { collectMemory } from './memory.js';
import { collectNetwork } from './network.js';
import { collectProcesses } from './processes.js';
import { collectSystem } from './system.js';
import { collectAmcache } from './windows/amcache.js';
import { collectBam } from './windows/bam.js';
import { collectEventLogs } from './windows/event-logs.js';
import { collectGameFolders } from './windows/game-folders.js';
import { collectMacros } from './windows/macros.js';
import { collectModules } from './windows/modules.js';
import { collectPca } from './windows/pca.js';
import { collectPrefetch } from './windows/prefetch.js';
import { collectPrograms } from './windows/programs.js';
import { collectRecycleBin } from './windows/recycle-bin.js';
import { collectServices } from './windows/services.js';
import { collectShimCache } from './windows/shimcache.js';
import { collectUsnJournal } from './windows/usn-journal.js';

/**
 * The systems a collector reads on (`process.platform`): `any`, or the list. Elsewhere it skips with
 * a reason and reads nothing. The disclosure must name the source for each of them wherever a plan
 * asks for it (test/scanner/disclosure.test.ts holds the two together and runs the collectors to
 * check this).
 */
export type ReadsOn = 'any' | readonly NodeJS.Platform[];

const WINDOWS: ReadsOn = ['win32'];
/** The game's processes, their memory and its Java classes: read on Linux and Windows so far. */
const LINUX_AND_WINDOWS: ReadsOn = ['linux', 'win32'];

/**
 * Each source: its collector, where it reads, what a skipped one holds, and what the player is told
 * while it runs.
 */
const SOURCES: {
  [K in EvidenceSourceName]: {
    collect: Collector<K>;
    reads: ReadsOn;
    empty: () => SourceFields<K>;
    step: string;
  };
} = {
  system: {
    collect: collectSystem,
    reads: 'any',
    empty: () => ({
      os: null,
      bootedAt: null,
      logonAt: null,
      virtualMachine: [],
      clientTime: new Date().toISOString(),
    }),
    step: 'Reading system information',
  },
  network: {
    collect: collectNetwork,
    reads: 'any',
    empty: () => ({ adapters: [] }),
    step: 'Checking network adapters',
  },
  processes: {
    collect: collectProcesses,
    reads: LINUX_AND_WINDOWS,
    empty: () => ({ items: [] }),
    step: "Looking for the game's processes",
  },
  memory: {
    collect: collectMemory,
    reads: LINUX_AND_WINDOWS,
    empty: () => ({ items: [] }),
    step: "Reading the game's memory",
  },
  modules: {
    collect: collectModules,
    reads: WINDOWS,
    empty: () => ({ processes: [], items: [] }),
    step: 'Listing the modules loaded in the game and their signatures',
  },
  jvm: {
    collect: collectJvm,
    reads: LINUX_AND_WINDOWS,
    empty: () => ({ items: [] }),
    step: 'Looking for Java classes that no game or mod file holds',
  },
  files: {
    collect: collectFiles,
    reads: 'any',
    empty: () => ({ installations: [], items: [] }),
    step: 'Looking at game installations',
  },
  logs: {
    collect: collectLogs,
    reads: 'any',
    empty: () => ({ items: [] }),
    step: 'Reading the newest game logs',
  },
  discord: {
    collect: collectDiscord,
    reads: 'any',
    empty: () => ({ accounts: [] }),
    step: 'Looking for Discord accounts',
  },
  prefetch: {
    collect: collectPrefetch,
    reads: WINDOWS,
    empty: () => ({
      enabled: null,
      folder: null,
      folderModifiedAt: null,
      filesTotal: 0,
      unreadable: 0,
      items: [],
    }),
    step: 'Reading Windows Prefetch',
  },
  bam: {
    collect: collectBam,
    reads: WINDOWS,
    empty: () => ({ from: null, controlSet: null, items: [] }),
    step: 'Reading the last run of each program (BAM)',
  },
  pca: {
    collect: collectPca,
    reads: WINDOWS,
    empty: () => ({ skippedLines: 0, items: [] }),
    step: 'Reading program launch records (PCA)',
  },
  recycleBin: {
    collect: collectRecycleBin,
    reads: WINDOWS,
    empty: () => ({ drives: [], items: [] }),
    step: 'Reading the Recycle Bin records',
  },
  gameFolders: {
    collect: collectGameFolders,
    reads: WINDOWS,
    empty: () => ({ folders: [], items: [] }),
    step: 'Looking at FiveM, SA-MP, temp and macro software folders',
  },
  eventLogs: {
    collect: collectEventLogs,
    reads: WINDOWS,
    empty: () => ({ logs: [], items: [] }),
    step: 'Reading the Windows event logs (System, Application, Security)',
  },
  usnJournal: {
    collect: collectUsnJournal,
    reads: WINDOWS,
    empty: () => ({ elevated: null, windowHours: 0, volumes: [], items: [] }),
    step: 'Reading the file system change journal (deleted and renamed files)',
  },
  macros: {
    collect: collectMacros,
    reads: WINDOWS,
    empty: () => ({ programs: [], items: [], unreadable: [] }),
    step: 'Reading the click macros of mouse software',
  },
  services: {
    collect: collectServices,
    reads: WINDOWS,
    empty: () => ({ from: null, controlSet: null, items: [] }),
    step: 'Checking the Windows services that keep these records',
  },
  shimcache: {
    collect: collectShimCache,
    reads: WINDOWS,
    empty: () => ({ from: null, controlSet: null, format: null, entriesTotal: 0, stopped: null, items: [] }),
    step: 'Reading the programs Windows met (ShimCache)',
  },
  amcache: {
    collect: collectAmcache,
    reads: WINDOWS,
    empty: () => ({ from: null, recordsTotal: 0, badFileIds: 0, damagedRecords: 0, items: [] }),
    step: 'Reading the program files Windows recorded (Amcache)',
  },
  programs: {
    collect: collectPrograms,
    reads: WINDOWS,
    empty: () => ({ items: [] }),
    step: 'Checking the programs that ran: still there, signed, when',
  },
};

/**
 * The order sources run in: memory needs the processes found before it, and `programs` cross-checks
 * the processes, Prefetch, BAM, PCA and Recycle Bin read before it.
 */
export const SOURCE_ORDER: EvidenceSourceName[] = [
  'system',
  'network',
  'processes',
  'memory',
  'modules',
  'jvm',
  'files',
  'logs',
  'discord',
  'prefetch',
  'bam',
  'pca',
  'recycleBin',
  'gameFolders',
  'eventLogs',
  'usnJournal',
  'macros',
  'services',
  'shimcache',
  'amcache',
  'programs',
];

/** Whether the collector of `source` reads anything on `platform` (a live machine, nothing planted). */
export function readsOn(source: EvidenceSourceName, platform: string): boolean {
  const { reads } = SOURCES[source];
  return reads === 'any' || (reads as readonly string[]).includes(platform);
}

export type Progress = (percent: number, message: string) => Promise<void> | void;

/** An error as a short reason: never a stack, and no path beyond what the evidence would show. */
function reasonOf(error: unknown, display: (p: string) => string): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/(\/[^\s'"]+|[A-Za-z]:\\[^\s'"]+)/g, (p) => display(p)).slice(0, 500);
}

/**
 * Runs every source the plan asks for, in order, and returns the document's sources section
 * (docs/scan-client.md, "The evidence document"): each source collected, skipped with its reason, or
 * failed with a short one. Progress rises from 5 to 95 as the sources run, one step for each source
 * the consent prompt named on this system (`disclosedSources`): a source of another system only (the
 * Windows records on Linux) still runs, to say in its section why it read nothing, without a step.
 */
export async function collectEvidence(
  machine: Machine,
  game: string,
  plan: ScanPlan,
  display: (path: string) => string,
  progress: Progress,
): Promise<EvidenceSources> {
  const wanted = SOURCE_ORDER.filter((s) => plan.sources.includes(s));
  const shown = disclosedSources(machine.platform, plan);
  const steps = wanted.filter((s) => shown.has(s)).length;
  const earlier: CollectContext['earlier'] = {};
  const sources: Partial<Record<EvidenceSourceName, unknown>> = {};
  let done = 0;
  for (const name of SOURCE_ORDER) {
    const source = SOURCES[name] as (typeof SOURCES)[EvidenceSourceName];
    if (!wanted.includes(name)) {
      sources[name] = { status: 'skipped', reason: 'Not asked for by this scan’s plan.', ...source.empty() };
      continue;
    }
    const step = shown.has(name);
    if (step) await progress(5 + Math.floor((90 * done) / steps), source.step);
    const ctx: CollectContext = { machine, game, plan, display, earlier };
    try {
      const fields = await (source.collect as Collector<typeof name>)(ctx);
      (earlier as Record<string, unknown>)[name] = fields;
      sources[name] = { status: 'collected', reason: null, ...fields };
    } catch (error) {
      const skipped = error instanceof SkipSource;
      sources[name] = {
        status: skipped ? 'skipped' : 'failed',
        reason: skipped ? error.message : reasonOf(error, display),
        ...source.empty(),
      };
    }
    if (step) done++;
  }
  return sources as EvidenceSources;
}
