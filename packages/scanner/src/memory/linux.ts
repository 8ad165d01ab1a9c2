import { open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { OVERLAP, type StringExtractor } from './extract.js';

/** One mapping of `/proc/PID/maps`. */
export interface Region {
  start: number;
  end: number;
  perms: string;
  path: string;
}

export function parseMaps(text: string): Region[] {
  const regions: Region[] = [];
  for (const line of text.split('\n')) {
    const m = /^([0-9a-f]+)-([0-9a-f]+)\s+(\S+)\s+\S+\s+\S+\s+\S+\s*(.*)$/.exec(line);
    if (m === null) continue;
    regions.push({
      start: Number.parseInt(m[1] as string, 16),
      end: Number.parseInt(m[2] as string, 16),
      perms: m[3] as string,
      path: (m[4] ?? '').trim(),
    });
  }
  return regions;
}

/**
 * The regions worth reading: readable, and holding the process's own state (anonymous memory, heap,
 * stack, or a writable mapping). Read-only mappings of files are the files themselves, which the file
 * sources cover; the kernel's pseudo-mappings cannot be read.
 */
export function regionsToRead(regions: readonly Region[]): Region[] {
  return regions.filter((r) => {
    if (!r.perms.startsWith('r')) return false;
    if (r.path === '[vvar]' || r.path === '[vsyscall]' || r.path === '[vdso]') return false;
    if (r.path.startsWith('/dev/')) return false;
    return r.path === '' || r.path.startsWith('[') || r.perms[1] === 'w';
  });
}

export interface ReadResult {
  bytesScanned: number;
  regions: number;
  /** Regions that could not be read (guard pages, mappings that went away). */
  skipped: number;
}

const CHUNK = 8 * 1024 * 1024;

/**
 * Reads a process's memory through `/proc/PID/mem` (Linux), region by region in overlapping chunks,
 * into the extractor. Opening the file needs the right to trace the process: root, or the same user
 * with `kernel.yama.ptrace_scope` 0. The error thrown then is the caller's to explain.
 */
export async function readLinuxMemory(
  procRoot: string,
  pid: number,
  extractor: StringExtractor,
): Promise<ReadResult> {
  const maps = parseMaps(await readFile(join(procRoot, String(pid), 'maps'), 'utf8'));
  const file = await open(join(procRoot, String(pid), 'mem'), 'r');
  const buf = Buffer.allocUnsafe(CHUNK + OVERLAP);
  const result: ReadResult = { bytesScanned: 0, regions: 0, skipped: 0 };
  try {
    for (const region of regionsToRead(maps)) {
      let at = region.start;
      let ok = true;
      while (at < region.end) {
        const want = Math.min(CHUNK + OVERLAP, region.end - at);
        let got: number;
        try {
          ({ bytesRead: got } = await file.read(buf, 0, want, at));
        } catch {
          ok = false;
          break;
        }
        if (got === 0) break;
        const final = at + got >= region.end || got < want;
        extractor.scan(buf, got, final, at === region.start, at);
        result.bytesScanned += final ? got : got - OVERLAP;
        if (final) break;
        at += got - OVERLAP;
      }
      if (ok) result.regions++;
      else result.skipped++;
    }
  } finally {
    await file.close();
  }
  return result;
}
