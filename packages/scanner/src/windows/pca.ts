import { type DecodedText, decodeWindowsText, type TextEncoding } from './text-encoding.js';

/**
 * The Program Compatibility Assistant's launch records, Windows 11 22H2 and later, in
 * `C:\Windows\appcompat\pca\` (Rathbun and Gonzalez, "New Windows 11 Pro (22H2) Evidence of Execution
 * Artifact!", aboutdfir.com; Sygnia, "Diving into the new Windows 11 PCA artifact"):
 *
 * - `PcaAppLaunchDic.txt`: one line per program, `path|YYYY-MM-DD HH:MM:SS.fff`, its last launch in
 *   UTC. A line stays after the program's file is deleted.
 * - `PcaGeneralDb0.txt` (and `PcaGeneralDb1.txt`, its predecessor): one line per event,
 *   `time|run status|path|description|vendor|version|program id|exit code`, the program id being the
 *   one Amcache uses.
 *
 * The encoding is detected (text-encoding.ts), line ends may be CRLF or LF, and lines that do not fit
 * are skipped and counted rather than failing the file: a file being written, or damaged, still
 * gives what it can. Blank lines are not counted.
 *
 * The general log writes most paths through a folder variable (`%programfiles%\…`, `%USERPROFILE%\…`)
 * or without a drive (`\program files\git\…`), not as `C:\…` (on the real RathbunVM files, every
 * one of them): such a path is kept as written here, and resolved by the collectors
 * (docs/scan-client.md, "Windows execution records").
 */

export interface PcaLaunch {
  path: string;
  /** ISO 8601 UTC with milliseconds. */
  lastRun: string;
  /** 1-based line number in the file. */
  line: number;
}

export interface PcaGeneralRecord {
  time: string;
  /** As written; its values are not publicly documented in full. */
  runStatus: string;
  path: string;
  description: string;
  vendor: string;
  version: string;
  programId: string;
  exitCode: string;
  line: number;
}

export interface PcaFile<T> {
  encoding: TextEncoding;
  bom: boolean;
  entries: T[];
  skippedLines: number;
}

const GENERAL_DB_FIELDS = 8;
const TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,7}))?$/;

/** `2023-05-25 01:20:30.123` (UTC) to `2023-05-25T01:20:30.123Z`; null if not a real time. */
export function pcaTimeToIso(text: string): string | null {
  const match = TIME.exec(text.trim());
  if (match === null) return null;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as number[];
  const ms = Number((match[7] ?? '0').padEnd(3, '0').slice(0, 3));
  const date = new Date(Date.UTC(year as number, (month as number) - 1, day, hour, minute, second, ms));
  // Date.UTC rolls 2023-02-30 over into March: a real time survives the round trip unchanged.
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== (month as number) - 1 ||
    date.getUTCDate() !== day ||
    date.getUTCHours() !== hour ||
    date.getUTCMinutes() !== minute ||
    date.getUTCSeconds() !== second
  ) {
    return null;
  }
  return date.toISOString();
}

function lines(decoded: DecodedText): { text: string; line: number }[] {
  return decoded.text
    .split(/\r\n|\n|\r/)
    .map((text, i) => ({ text: text.replace(/\0+$/, ''), line: i + 1 }))
    .filter(({ text }) => text.trim() !== '');
}

export function parsePcaAppLaunchDic(bytes: Uint8Array): PcaFile<PcaLaunch> {
  const decoded = decodeWindowsText(bytes);
  const file: PcaFile<PcaLaunch> = {
    encoding: decoded.encoding,
    bom: decoded.bom,
    entries: [],
    skippedLines: 0,
  };
  for (const { text, line } of lines(decoded)) {
    // Windows paths cannot contain '|', so the last one separates the time.
    const bar = text.lastIndexOf('|');
    const path = bar > 0 ? text.slice(0, bar).trim() : '';
    const lastRun = bar > 0 ? pcaTimeToIso(text.slice(bar + 1)) : null;
    if (path === '' || lastRun === null) file.skippedLines++;
    else file.entries.push({ path, lastRun, line });
  }
  return file;
}

export function parsePcaGeneralDb(bytes: Uint8Array): PcaFile<PcaGeneralRecord> {
  const decoded = decodeWindowsText(bytes);
  const file: PcaFile<PcaGeneralRecord> = {
    encoding: decoded.encoding,
    bom: decoded.bom,
    entries: [],
    skippedLines: 0,
  };
  for (const { text, line } of lines(decoded)) {
    const fields = text.split('|');
    const time = fields.length === GENERAL_DB_FIELDS ? pcaTimeToIso(fields[0] as string) : null;
    const [, runStatus, path, description, vendor, version, programId, exitCode] = fields as string[];
    if (time === null || path === undefined || path.trim() === '') {
      file.skippedLines++;
      continue;
    }
    file.entries.push({
      time,
      runStatus: (runStatus as string).trim(),
      path: path.trim(),
      description: description as string,
      vendor: vendor as string,
      version: version as string,
      programId: programId as string,
      exitCode: (exitCode as string).trim(),
      line,
    });
  }
  return file;
}

/** A path written through a folder variable: `%programfiles%\x\y.exe` → `programfiles`, `\x\y.exe`. */
export interface VariablePath {
  /** Lower case, as the variable's name is case-insensitive on Windows. */
  variable: string;
  /** Starts with a backslash, or is empty when the path is the folder itself. */
  rest: string;
}

export function variablePathOf(path: string): VariablePath | null {
  const match = /^%([^%\\/]+)%([\\/].*)?$/.exec(path);
  if (match === null) return null;
  return { variable: (match[1] as string).toLowerCase(), rest: (match[2] ?? '').replaceAll('/', '\\') };
}

/**
 * The folder variables PCA writes, and where a default Windows installation puts each inside the
 * system volume. They are the fallback when the machine's own value is not known: the file is then
 * looked for at that inner path on every drive. `userprofile`, `appdata` and `localappdata` are the
 * scanning player's own folders and are not listed here.
 */
export const DEFAULT_FOLDERS: Readonly<Record<string, string>> = {
  programfiles: '\\Program Files',
  programw6432: '\\Program Files',
  'programfiles(x86)': '\\Program Files (x86)',
  commonprogramfiles: '\\Program Files\\Common Files',
  commonprogramw6432: '\\Program Files\\Common Files',
  'commonprogramfiles(x86)': '\\Program Files (x86)\\Common Files',
  programdata: '\\ProgramData',
  allusersprofile: '\\ProgramData',
  public: '\\Users\\Public',
  systemroot: '\\Windows',
  windir: '\\Windows',
};

/** The environment variables a folder variable is read from (Windows names them case-insensitively). */
export const FOLDER_ENVIRONMENT: Readonly<Record<string, string>> = {
  programfiles: 'ProgramFiles',
  programw6432: 'ProgramW6432',
  'programfiles(x86)': 'ProgramFiles(x86)',
  commonprogramfiles: 'CommonProgramFiles',
  commonprogramw6432: 'CommonProgramW6432',
  'commonprogramfiles(x86)': 'CommonProgramFiles(x86)',
  programdata: 'ProgramData',
  allusersprofile: 'ALLUSERSPROFILE',
  public: 'PUBLIC',
  appdata: 'APPDATA',
  localappdata: 'LOCALAPPDATA',
};
