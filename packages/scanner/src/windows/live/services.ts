import { type StartType, startTypeOf } from '../services.js';
import { ERROR_ACCESS_DENIED, type Win32, win32 } from '../win32.js';

/**
 * The forensic services' live state from the Service Control Manager (advapi32: `OpenSCManagerW`,
 * `OpenServiceW`, `QueryServiceStatusEx`, `QueryServiceConfigW`, `CloseServiceHandle`, as Microsoft's
 * Win32 documentation describes them). Reading a service's status and configuration needs no
 * administrator rights. Where the SYSTEM hive file is locked (a running Windows), this is also where
 * the start type comes from; the hive file and the SCM say the same thing (`Start` is what the SCM
 * reads at boot), except that a change made since boot is in both at once.
 */

/** `dwCurrentState` of SERVICE_STATUS_PROCESS (winsvc.h). */
export const SERVICE_STATES = [
  null,
  'stopped',
  'start-pending',
  'stop-pending',
  'running',
  'continue-pending',
  'pause-pending',
  'paused',
] as const;
export type ServiceState = Exclude<(typeof SERVICE_STATES)[number], null>;

export interface LiveService {
  name: string;
  present: boolean;
  state: ServiceState | null;
  /** The service's process, 0 when it is not running or runs in the kernel (a driver). */
  processId: number | null;
  start: number | null;
  startType: StartType | null;
  type: number | null;
  imagePath: string | null;
  displayName: string | null;
  /** Why this service could not be queried, or null. */
  problem: string | null;
}

const SC_MANAGER_CONNECT = 0x0001;
const SERVICE_QUERY_CONFIG = 0x0001;
const SERVICE_QUERY_STATUS = 0x0004;
const SC_STATUS_PROCESS_INFO = 0;
const ERROR_SERVICE_DOES_NOT_EXIST = 1060;
/** SERVICE_STATUS_PROCESS: nine DWORDs. */
const STATUS_SIZE = 36;
/** QUERY_SERVICE_CONFIGW asks for at most 8 KiB (Microsoft: "The maximum size of this array is 8K bytes"). */
const CONFIG_SIZE = 8192;

/** SERVICE_STATUS_PROCESS: dwServiceType at 0, dwCurrentState at 4, dwProcessId at 28. */
export function parseServiceStatus(bytes: Uint8Array): {
  type: number;
  state: ServiceState | null;
  processId: number;
} {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    type: view.getUint32(0, true),
    state: SERVICE_STATES[view.getUint32(4, true)] ?? null,
    processId: view.getUint32(28, true),
  };
}

/**
 * QUERY_SERVICE_CONFIGW on 64-bit Windows (winsvc.h): dwServiceType 0, dwStartType 4, dwErrorControl
 * 8, lpBinaryPathName 16, lpLoadOrderGroup 24, dwTagId 32, lpDependencies 40, lpServiceStartName 48,
 * lpDisplayName 56. The strings live in the same buffer, at address `base`; a pointer outside it
 * reads as null, so a damaged answer is never read outside the buffer.
 */
export function parseServiceConfig(
  bytes: Uint8Array,
  base: bigint,
): { type: number; start: number; imagePath: string | null; displayName: string | null } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const wide = (pointer: bigint): string | null => {
    if (pointer === 0n || pointer < base || pointer - base >= BigInt(bytes.length)) return null;
    const at = Number(pointer - base);
    let end = at;
    while (end + 1 < bytes.length && view.getUint16(end, true) !== 0) end += 2;
    return Buffer.from(bytes.subarray(at, end)).toString('utf16le');
  };
  return {
    type: view.getUint32(0, true),
    start: view.getUint32(4, true),
    imagePath: wide(view.getBigUint64(16, true)),
    displayName: wide(view.getBigUint64(56, true)),
  };
}

interface Scm {
  OpenSCManagerW: (machine: null, database: null, access: number) => unknown;
  OpenServiceW: (manager: unknown, name: string, access: number) => unknown;
  QueryServiceStatusEx: (
    service: unknown,
    level: number,
    buffer: Uint8Array,
    size: number,
    needed: number[],
  ) => boolean;
  QueryServiceConfigW: (service: unknown, buffer: unknown, size: number, needed: number[]) => boolean;
  CloseServiceHandle: (handle: unknown) => boolean;
}

let scm: Scm | null = null;

function bind(w: Win32): Scm {
  if (scm !== null) return scm;
  const advapi32 = w.koffi.load('advapi32.dll');
  scm = {
    OpenSCManagerW: advapi32.func(
      'void* __stdcall OpenSCManagerW(str16 machine, str16 database, uint32 access)',
    ),
    OpenServiceW: advapi32.func('void* __stdcall OpenServiceW(void* manager, str16 name, uint32 access)'),
    QueryServiceStatusEx: advapi32.func(
      'bool __stdcall QueryServiceStatusEx(void* service, int level, _Out_ uint8_t* buffer, uint32 size, _Out_ uint32* needed)',
    ),
    QueryServiceConfigW: advapi32.func(
      'bool __stdcall QueryServiceConfigW(void* service, void* buffer, uint32 size, _Out_ uint32* needed)',
    ),
    CloseServiceHandle: advapi32.func('bool __stdcall CloseServiceHandle(void* handle)'),
  };
  return scm;
}

function missing(name: string, present: boolean, problem: string | null): LiveService {
  const none = { state: null, processId: null, start: null, startType: null, type: null };
  return { name, present, ...none, imagePath: null, displayName: null, problem };
}

function queryOne(w: Win32, api: Scm, manager: unknown, name: string): LiveService {
  const service = api.OpenServiceW(manager, name, SERVICE_QUERY_CONFIG | SERVICE_QUERY_STATUS);
  if (service === null) {
    const error = w.GetLastError() as number;
    if (error === ERROR_SERVICE_DOES_NOT_EXIST) return missing(name, false, null);
    return missing(name, true, `the service manager refused to open it (error ${error})`);
  }
  try {
    const status = new Uint8Array(STATUS_SIZE);
    const needed = [0];
    const statusOk = api.QueryServiceStatusEx(service, SC_STATUS_PROCESS_INFO, status, STATUS_SIZE, needed);
    const live = statusOk ? parseServiceStatus(status) : null;
    const pointer = w.koffi.alloc('uint8_t', CONFIG_SIZE);
    let config: ReturnType<typeof parseServiceConfig> | null = null;
    let configError: number | null = null;
    try {
      if (api.QueryServiceConfigW(service, pointer, CONFIG_SIZE, needed)) {
        const bytes = new Uint8Array(w.koffi.view(pointer, CONFIG_SIZE) as ArrayBuffer);
        config = parseServiceConfig(bytes, w.koffi.address(pointer) as bigint);
      } else {
        configError = w.GetLastError() as number;
      }
    } finally {
      w.koffi.free(pointer);
    }
    const problems = [
      statusOk ? null : 'its status could not be read',
      config !== null ? null : `its configuration could not be read (error ${configError})`,
    ].filter((p) => p !== null);
    return {
      name,
      present: true,
      state: live?.state ?? null,
      processId: live?.processId ?? null,
      start: config?.start ?? null,
      startType: startTypeOf(config?.start ?? null),
      type: config?.type ?? live?.type ?? null,
      imagePath: config?.imagePath ?? null,
      displayName: config?.displayName ?? null,
      problem: problems.length === 0 ? null : problems.join('; '),
    };
  } finally {
    api.CloseServiceHandle(service);
  }
}

/** The live state of each named service; throws (code `EACCES`) only if the SCM itself refuses. */
export async function readLiveServices(names: readonly string[]): Promise<LiveService[]> {
  const w = await win32();
  const api = bind(w);
  const manager = api.OpenSCManagerW(null, null, SC_MANAGER_CONNECT);
  if (manager === null) {
    const error = w.GetLastError() as number;
    throw Object.assign(new Error(`The service manager could not be opened (error ${error}).`), {
      code: error === ERROR_ACCESS_DENIED ? 'EACCES' : 'EIO',
    });
  }
  try {
    return names.map((name) => queryOne(w, api, manager, name));
  } finally {
    api.CloseServiceHandle(manager);
  }
}
