import { filetimeToIso, readFiletime } from './filetime-iso.js';
import type { Hive } from './registry/hive.js';
import { HiveFormatError } from './registry/hive-format-error.js';
import type { RegistryKey } from './registry/key.js';
import { REG_BINARY, REG_DWORD } from './registry/value-types.js';

/**
 * BAM and DAM (Background / Desktop Activity Moderator), Windows 10 1709 and later: per user SID, one
 * REG_BINARY value per program whose first 8 bytes are the FILETIME of its last execution. The value
 * name is the program: a device path (`\Device\HarddiskVolume3\...\game.exe`) or a packaged app's
 * family name. Windows 10 1709 to 1803 keep the SIDs directly under `bam\UserSettings`; later
 * versions under `bam\State\UserSettings`. Both are read, in the control set `Select\Current` names.
 * docs/scan-client.md says what this proves and how it is verified.
 */

export interface BamEntry {
  /** Which of the two services recorded it. */
  service: 'bam' | 'dam';
  sid: string;
  program: string;
  /** ISO 8601 UTC with milliseconds. */
  lastRun: string;
}

export interface BamReport {
  /** `ControlSet00N` from `Select\Current`, or null if the hive has no usable `Select` key. */
  controlSet: string | null;
  entries: BamEntry[];
  /** Program values that could not be read: not REG_BINARY, shorter than 8 bytes, a zero time, damaged. */
  skippedValues: number;
}

const SERVICES = ['bam', 'dam'] as const;
const LAYOUTS = ['State\\UserSettings', 'UserSettings'];
/** Bookkeeping values next to the programs, not programs. */
const NOT_PROGRAMS = new Set(['VERSION', 'SEQUENCENUMBER']);

/** The current control set's name, from `Select\Current` (a REG_DWORD such as 1 → ControlSet001). */
export function currentControlSet(system: Hive): string | null {
  const current = system.key('Select')?.value('Current');
  if (current === undefined || current === null || current.type !== REG_DWORD) return null;
  const decoded = current.decoded();
  if (decoded.kind !== 'dword' || decoded.value < 1 || decoded.value > 999) return null;
  return `ControlSet${String(decoded.value).padStart(3, '0')}`;
}

/** Reads BAM and DAM from a SYSTEM hive. Damage in a key's structure throws `HiveFormatError`. */
export function readBam(system: Hive): BamReport {
  const controlSet = currentControlSet(system);
  const report: BamReport = { controlSet, entries: [], skippedValues: 0 };
  if (controlSet === null) return report;
  for (const service of SERVICES) {
    for (const layout of LAYOUTS) {
      const userSettings = system.key(`${controlSet}\\Services\\${service}\\${layout}`);
      if (userSettings === null) continue;
      for (const sidKey of userSettings.subkeys()) readSid(service, sidKey, report);
    }
  }
  return report;
}

function readSid(service: BamEntry['service'], sidKey: RegistryKey, report: BamReport): void {
  for (const value of sidKey.values()) {
    if (NOT_PROGRAMS.has(value.name.toUpperCase())) continue;
    let lastRun: string | null = null;
    try {
      const data = value.type === REG_BINARY ? value.data() : null;
      if (data !== null && data.length >= 8) lastRun = filetimeToIso(readFiletime(data, 0));
    } catch (error) {
      if (!(error instanceof HiveFormatError)) throw error;
    }
    if (lastRun === null || value.name === '') {
      report.skippedValues++;
      continue;
    }
    report.entries.push({ service, sid: sidKey.name, program: value.name, lastRun });
  }
}
