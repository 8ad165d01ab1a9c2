import {
  MEM_COMMIT,
  PAGE_GUARD,
  PAGE_NOACCESS,
  PROCESS_QUERY_INFORMATION,
  PROCESS_VM_READ,
  win32,
} from '../windows/win32.js';
import { OVERLAP, type StringExtractor } from './extract.js';
import type { ReadResult } from './linux.js';

const CHUNK = 8 * 1024 * 1024;
/** The top of a 64-bit process's user address space. */
const USER_SPACE_END = 0x7fff_ffff_0000;

/**
 * Reads a process's committed, readable memory with `VirtualQueryEx` and `ReadProcessMemory`
 * (Windows). Opening the process needs PROCESS_VM_READ: the same user's processes, or administrator
 * rights for elevated ones. The error thrown then is the caller's to explain.
 */
export async function readWindowsMemory(pid: number, extractor: StringExtractor): Promise<ReadResult> {
  const w = await win32();
  const handle = w.OpenProcess(PROCESS_QUERY_INFORMATION | PROCESS_VM_READ, false, pid);
  if (!handle) throw Object.assign(new Error(`OpenProcess failed (${w.GetLastError()})`), { code: 'EACCES' });
  const result: ReadResult = { bytesScanned: 0, regions: 0, skipped: 0 };
  const buf = Buffer.alloc(CHUNK + OVERLAP);
  const info: Record<string, number> = {};
  try {
    let address = 0;
    while (address < USER_SPACE_END) {
      if (w.VirtualQueryEx(handle, address, info, w.koffi.sizeof(w.types.MEMORY_BASIC_INFORMATION)) === 0)
        break;
      const base = Number(info.BaseAddress);
      const size = Number(info.RegionSize);
      const protect = Number(info.Protect);
      const readable =
        info.State === MEM_COMMIT && (protect & PAGE_NOACCESS) === 0 && (protect & PAGE_GUARD) === 0;
      if (readable) {
        let at = base;
        let ok = true;
        while (at < base + size) {
          const want = Math.min(CHUNK + OVERLAP, base + size - at);
          const read = [0];
          if (!w.ReadProcessMemory(handle, at, buf, want, read) && (read[0] ?? 0) === 0) {
            ok = false;
            break;
          }
          const got = read[0] ?? 0;
          const final = at + got >= base + size || got < want;
          extractor.scan(buf, got, final, at === base, at);
          result.bytesScanned += final ? got : got - OVERLAP;
          if (final) break;
          at += got - OVERLAP;
        }
        if (ok) result.regions++;
        else result.skipped++;
      }
      if (size === 0) break;
      address = base + size;
    }
  } finally {
    w.CloseHandle(handle);
  }
  return result;
}
