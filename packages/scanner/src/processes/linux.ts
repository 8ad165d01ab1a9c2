import { readdir, readFile, readlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { RunningProcess } from './list.js';

/** Clock ticks per second for `/proc/PID/stat` start times: 100 on every Linux we ship for. */
const CLOCK_TICKS = 100;

/** Boot time from `/proc/stat` (`btime`, epoch seconds). */
export async function bootTimeMs(procRoot: string): Promise<number | null> {
  try {
    const m = /^btime\s+(\d+)/m.exec(await readFile(join(procRoot, 'stat'), 'utf8'));
    return m ? Number(m[1]) * 1000 : null;
  } catch {
    return null;
  }
}

/** Field 22 of `/proc/PID/stat` (start time in ticks after boot); the name may hold spaces and `)`. */
function startTicks(stat: string): number | null {
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(rest[19]);
  return Number.isFinite(ticks) ? ticks : null;
}

/** Every process under `procRoot` that can be described; ones that end meanwhile are left out. */
export async function listLinuxProcesses(procRoot: string): Promise<RunningProcess[]> {
  const boot = await bootTimeMs(procRoot);
  const pids = (await readdir(procRoot)).filter((d) => /^\d+$/.test(d)).map(Number);
  const out: RunningProcess[] = [];
  for (const pid of pids) {
    const dir = join(procRoot, String(pid));
    try {
      const name = (await readFile(join(dir, 'comm'), 'utf8')).trim();
      const args = (await readFile(join(dir, 'cmdline'), 'latin1'))
        .split('\0')
        .filter((a, i, all) => a !== '' || i < all.length - 1);
      const exe = await readlink(join(dir, 'exe')).catch(() => null);
      const ticks = startTicks(await readFile(join(dir, 'stat'), 'utf8'));
      const startedAt = boot !== null && ticks !== null ? boot + (ticks * 1000) / CLOCK_TICKS : null;
      out.push({
        pid,
        name,
        exe: exe?.replace(/ \(deleted\)$/, '') ?? null,
        startedAt,
        args: args.map((a) => Buffer.from(a, 'latin1').toString('utf8')),
      });
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return out;
}
