import { win32 } from '../win32.js';

/** One module (the executable or a DLL) loaded in a process, as Toolhelp lists it. */
export interface LoadedModule {
  /** The file name (`szModule`). */
  name: string;
  /** The full path (`szExePath`); Toolhelp keeps at most MAX_PATH (260) characters of it. */
  path: string;
  /** Bytes of address space the module's image takes (`modBaseSize`). */
  size: number;
}

export interface ModuleList {
  modules: LoadedModule[];
  /** More modules were listed than the cap allowed. */
  truncated: boolean;
  /** Entries that could not be read (a size or a path that makes no sense): counted, never guessed. */
  skipped: number;
}

/**
 * `MODULEENTRY32W` on 64-bit Windows (tlhelp32.h; Microsoft's documentation of the structure):
 * dwSize at 0, th32ProcessID at 8, modBaseAddr at 24 (pointer-aligned), modBaseSize at 32, hModule
 * at 40, szModule (MAX_MODULE_NAME32 + 1 = 256 WCHARs) at 48, szExePath (MAX_PATH = 260 WCHARs) at
 * 560: 1080 bytes in all. The test checks these against mingw-w64's own tlhelp32.h.
 */
export const MODULEENTRY32W = {
  size: 1080,
  dwSize: 0,
  processId: 8,
  baseSize: 32,
  moduleName: 48,
  moduleNameChars: 256,
  exePath: 560,
  exePathChars: 260,
} as const;

/** A NUL-terminated UTF-16 string of at most `chars` characters at `at`. */
function wideString(entry: Buffer, at: number, chars: number): string {
  let end = at;
  const limit = at + chars * 2;
  while (end < limit && entry.readUInt16LE(end) !== 0) end += 2;
  return entry.toString('utf16le', at, end);
}

/**
 * One entry as `Module32FirstW`/`Module32NextW` filled it, or null when it cannot be one: a buffer
 * of the wrong size, a `dwSize` Windows did not leave as given, or no path.
 */
export function moduleEntryOf(entry: Buffer): LoadedModule | null {
  if (entry.length < MODULEENTRY32W.size) return null;
  if (entry.readUInt32LE(MODULEENTRY32W.dwSize) !== MODULEENTRY32W.size) return null;
  const path = wideString(entry, MODULEENTRY32W.exePath, MODULEENTRY32W.exePathChars);
  if (path === '') return null;
  return {
    name: wideString(entry, MODULEENTRY32W.moduleName, MODULEENTRY32W.moduleNameChars),
    path,
    size: entry.readUInt32LE(MODULEENTRY32W.baseSize),
  };
}

/**
 * Walks a module list: `step(entry, first)` fills `entry` as `Module32FirstW` (first) or
 * `Module32NextW` do and says whether there was one. Stops at `cap` modules, and after a bounded
 * number of calls whatever the list says, so a list that never ends cannot hold the scan.
 */
export function walkModules(step: (entry: Buffer, first: boolean) => boolean, cap: number): ModuleList {
  const modules: LoadedModule[] = [];
  let skipped = 0;
  let truncated = false;
  const entry = Buffer.alloc(MODULEENTRY32W.size);
  const maxCalls = cap * 4 + 16;
  const fill = (first: boolean): boolean => {
    entry.fill(0);
    entry.writeUInt32LE(MODULEENTRY32W.size, MODULEENTRY32W.dwSize);
    return step(entry, first);
  };
  for (let calls = 0, more = fill(true); more; more = fill(false)) {
    if (++calls > maxCalls || modules.length >= cap) {
      truncated = true;
      break;
    }
    const module = moduleEntryOf(entry);
    if (module === null) skipped++;
    else modules.push(module);
  }
  return { modules, truncated, skipped };
}

const TH32CS_SNAPMODULE = 0x0000_0008;
const TH32CS_SNAPMODULE32 = 0x0000_0010;
const INVALID_HANDLE_VALUE = 0xffff_ffff_ffff_ffffn;
const ERROR_ACCESS_DENIED = 5;
const ERROR_BAD_LENGTH = 24;
const ERROR_INVALID_PARAMETER = 87;
const ERROR_PARTIAL_COPY = 299;

/** An error whose `code` says what the memory and module sources tell the player (collect/memory.ts). */
function failure(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

/**
 * The modules loaded in process `pid`, 64-bit and 32-bit alike, through
 * `CreateToolhelp32Snapshot(TH32CS_SNAPMODULE | TH32CS_SNAPMODULE32, pid)` and
 * `Module32FirstW`/`Module32NextW` (Microsoft's Toolhelp documentation). Toolhelp lists the modules
 * the loader knows: code mapped into the process by hand (manual mapping) is not among them.
 * `ERROR_BAD_LENGTH` means the process was loading a module while the snapshot was taken: Microsoft
 * says to try again, which is done a few times.
 */
export async function listProcessModules(pid: number, cap: number): Promise<ModuleList> {
  const w = await win32();
  // biome-ignore lint/suspicious/noExplicitAny: a koffi handle.
  let snapshot: any = null;
  for (let attempt = 0; attempt < 5; attempt++) {
    snapshot = w.CreateToolhelp32Snapshot(TH32CS_SNAPMODULE | TH32CS_SNAPMODULE32, pid);
    if (snapshot !== null && w.koffi.address(snapshot) !== INVALID_HANDLE_VALUE) break;
    const error = w.GetLastError();
    snapshot = null;
    if (error === ERROR_BAD_LENGTH) continue;
    if (error === ERROR_ACCESS_DENIED) throw failure('Toolhelp: access denied', 'EACCES');
    if (error === ERROR_INVALID_PARAMETER) throw failure('Toolhelp: no such process', 'ESRCH');
    if (error === ERROR_PARTIAL_COPY)
      throw failure('Toolhelp could not read the module list (ERROR_PARTIAL_COPY)', 'EPARTIAL');
    throw failure(`CreateToolhelp32Snapshot failed (${error})`, `WIN32_${error}`);
  }
  if (snapshot === null) throw failure('the process kept loading modules while the list was taken', 'EBUSY');
  try {
    return walkModules(
      (entry, first) => Boolean(first ? w.Module32FirstW(snapshot, entry) : w.Module32NextW(snapshot, entry)),
      cap,
    );
  } finally {
    w.CloseHandle(snapshot);
  }
}
