/**
 * The few Win32 calls the scanner makes, through `koffi` (a foreign-function library whose package
 * carries its own prebuilt binaries). Loaded only on Windows, by dynamic import, so the scanner runs
 * everywhere else without it; the single executable unpacks it first (koffi-loader.ts). Written against Microsoft's Win32 documentation; docs/scan-client.md
 * says where each source was verified.
 */

import { loadKoffi } from './koffi-loader.js';

// biome-ignore lint/suspicious/noExplicitAny: koffi's function objects are untyped.
type Fn = (...args: any[]) => any;

export interface Win32 {
  OpenProcess: Fn;
  CloseHandle: Fn;
  VirtualQueryEx: Fn;
  ReadProcessMemory: Fn;
  CreateToolhelp32Snapshot: Fn;
  Process32FirstW: Fn;
  Process32NextW: Fn;
  Module32FirstW: Fn;
  Module32NextW: Fn;
  QueryFullProcessImageNameW: Fn;
  GetProcessTimes: Fn;
  GetLastError: Fn;
  QueryDosDeviceW: Fn;
  RegOpenKeyExW: Fn;
  RegEnumKeyExW: Fn;
  RegEnumValueW: Fn;
  RegCloseKey: Fn;
  GetAdaptersAddresses: Fn;
  // biome-ignore lint/suspicious/noExplicitAny: struct types are koffi objects.
  types: Record<string, any>;
  // biome-ignore lint/suspicious/noExplicitAny: the koffi module itself.
  koffi: any;
}

export const PROCESS_QUERY_INFORMATION = 0x0400;
export const PROCESS_QUERY_LIMITED_INFORMATION = 0x1000;
export const PROCESS_VM_READ = 0x0010;
export const TH32CS_SNAPPROCESS = 0x00000002;
export const MEM_COMMIT = 0x1000;
export const PAGE_NOACCESS = 0x01;
export const PAGE_GUARD = 0x100;

/** `HKEY_LOCAL_MACHINE`: `(HKEY)(ULONG_PTR)(LONG)0x80000002`, sign-extended on 64-bit (winreg.h). */
export const HKEY_LOCAL_MACHINE = 0xffff_ffff_8000_0002n;
export const KEY_READ = 0x20019;
/** Read the 64-bit view of the registry whatever this process is. */
export const KEY_WOW64_64KEY = 0x0100;
export const ERROR_SUCCESS = 0;
export const ERROR_ACCESS_DENIED = 5;
export const ERROR_MORE_DATA = 234;
export const ERROR_NO_MORE_ITEMS = 259;
export const ERROR_BUFFER_OVERFLOW = 111;

let loaded: Win32 | null = null;

export async function win32(): Promise<Win32> {
  if (loaded !== null) return loaded;
  const koffi = await loadKoffi();
  const kernel32 = koffi.load('kernel32.dll');
  const advapi32 = koffi.load('advapi32.dll');
  const iphlpapi = koffi.load('iphlpapi.dll');
  const MEMORY_BASIC_INFORMATION = koffi.struct('MEMORY_BASIC_INFORMATION', {
    BaseAddress: 'uint64',
    AllocationBase: 'uint64',
    AllocationProtect: 'uint32',
    PartitionId: 'uint16',
    RegionSize: 'uint64',
    State: 'uint32',
    Protect: 'uint32',
    Type: 'uint32',
  });
  const PROCESSENTRY32W = koffi.struct('PROCESSENTRY32W', {
    dwSize: 'uint32',
    cntUsage: 'uint32',
    th32ProcessID: 'uint32',
    th32DefaultHeapID: 'uint64',
    th32ModuleID: 'uint32',
    cntThreads: 'uint32',
    th32ParentProcessID: 'uint32',
    pcPriClassBase: 'int32',
    dwFlags: 'uint32',
    szExeFile: koffi.array('char16_t', 260, 'String'),
  });
  const FILETIME = koffi.struct('FILETIME', { low: 'uint32', high: 'uint32' });
  loaded = {
    koffi,
    types: { MEMORY_BASIC_INFORMATION, PROCESSENTRY32W, FILETIME },
    OpenProcess: kernel32.func('void* __stdcall OpenProcess(uint32 access, bool inherit, uint32 pid)'),
    CloseHandle: kernel32.func('bool __stdcall CloseHandle(void* handle)'),
    VirtualQueryEx: kernel32.func(
      'size_t __stdcall VirtualQueryEx(void* process, uint64 address, _Out_ MEMORY_BASIC_INFORMATION* info, size_t length)',
    ),
    ReadProcessMemory: kernel32.func(
      'bool __stdcall ReadProcessMemory(void* process, uint64 address, _Out_ uint8_t* buffer, size_t size, _Out_ size_t* read)',
    ),
    CreateToolhelp32Snapshot: kernel32.func(
      'void* __stdcall CreateToolhelp32Snapshot(uint32 flags, uint32 pid)',
    ),
    Process32FirstW: kernel32.func(
      'bool __stdcall Process32FirstW(void* snapshot, _Inout_ PROCESSENTRY32W* entry)',
    ),
    Process32NextW: kernel32.func(
      'bool __stdcall Process32NextW(void* snapshot, _Inout_ PROCESSENTRY32W* entry)',
    ),
    // The entry is a caller-owned MODULEENTRY32W buffer, read by live/modules.ts at documented offsets.
    Module32FirstW: kernel32.func('bool __stdcall Module32FirstW(void* snapshot, _Inout_ void* entry)'),
    Module32NextW: kernel32.func('bool __stdcall Module32NextW(void* snapshot, _Inout_ void* entry)'),
    QueryFullProcessImageNameW: kernel32.func(
      'bool __stdcall QueryFullProcessImageNameW(void* process, uint32 flags, _Out_ char16_t* name, _Inout_ uint32* size)',
    ),
    GetProcessTimes: kernel32.func(
      'bool __stdcall GetProcessTimes(void* process, _Out_ FILETIME* creation, _Out_ FILETIME* exit, _Out_ FILETIME* kernel, _Out_ FILETIME* user)',
    ),
    GetLastError: kernel32.func('uint32 __stdcall GetLastError()'),
    QueryDosDeviceW: kernel32.func(
      'uint32 __stdcall QueryDosDeviceW(str16 device, _Out_ uint8_t* target, uint32 max)',
    ),
    RegOpenKeyExW: advapi32.func(
      'int32 __stdcall RegOpenKeyExW(void* key, str16 subKey, uint32 options, uint32 sam, _Out_ void** result)',
    ),
    RegEnumKeyExW: advapi32.func(
      'int32 __stdcall RegEnumKeyExW(void* key, uint32 index, _Out_ uint8_t* name, _Inout_ uint32* nameLength, void* reserved, void* className, void* classLength, void* lastWrite)',
    ),
    RegEnumValueW: advapi32.func(
      'int32 __stdcall RegEnumValueW(void* key, uint32 index, _Out_ uint8_t* name, _Inout_ uint32* nameLength, void* reserved, _Out_ uint32* type, _Out_ uint8_t* data, _Inout_ uint32* dataLength)',
    ),
    RegCloseKey: advapi32.func('int32 __stdcall RegCloseKey(void* key)'),
    GetAdaptersAddresses: iphlpapi.func(
      'uint32 __stdcall GetAdaptersAddresses(uint32 family, uint32 flags, void* reserved, void* addresses, _Inout_ uint32* size)',
    ),
  };
  return loaded;
}

/** A FILETIME (100 ns since 1601) as epoch milliseconds. */
export function fileTimeToMs(ft: { low: number; high: number }): number {
  return (ft.high * 2 ** 32 + ft.low) / 10_000 - 11_644_473_600_000;
}
