import { parseUsnJournalData } from '../usn/journal-data.js';
import type { PageRead } from '../usn/journal-walk.js';
import { readJournalRequest } from '../usn/read-request.js';
import { readVolumeJournal, type VolumeJournalOptions } from '../usn/volume-journal.js';
import { type UsnVolumeReport, unreadVolume } from '../usn/volume-report.js';
import { type Win32, win32 } from '../win32.js';

/**
 * The change journal of each fixed NTFS volume, live (Microsoft Learn: "Walking a Buffer of Change
 * Journal Records", FSCTL_QUERY_USN_JOURNAL, FSCTL_READ_USN_JOURNAL): the volume is opened as
 * `\\.\C:`, which Windows allows only to an elevated (administrator) process, the journal is queried,
 * then read page by page (windows/usn/journal-walk.ts). The folder of each kept change is looked up
 * by its file reference (`OpenFileById`, `GetFinalPathNameByHandleW`) when that folder still exists.
 * Never verified on a real Windows volume here (docs/scan-client.md says so): Wine has no USN journal.
 */

/** CTL_CODE(FILE_DEVICE_FILE_SYSTEM, 61, METHOD_BUFFERED, FILE_ANY_ACCESS) (winioctl.h). */
export const FSCTL_QUERY_USN_JOURNAL = 0x0009_00f4;
/** CTL_CODE(FILE_DEVICE_FILE_SYSTEM, 46, METHOD_NEITHER, FILE_ANY_ACCESS). */
export const FSCTL_READ_USN_JOURNAL = 0x0009_00bb;

const GENERIC_READ = 0x8000_0000;
const FILE_SHARE_READ = 0x1;
const FILE_SHARE_WRITE = 0x2;
const FILE_SHARE_DELETE = 0x4;
const OPEN_EXISTING = 3;
const FILE_FLAG_BACKUP_SEMANTICS = 0x0200_0000;
const FILE_READ_ATTRIBUTES = 0x80;
const DRIVE_FIXED = 3;
const INVALID_HANDLE = -1;

const ERROR_ACCESS_DENIED = 5;
const ERROR_HANDLE_EOF = 38;
const ERROR_INVALID_FUNCTION = 1;
const ERROR_NOT_SUPPORTED = 50;
const ERROR_JOURNAL_DELETE_IN_PROGRESS = 1178;
const ERROR_JOURNAL_NOT_ACTIVE = 1179;
const ERROR_JOURNAL_ENTRY_DELETED = 1181;

/** USN_JOURNAL_DATA_V2 is the largest answer (80 bytes). */
const JOURNAL_DATA_SIZE = 80;
const PAGE_SIZE = 1024 * 1024;
const MAX_PATH_CHARS = 32_768;
/** Folders looked up at most per volume; the rest are shown as "folder unknown". */
const MAX_FOLDER_LOOKUPS = 200;

interface VolumeApi {
  GetLogicalDriveStringsW: (length: number, buffer: Buffer) => number;
  GetDriveTypeW: (root: string) => number;
  GetVolumeInformationW: (
    root: string,
    name: Buffer | null,
    nameSize: number,
    serial: null,
    maxComponent: null,
    flags: null,
    fsName: Buffer,
    fsNameSize: number,
  ) => boolean;
  CreateFileW: (
    name: string,
    access: number,
    share: number,
    security: null,
    disposition: number,
    flags: number,
    template: null,
  ) => number;
  DeviceIoControl: (
    device: number,
    code: number,
    input: Uint8Array | null,
    inputSize: number,
    output: Buffer,
    outputSize: number,
    returned: number[],
    overlapped: null,
  ) => boolean;
  OpenFileById: (
    hint: number,
    id: Buffer,
    access: number,
    share: number,
    security: null,
    flags: number,
  ) => number;
  GetFinalPathNameByHandleW: (file: number, path: Buffer, length: number, flags: number) => number;
  CloseHandle: (handle: number) => boolean;
}

let api: VolumeApi | null = null;

function bind(w: Win32): VolumeApi {
  if (api !== null) return api;
  const kernel32 = w.koffi.load('kernel32.dll');
  // Handles as intptr_t, so that INVALID_HANDLE_VALUE is simply -1.
  api = {
    GetLogicalDriveStringsW: kernel32.func(
      'uint32 __stdcall GetLogicalDriveStringsW(uint32 length, _Out_ uint8_t* buffer)',
    ),
    GetDriveTypeW: kernel32.func('uint32 __stdcall GetDriveTypeW(str16 root)'),
    GetVolumeInformationW: kernel32.func(
      'bool __stdcall GetVolumeInformationW(str16 root, _Out_ uint8_t* name, uint32 nameSize, void* serial, void* maxComponent, void* flags, _Out_ uint8_t* fsName, uint32 fsNameSize)',
    ),
    CreateFileW: kernel32.func(
      'intptr_t __stdcall CreateFileW(str16 name, uint32 access, uint32 share, void* security, uint32 disposition, uint32 flags, void* template)',
    ),
    DeviceIoControl: kernel32.func(
      'bool __stdcall DeviceIoControl(intptr_t device, uint32 code, uint8_t* input, uint32 inputSize, _Out_ uint8_t* output, uint32 outputSize, _Out_ uint32* returned, void* overlapped)',
    ),
    OpenFileById: kernel32.func(
      'intptr_t __stdcall OpenFileById(intptr_t hint, uint8_t* id, uint32 access, uint32 share, void* security, uint32 flags)',
    ),
    GetFinalPathNameByHandleW: kernel32.func(
      'uint32 __stdcall GetFinalPathNameByHandleW(intptr_t file, _Out_ uint8_t* path, uint32 length, uint32 flags)',
    ),
    CloseHandle: kernel32.func('bool __stdcall CloseHandle(intptr_t handle)'),
  };
  return api;
}

/** Fixed drives formatted NTFS (`C:`), from GetLogicalDriveStringsW, GetDriveTypeW, GetVolumeInformationW. */
function fixedNtfsVolumes(a: VolumeApi): string[] {
  const buffer = Buffer.alloc(2 * 1024);
  const length = a.GetLogicalDriveStringsW(1024, buffer);
  const roots = buffer
    .toString('utf16le', 0, Math.min(length, 1024) * 2)
    .split('\0')
    .filter((r) => /^[A-Z]:\\$/i.test(r));
  const fsName = Buffer.alloc(64);
  return roots
    .filter((root) => {
      if (a.GetDriveTypeW(root) !== DRIVE_FIXED) return false;
      fsName.fill(0);
      if (!a.GetVolumeInformationW(root, null, 0, null, null, null, fsName, 32)) return false;
      return fsName.toString('utf16le').replace(/\0.*$/s, '') === 'NTFS';
    })
    .map((root) => root.slice(0, 2).toUpperCase());
}

function errorText(code: number): string {
  switch (code) {
    case ERROR_ACCESS_DENIED:
      return 'Windows refused to open the volume (access denied; opening a volume needs administrator rights)';
    case ERROR_JOURNAL_NOT_ACTIVE:
      return 'the volume has no active change journal (it was deleted and not created again)';
    case ERROR_JOURNAL_DELETE_IN_PROGRESS:
      return 'the change journal is being deleted';
    case ERROR_JOURNAL_ENTRY_DELETED:
      return 'the journal dropped the records being read while they were read';
    case ERROR_INVALID_FUNCTION:
    case ERROR_NOT_SUPPORTED:
      return `the file system does not keep a change journal (Windows error ${code})`;
    default:
      return `Windows error ${code}`;
  }
}

/** The folder an NTFS file reference (hexadecimal) stands for, or null when it is gone or refused. */
function folderLookup(a: VolumeApi, volumeHandle: number): (parent: string) => string | null {
  let lookups = 0;
  const path = Buffer.alloc(MAX_PATH_CHARS * 2);
  return (parent) => {
    if (lookups++ >= MAX_FOLDER_LOOKUPS) return null;
    // FILE_ID_DESCRIPTOR: dwSize, Type (FileIdType = 0), then the 64-bit FileId in a 16-byte union.
    const id = Buffer.alloc(24);
    id.writeUInt32LE(24, 0);
    id.writeUInt32LE(0, 4);
    id.writeBigUInt64LE(BigInt(`0x${parent}`) & 0xffff_ffff_ffff_ffffn, 8);
    const share = FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE;
    const handle = a.OpenFileById(
      volumeHandle,
      id,
      FILE_READ_ATTRIBUTES,
      share,
      null,
      FILE_FLAG_BACKUP_SEMANTICS,
    );
    if (handle === INVALID_HANDLE || handle === 0) return null;
    try {
      const length = a.GetFinalPathNameByHandleW(handle, path, MAX_PATH_CHARS, 0);
      if (length === 0 || length >= MAX_PATH_CHARS) return null;
      // `\\?\C:\Users\…` → `C:\Users\…`.
      return path.toString('utf16le', 0, length * 2).replace(/^\\\\\?\\/, '');
    } finally {
      a.CloseHandle(handle);
    }
  };
}

function readOneVolume(
  w: Win32,
  a: VolumeApi,
  volume: string,
  options: VolumeJournalOptions,
): UsnVolumeReport {
  const handle = a.CreateFileW(
    `\\\\.\\${volume}`,
    GENERIC_READ,
    FILE_SHARE_READ | FILE_SHARE_WRITE,
    null,
    OPEN_EXISTING,
    0,
    null,
  );
  if (handle === INVALID_HANDLE)
    return unreadVolume(volume, 'not-read', errorText(w.GetLastError() as number));
  try {
    const answer = Buffer.alloc(JOURNAL_DATA_SIZE);
    const returned = [0];
    if (
      !a.DeviceIoControl(handle, FSCTL_QUERY_USN_JOURNAL, null, 0, answer, JOURNAL_DATA_SIZE, returned, null)
    ) {
      const code = w.GetLastError() as number;
      const inactive = code === ERROR_JOURNAL_NOT_ACTIVE || code === ERROR_JOURNAL_DELETE_IN_PROGRESS;
      return unreadVolume(volume, inactive ? 'inactive' : 'not-read', errorText(code));
    }
    const journal = parseUsnJournalData(answer.subarray(0, returned[0] ?? 0));
    if (!journal.ok) return unreadVolume(volume, 'not-read', journal.reason);
    const page = Buffer.alloc(PAGE_SIZE);
    const read = (startUsn: bigint): PageRead => {
      const request = readJournalRequest(startUsn, journal.journal.journalId);
      const got = [0];
      if (
        !a.DeviceIoControl(
          handle,
          FSCTL_READ_USN_JOURNAL,
          request,
          request.length,
          page,
          PAGE_SIZE,
          got,
          null,
        )
      ) {
        const code = w.GetLastError() as number;
        // The end of the journal reached exactly: an empty page.
        if (code === ERROR_HANDLE_EOF) return { ok: true, bytes: new Uint8Array(0) };
        return { ok: false, reason: `reading at USN ${startUsn}: ${errorText(code)}` };
      }
      return { ok: true, bytes: Uint8Array.from(page.subarray(0, got[0] ?? 0)) };
    };
    return readVolumeJournal(volume, journal.journal, read, {
      ...options,
      folderOf: options.folderOf ?? folderLookup(a, handle),
    });
  } finally {
    a.CloseHandle(handle);
  }
}

/** Every fixed NTFS volume's journal; a volume that cannot be read says why. */
export async function readLiveUsnJournals(options: VolumeJournalOptions): Promise<UsnVolumeReport[]> {
  const w = await win32();
  const a = bind(w);
  return fixedNtfsVolumes(a).map((volume) => readOneVolume(w, a, volume, options));
}
