import {
  fileTimeToMs,
  PROCESS_QUERY_LIMITED_INFORMATION,
  TH32CS_SNAPPROCESS,
  win32,
} from '../windows/win32.js';
import type { RunningProcess } from './list.js';

/**
 * Every process from a Toolhelp snapshot, with its image path and creation time where the process
 * lets us open it (Windows). Command lines live in the other process's memory (its PEB) and are not
 * read here yet: the evidence says so by leaving them empty.
 */
export async function listWindowsProcesses(): Promise<RunningProcess[]> {
  const w = await win32();
  const snapshot = w.CreateToolhelp32Snapshot(TH32CS_SNAPPROCESS, 0);
  const out: RunningProcess[] = [];
  const entry: Record<string, unknown> = { dwSize: w.koffi.sizeof(w.types.PROCESSENTRY32W) };
  try {
    for (let ok = w.Process32FirstW(snapshot, entry); ok; ok = w.Process32NextW(snapshot, entry)) {
      const pid = Number(entry.th32ProcessID);
      const name = String(entry.szExeFile ?? '');
      let exe: string | null = null;
      let startedAt: number | null = null;
      const handle = w.OpenProcess(PROCESS_QUERY_LIMITED_INFORMATION, false, pid);
      if (handle) {
        try {
          const path = Buffer.alloc(32_768 * 2);
          const size = [32_768];
          if (w.QueryFullProcessImageNameW(handle, 0, path, size))
            exe = path.toString('utf16le', 0, (size[0] ?? 0) * 2);
          const creation = {};
          if (w.GetProcessTimes(handle, creation, {}, {}, {}))
            startedAt = fileTimeToMs(creation as { low: number; high: number });
        } finally {
          w.CloseHandle(handle);
        }
      }
      out.push({ pid, name, exe, startedAt, args: [] });
      entry.dwSize = w.koffi.sizeof(w.types.PROCESSENTRY32W);
    }
  } finally {
    w.CloseHandle(snapshot);
  }
  return out;
}
