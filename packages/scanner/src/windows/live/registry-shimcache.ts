import { APPCOMPATCACHE_KEY } from '../shimcache-hive.js';
import {
  ERROR_ACCESS_DENIED,
  ERROR_MORE_DATA,
  ERROR_SUCCESS,
  HKEY_LOCAL_MACHINE,
  KEY_READ,
  KEY_WOW64_64KEY,
  win32,
} from '../win32.js';

/**
 * The `AppCompatCache` value from the live registry (`RegOpenKeyExW`, `RegQueryValueExW`), where
 * Windows keeps the SYSTEM hive file locked. The value is what Windows wrote at its last shutdown or
 * restart: programs met since the machine started are in memory only and not in it yet
 * (docs/scan-client.md, "ShimCache"). Returns the value's bytes, or null if there is none; a refusal
 * throws with code `EACCES`.
 */

/** Windows 10 keeps 1024 entries, a few hundred KiB; anything larger than this is not read. */
const MAX_VALUE = 4 * 1024 * 1024;
const ERROR_FILE_NOT_FOUND = 2;

export async function readLiveAppCompatCache(): Promise<Uint8Array | null> {
  const w = await win32();
  const RegQueryValueExW = w.koffi
    .load('advapi32.dll')
    .func(
      'int32 __stdcall RegQueryValueExW(void* key, str16 name, void* reserved, _Out_ uint32* type, _Out_ uint8_t* data, _Inout_ uint32* size)',
    );
  const path = `SYSTEM\\CurrentControlSet\\${APPCOMPATCACHE_KEY}`;
  const out: [bigint | null] = [null];
  const opened = w.RegOpenKeyExW(HKEY_LOCAL_MACHINE, path, 0, KEY_READ | KEY_WOW64_64KEY, out);
  if (opened === ERROR_ACCESS_DENIED) {
    throw Object.assign(new Error(`Permission denied opening HKLM\\${path}: run as administrator`), {
      code: 'EACCES',
    });
  }
  if (opened !== ERROR_SUCCESS || out[0] === null) return null;
  try {
    let size = 512 * 1024;
    while (size <= MAX_VALUE) {
      const data = Buffer.alloc(size);
      const type = [0];
      const length = [size];
      const status = RegQueryValueExW(out[0], 'AppCompatCache', null, type, data, length);
      if (status === ERROR_FILE_NOT_FOUND) return null;
      if (status === ERROR_MORE_DATA) {
        size = Math.max(size * 2, length[0] ?? 0);
        continue;
      }
      if (status !== ERROR_SUCCESS) throw new Error(`RegQueryValueExW failed (${status})`);
      return new Uint8Array(data.subarray(0, length[0] ?? 0));
    }
    throw new Error(`the AppCompatCache value is larger than ${MAX_VALUE} bytes`);
  } finally {
    w.RegCloseKey(out[0]);
  }
}
