import type { Tone } from '../../components';
import type {
  EvidenceSource,
  EvidenceSources,
  Proof,
  ScanEvidence,
  SectionStatus,
  Severity,
} from './evidence-api';

/*
 * How the evidence view words things (docs/scan-client.md, "Rules"): what a finding proves, by the
 * screenshare standard, and where its evidence is.
 */

/** What a finding proves, in words; a finding in a running process is worded apart from one in memory. */
export function proofWords(proves: Proof, source: EvidenceSource): string {
  switch (proves) {
    case 'possession':
      return source === 'amcache'
        ? 'Possession: Windows recorded the file on this computer (it may be gone since)'
        : 'Possession: the file is on the disk';
    case 'execution':
      return 'Execution: the program ran on this computer';
    case 'this-session':
      switch (source) {
        case 'processes':
          return 'This game session: a running process of the game';
        case 'runningPrograms':
          return 'This session: the program was running during the scan';
        case 'memory':
          return 'This game session: found in the running game’s memory';
        case 'modules':
          return 'This game session: loaded in the running game’s process';
        case 'jvm':
          return 'This game session: loaded in the running game';
        default:
          return 'This game session: since the player logged on';
      }
  }
}

export const SEVERITY: Record<Severity, [string, Tone]> = {
  detection: ['Detection', 'danger'],
  suspicious: ['Suspicious', 'warning'],
  warning: ['Warning', 'warning'],
  untrusted: ['Untrusted', 'info'],
  integrity: ['Integrity', 'info'],
};

export const STATUS: Record<SectionStatus, [string, Tone]> = {
  collected: ['Collected', 'success'],
  skipped: ['Skipped', 'neutral'],
  failed: ['Failed', 'danger'],
};

export const SOURCE_TITLES: Record<keyof EvidenceSources, string> = {
  processes: 'Game processes',
  memory: 'Game memory',
  files: 'Game files',
  logs: 'Game logs',
  discord: 'Discord accounts on the machine',
  network: 'Network adapters',
  system: 'System',
  prefetch: 'Prefetch',
  bam: 'BAM',
  pca: 'Program Compatibility Assistant',
  recycleBin: 'Recycle Bin',
  gameFolders: 'Game folders',
  programs: 'Programs that ran',
  eventLogs: 'Windows event logs',
  modules: 'Modules in the game process',
  usnJournal: 'USN journal (deleted and renamed files)',
  amcache: 'Amcache (program files Windows recorded)',
  macros: 'Click macros in mouse software',
  jvm: 'Java classes in no game or mod file, agents, attach traces',
  services: 'Windows services',
  shimcache: 'ShimCache (programs Windows met)',
};

/** The sources whose items the view draws, each with an id a finding can link to. */
export const LINKED_SOURCES: ReadonlySet<EvidenceSource> = new Set([
  'memory',
  'files',
  'processes',
  'runningPrograms',
  'programs',
  'modules',
  'jvm',
  'macros',
  'usnJournal',
  'usnJournalVolumes',
  'amcache',
  'services',
  'shimcache',
  'eventLogs',
  'eventLogFiles',
]);

/** The element id of one evidence item, which a finding links to. */
export function itemId(source: EvidenceSource, index: number): string {
  return `evidence-${source}-${index}`;
}

/** The evidence item a finding points at, named as the view shows it. */
export function itemName(doc: ScanEvidence['document'], source: EvidenceSource, index: number): string {
  const { sources } = doc;
  switch (source) {
    case 'files':
      return sources.files.items[index]?.path ?? `file ${index + 1}`;
    case 'memory': {
      const m = sources.memory.items[index];
      return m ? `memory of ${m.process} (pid ${m.pid})` : `memory item ${index + 1}`;
    }
    case 'processes': {
      const p = sources.processes.items[index];
      return p ? `process ${p.name} (pid ${p.pid})` : `process ${index + 1}`;
    }
    case 'programs':
      return sources.programs?.items[index]?.path ?? `program ${index + 1}`;
    case 'prefetch':
      return sources.prefetch?.items[index]?.path ?? 'the Prefetch folder';
    case 'bam':
      return sources.bam?.items[index]?.program ?? `BAM entry ${index + 1}`;
    case 'pca':
      return sources.pca?.items[index]?.path ?? `PCA entry ${index + 1}`;
    case 'recycleBin':
      return sources.recycleBin?.items[index]?.originalPath ?? `Recycle Bin item ${index + 1}`;
    case 'gameFolders':
      return sources.gameFolders?.items[index]?.path ?? `game folder item ${index + 1}`;
    case 'eventLogs': {
      const e = sources.eventLogs?.items[index];
      return e ? `${e.log} log event ${e.eventId}` : `event log item ${index + 1}`;
    }
    case 'eventLogFiles': {
      const l = sources.eventLogs?.logs[index];
      return l ? `the ${l.name} log` : `event log ${index + 1}`;
    }
    case 'modules':
      return sources.modules?.items[index]?.path ?? `module ${index + 1}`;
    case 'usnJournal': {
      const c = sources.usnJournal?.items[index];
      return c
        ? `${c.oldName ?? c.name ?? 'a file'} in the change journal of ${c.volume}`
        : 'the change journal';
    }
    case 'usnJournalVolumes': {
      const v = sources.usnJournal?.volumes[index];
      return v ? `the change journal of ${v.volume}` : 'the change journal';
    }
    case 'services': {
      const s = sources.services?.items[index];
      return s ? `service ${s.name}` : `service ${index + 1}`;
    }
    case 'shimcache':
      return sources.shimcache?.items[index]?.path ?? `ShimCache entry ${index + 1}`;
    case 'jvm': {
      const p = sources.jvm?.items[index];
      return p ? `Java process ${p.process} (pid ${p.pid})` : `Java process ${index + 1}`;
    }
    case 'amcache':
      return sources.amcache?.items[index]?.path ?? `Amcache record ${index + 1}`;
    case 'macros': {
      const m = sources.macros?.items[index];
      return m ? `${m.program} macro “${m.name}”` : `macro ${index + 1}`;
    }
    case 'resourcePacks':
      return sources.files.resourcePacks?.[index]?.path ?? `resource pack ${index + 1}`;
    case 'runningPrograms': {
      const p = sources.processes.others?.items[index];
      return p ? `running process ${p.name}` : `running program ${index + 1}`;
    }
  }
}

const UNITS = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'];

/** 1234 → "1.2 KiB". */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${bytes} bytes` : `${value.toFixed(1)} ${UNITS[unit]}`;
}

export const count = (n: number) => n.toLocaleString();
