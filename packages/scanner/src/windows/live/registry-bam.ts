import type { BamEntry, BamReport } from '../bam.js';
import { filetimeToIso, readFiletime } from '../filetime-iso.js';
import { REG_BINARY } from '../registry/value-types.js';
import {
  ERROR_ACCESS_DENIED,
  ERROR_MORE_DATA,
  ERROR_NO_MORE_ITEMS,
  ERROR_SUCCESS,
  HKEY_LOCAL_MACHINE,
  KEY_READ,
  KEY_WOW64_64KEY,
  type Win32,
  win32,
} from '../win32.js';

/** Registry limits (Microsoft, "Registry element size limits"): key names 255, value names 16 383 characters. */
const MAX_KEY_NAME = 256;
const MAX_VALUE_NAME = 16_384;
/** BAM data is 24 bytes; anything longer than this is not a BAM record and is skipped. */
const MAX_DATA = 4096;
const NOT_PROGRAMS = new Set(['VERSION', 'SEQUENCENUMBER']);

type Key = bigint;

function open(w: Win32, parent: Key, path: string): Key | null {
  const out: [Key | null] = [null];
  const status = w.RegOpenKeyExW(parent, path, 0, KEY_READ | KEY_WOW64_64KEY, out);
  if (status === ERROR_SUCCESS && out[0] !== null) return out[0];
  if (status === ERROR_ACCESS_DENIED)
    throw Object.assign(new Error(`Permission denied opening HKLM\\${path}: run as administrator`), {
      code: 'EACCES',
    });
  return null;
}

function subkeyNames(w: Win32, key: Key): string[] {
  const names: string[] = [];
  const name = Buffer.alloc(MAX_KEY_NAME * 2);
  for (let index = 0; ; index++) {
    const length = [MAX_KEY_NAME];
    const status = w.RegEnumKeyExW(key, index, name, length, null, null, null, null);
    if (status === ERROR_NO_MORE_ITEMS) break;
    if (status !== ERROR_SUCCESS) break;
    names.push(name.toString('utf16le', 0, (length[0] ?? 0) * 2));
  }
  return names;
}

interface RawValue {
  name: string;
  type: number;
  data: Buffer;
}

/** Every value of a key; values too large to be BAM records are counted, not read. */
function values(w: Win32, key: Key): { values: RawValue[]; tooLarge: number } {
  const out: RawValue[] = [];
  let tooLarge = 0;
  const name = Buffer.alloc(MAX_VALUE_NAME * 2);
  const data = Buffer.alloc(MAX_DATA);
  for (let index = 0; ; index++) {
    const nameLength = [MAX_VALUE_NAME];
    const type = [0];
    const dataLength = [MAX_DATA];
    const status = w.RegEnumValueW(key, index, name, nameLength, null, type, data, dataLength);
    if (status === ERROR_NO_MORE_ITEMS) break;
    if (status === ERROR_MORE_DATA) {
      tooLarge++;
      continue;
    }
    if (status !== ERROR_SUCCESS) break;
    out.push({
      name: name.toString('utf16le', 0, (nameLength[0] ?? 0) * 2),
      type: type[0] ?? 0,
      data: Buffer.from(data.subarray(0, Math.min(dataLength[0] ?? 0, MAX_DATA))),
    });
  }
  return { values: out, tooLarge };
}

/** One SID's programs, by the same rule as the hive reader (windows/bam.ts). */
export function bamEntriesOf(
  service: BamEntry['service'],
  sid: string,
  raw: readonly RawValue[],
): { entries: BamEntry[]; skipped: number } {
  const entries: BamEntry[] = [];
  let skipped = 0;
  for (const value of raw) {
    if (NOT_PROGRAMS.has(value.name.toUpperCase())) continue;
    const lastRun =
      value.type === REG_BINARY && value.data.length >= 8 ? filetimeToIso(readFiletime(value.data, 0)) : null;
    if (lastRun === null || value.name === '') {
      skipped++;
      continue;
    }
    entries.push({ service, sid, program: value.name, lastRun });
  }
  return { entries, skipped };
}

/**
 * BAM and DAM from the live registry (`RegOpenKeyExW`, `RegEnumKeyExW`, `RegEnumValueW`), where the
 * SYSTEM hive file is locked by Windows: `HKLM\SYSTEM\CurrentControlSet\Services\{bam,dam}\` under
 * `State\UserSettings` (Windows 10 1809 and later) or `UserSettings` (1709 to 1803). Reading them
 * needs administrator rights; a refusal throws with code `EACCES`.
 */
export async function readLiveBam(): Promise<BamReport> {
  const w = await win32();
  const report: BamReport = { controlSet: 'CurrentControlSet', entries: [], skippedValues: 0 };
  for (const service of ['bam', 'dam'] as const) {
    for (const layout of ['State\\UserSettings', 'UserSettings']) {
      const userSettings = open(
        w,
        HKEY_LOCAL_MACHINE,
        `SYSTEM\\CurrentControlSet\\Services\\${service}\\${layout}`,
      );
      if (userSettings === null) continue;
      try {
        for (const sid of subkeyNames(w, userSettings)) {
          const sidKey = open(w, userSettings, sid);
          if (sidKey === null) continue;
          try {
            const read = values(w, sidKey);
            const found = bamEntriesOf(service, sid, read.values);
            report.entries.push(...found.entries);
            report.skippedValues += found.skipped + read.tooLarge;
          } finally {
            w.RegCloseKey(sidKey);
          }
        }
      } finally {
        w.RegCloseKey(userSettings);
      }
    }
  }
  return report;
}
