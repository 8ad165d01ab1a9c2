import { type Win32, win32 } from '../win32.js';

/**
 * Administrator rights on Windows. Whether this process has them: the token's `TokenElevation`
 * (`OpenProcessToken`, `GetTokenInformation`; Microsoft Learn, "TOKEN_ELEVATION"). Asking for them:
 * a single executable cannot carry an application manifest without editing node.exe's resources
 * after the blob is injected, so the scanner starts itself again through `ShellExecuteExW` with the
 * verb `runas` (Windows shows its administrator prompt), with the same arguments, and waits for that
 * copy to end (docs/scan-client.md, "Run as administrator").
 */

const TOKEN_QUERY = 0x0008;
const TOKEN_ELEVATION = 20;
const SEE_MASK_NOCLOSEPROCESS = 0x0000_0040;
const SEE_MASK_NOASYNC = 0x0000_0100;
const SW_SHOWNORMAL = 1;
const INFINITE = 0xffff_ffff;
const ERROR_CANCELLED = 1223;

interface ElevationApi {
  GetCurrentProcess: () => unknown;
  OpenProcessToken: (process: unknown, access: number, token: unknown[]) => boolean;
  GetTokenInformation: (
    token: unknown,
    kind: number,
    out: Buffer,
    size: number,
    returned: number[],
  ) => boolean;
  ShellExecuteExW: (info: ShellExecuteInfo) => boolean;
  WaitForSingleObject: (handle: unknown, ms: number) => number;
  GetExitCodeProcess: (handle: unknown, code: number[]) => boolean;
  CloseHandle: (handle: unknown) => boolean;
}

interface ShellExecuteInfo {
  cbSize: number;
  fMask: number;
  hwnd: null;
  lpVerb: string;
  lpFile: string;
  lpParameters: string;
  lpDirectory: string;
  nShow: number;
  hInstApp: null;
  lpIDList: null;
  lpClass: null;
  hkeyClass: null;
  dwHotKey: number;
  hIconOrMonitor: null;
  hProcess: unknown;
}

let api: ElevationApi | null = null;

function bind(w: Win32): ElevationApi {
  if (api !== null) return api;
  const k = w.koffi;
  const kernel32 = k.load('kernel32.dll');
  const advapi32 = k.load('advapi32.dll');
  const shell32 = k.load('shell32.dll');
  // SHELLEXECUTEINFOW (shellapi.h); koffi lays it out with the platform's alignment (112 bytes on x64).
  k.struct('SCANPIN_SHELLEXECUTEINFOW', {
    cbSize: 'uint32',
    fMask: 'uint32',
    hwnd: 'void*',
    lpVerb: 'str16',
    lpFile: 'str16',
    lpParameters: 'str16',
    lpDirectory: 'str16',
    nShow: 'int',
    hInstApp: 'void*',
    lpIDList: 'void*',
    lpClass: 'str16',
    hkeyClass: 'void*',
    dwHotKey: 'uint32',
    hIconOrMonitor: 'void*',
    hProcess: 'void*',
  });
  api = {
    GetCurrentProcess: kernel32.func('void* __stdcall GetCurrentProcess()'),
    OpenProcessToken: advapi32.func(
      'bool __stdcall OpenProcessToken(void* process, uint32 access, _Out_ void** token)',
    ),
    GetTokenInformation: advapi32.func(
      'bool __stdcall GetTokenInformation(void* token, int kind, _Out_ uint8_t* out, uint32 size, _Out_ uint32* returned)',
    ),
    ShellExecuteExW: shell32.func('bool __stdcall ShellExecuteExW(_Inout_ SCANPIN_SHELLEXECUTEINFOW* info)'),
    WaitForSingleObject: kernel32.func('uint32 __stdcall WaitForSingleObject(void* handle, uint32 ms)'),
    GetExitCodeProcess: kernel32.func('bool __stdcall GetExitCodeProcess(void* handle, _Out_ uint32* code)'),
    CloseHandle: kernel32.func('bool __stdcall CloseHandle(void* handle)'),
  };
  return api;
}

/** True when this process runs elevated; null when Windows would not say. */
export async function isElevated(): Promise<boolean | null> {
  const w = await win32();
  const a = bind(w);
  const token: unknown[] = [null];
  if (!a.OpenProcessToken(a.GetCurrentProcess(), TOKEN_QUERY, token) || token[0] === null) return null;
  try {
    const out = Buffer.alloc(4);
    const returned = [0];
    if (!a.GetTokenInformation(token[0], TOKEN_ELEVATION, out, 4, returned)) return null;
    return out.readUInt32LE(0) !== 0;
  } finally {
    a.CloseHandle(token[0]);
  }
}

export type RelaunchResult =
  | { started: true; exitCode: number | null }
  | { started: false; declined: boolean; detail: string };

/**
 * Starts `file` with `parameters` (one Windows command line) elevated, in `directory`, and waits for
 * it. Windows gives the elevated copy its own console window: an elevated process cannot attach to a
 * console that a non-elevated one owns.
 */
export async function relaunchElevated(
  file: string,
  parameters: string,
  directory: string,
): Promise<RelaunchResult> {
  const w = await win32();
  const a = bind(w);
  const info: ShellExecuteInfo = {
    cbSize: w.koffi.sizeof('SCANPIN_SHELLEXECUTEINFOW'),
    fMask: SEE_MASK_NOCLOSEPROCESS | SEE_MASK_NOASYNC,
    hwnd: null,
    lpVerb: 'runas',
    lpFile: file,
    lpParameters: parameters,
    lpDirectory: directory,
    nShow: SW_SHOWNORMAL,
    hInstApp: null,
    lpIDList: null,
    lpClass: null,
    hkeyClass: null,
    dwHotKey: 0,
    hIconOrMonitor: null,
    hProcess: null,
  };
  if (!a.ShellExecuteExW(info)) {
    const code = w.GetLastError() as number;
    return {
      started: false,
      declined: code === ERROR_CANCELLED,
      detail: code === ERROR_CANCELLED ? 'declined at the prompt' : `Windows error ${code}`,
    };
  }
  if (info.hProcess === null) return { started: true, exitCode: null };
  try {
    a.WaitForSingleObject(info.hProcess, INFINITE);
    const code = [0];
    return { started: true, exitCode: a.GetExitCodeProcess(info.hProcess, code) ? (code[0] ?? null) : null };
  } finally {
    a.CloseHandle(info.hProcess);
  }
}
