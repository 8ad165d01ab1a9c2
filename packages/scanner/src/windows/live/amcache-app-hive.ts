import { stat } from 'node:fs/promises';
import { type AmcacheReport, readAmcacheRoot } from '../amcache/index.js';
import { SnapshotKey } from '../amcache/snapshot-key.js';
import { filetimeToIso, readFiletime } from '../filetime-iso.js';
import { type DecodedValue, decodeValueData } from '../registry/value-data.js';
import {
  ERROR_ACCESS_DENIED,
  ERROR_MORE_DATA,
  ERROR_NO_MORE_ITEMS,
  ERROR_SUCCESS,
  KEY_READ,
  type Win32,
  win32,
} from '../win32.js';

/**
 * Amcache.hve through the registry API when the file itself cannot be opened because Windows holds
 * it (docs/scan-client.md, "Amcache"). `RegLoadAppKeyW` loads a hive file as an application hive, and
 * when that file is already loaded (the Compatibility Appraiser loads Amcache.hve the same way) it
 * returns a handle to the loaded hive instead of loading it again (Microsoft, "RegLoadAppKeyW
 * function", Remarks). The keys the reader visits are copied out, every handle is closed (which
 * unloads the hive if this call loaded it), and the same reader as for the file runs on the copy.
 *
 * Written from Microsoft's documentation; it could not be run here (Wine implements RegLoadAppKeyW
 * as a stub that answers success with a handle to nothing), so docs/scan-client.md lists it as not
 * verified on Windows.
 */

const ERROR_SHARING_VIOLATION = 32;
const MAX_KEY_NAME = 256;
const MAX_VALUE_NAME = 16_384;
/** Amcache values are short strings and integers; a longer one is not a field the reader uses. */
const MAX_DATA = 64 * 1024;

type Key = bigint;

export class LiveAmcacheError extends Error {
  constructor(
    message: string,
    readonly code: 'missing' | 'denied' | 'failed',
  ) {
    super(message);
  }
}

function loadAppKey(w: Win32, file: string): Key {
  // biome-ignore lint/suspicious/noExplicitAny: koffi function objects are untyped.
  const RegLoadAppKeyW: (...a: any[]) => number = w.koffi
    .load('advapi32.dll')
    .func(
      'int32 __stdcall RegLoadAppKeyW(str16 file, _Out_ void** result, uint32 sam, uint32 options, uint32 reserved)',
    );
  const out: [Key | null] = [null];
  // Options 0, not REG_PROCESS_APPKEY: that would keep the Appraiser from loading its own hive meanwhile.
  const status = RegLoadAppKeyW(file, out, KEY_READ, 0, 0);
  if (status === ERROR_SUCCESS && out[0] !== null) return out[0];
  if (status === ERROR_ACCESS_DENIED)
    throw new LiveAmcacheError('Reading Amcache.hve needs administrator rights.', 'denied');
  if (status === ERROR_SHARING_VIOLATION)
    throw new LiveAmcacheError(
      'Amcache.hve is held by a program that shares it with no one (Windows error 32).',
      'failed',
    );
  throw new LiveAmcacheError(`Windows refused to open Amcache.hve as a hive (error ${status}).`, 'failed');
}

function open(w: Win32, parent: Key, path: string): Key | null {
  const out: [Key | null] = [null];
  const status = w.RegOpenKeyExW(parent, path, 0, KEY_READ, out);
  return status === ERROR_SUCCESS && out[0] !== null ? out[0] : null;
}

function subkeys(w: Win32, key: Key): Array<{ name: string; lastWritten: string | null }> {
  const found: Array<{ name: string; lastWritten: string | null }> = [];
  const name = Buffer.alloc(MAX_KEY_NAME * 2);
  const lastWrite = Buffer.alloc(8);
  for (let index = 0; ; index++) {
    const length = [MAX_KEY_NAME];
    const status = w.RegEnumKeyExW(key, index, name, length, null, null, null, lastWrite);
    if (status !== ERROR_SUCCESS) break; // ERROR_NO_MORE_ITEMS at the end
    found.push({
      name: name.toString('utf16le', 0, (length[0] ?? 0) * 2),
      lastWritten: filetimeToIso(readFiletime(lastWrite, 0)),
    });
  }
  return found;
}

function values(w: Win32, key: Key): Array<{ name: string; value: DecodedValue }> {
  const out: Array<{ name: string; value: DecodedValue }> = [];
  const name = Buffer.alloc(MAX_VALUE_NAME * 2);
  const data = Buffer.alloc(MAX_DATA);
  for (let index = 0; ; index++) {
    const nameLength = [MAX_VALUE_NAME];
    const type = [0];
    const dataLength = [MAX_DATA];
    const status = w.RegEnumValueW(key, index, name, nameLength, null, type, data, dataLength);
    if (status === ERROR_NO_MORE_ITEMS) break;
    if (status === ERROR_MORE_DATA) continue;
    if (status !== ERROR_SUCCESS) break;
    out.push({
      name: name.toString('utf16le', 0, (nameLength[0] ?? 0) * 2),
      value: decodeValueData(
        type[0] ?? 0,
        Buffer.from(data.subarray(0, Math.min(dataLength[0] ?? 0, MAX_DATA))),
      ),
    });
  }
  return out;
}

/** A key and, `depth` levels down, its subkeys, each with its values. */
function copy(
  w: Win32,
  parent: Key,
  name: string,
  lastWritten: string | null,
  depth: number,
): SnapshotKey | null {
  const key = open(w, parent, name);
  if (key === null) return null;
  try {
    const children =
      depth === 0 ? [] : subkeys(w, key).flatMap((c) => copy(w, key, c.name, c.lastWritten, depth - 1) ?? []);
    return new SnapshotKey(name, lastWritten, values(w, key), children);
  } finally {
    w.RegCloseKey(key);
  }
}

/** Reads Amcache.hve at `file` through the registry API. */
export async function readLiveAmcache(file: string): Promise<AmcacheReport> {
  // RegLoadAppKeyW creates an empty hive where there is no file: never call it on one that is not there.
  const present = await stat(file).then(
    (s) => s.isFile(),
    () => false,
  );
  if (!present) throw new LiveAmcacheError('There is no Amcache.hve file.', 'missing');
  const w = await win32();
  const hive = loadAppKey(w, file);
  try {
    // Every Amcache has a Root key. Without one, what was opened is not Amcache: Wine's stub of
    // RegLoadAppKeyW answers success with a handle that opens nothing, which must not read as "no records".
    const rootKey = open(w, hive, 'Root');
    if (rootKey === null)
      throw new LiveAmcacheError('Windows opened Amcache.hve but showed no Root key in it.', 'failed');
    w.RegCloseKey(rootKey);
    const inventory = copy(w, hive, 'Root\\InventoryApplicationFile', null, 1);
    const older = copy(w, hive, 'Root\\File', null, 2);
    const root = new SnapshotKey(
      'Root',
      null,
      [],
      [inventory, older].flatMap((k) =>
        k === null
          ? []
          : [new SnapshotKey(k.name.split('\\').at(-1) as string, k.lastWritten, [], k.subkeys())],
      ),
    );
    return readAmcacheRoot(root);
  } finally {
    w.RegCloseKey(hive);
  }
}
