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

/** The fields of `/proc/PID/stat` after the name, from field 3 (the name may hold spaces and `)`). */
const statFields = (stat: string): string[] => stat.slice(stat.lastIndexOf(')') + 2).split(' ');

/** Field 22 of `/proc/PID/stat`: start time in ticks after boot. */
function startTicks(fields: string[]): number | null {
  const ticks = Number(fields[19]);
  return Number.isFinite(ticks) ? ticks : null;
}

/** PF_KTHREAD in field 9 (`flags`) of `/proc/PID/stat` (the kernel's include/linux/sched.h). */
const PF_KTHREAD = 0x0020_0000;
const isKernelThread = (fields: string[]): boolean => (Number(fields[6]) & PF_KTHREAD) !== 0;

/**
 * The kernel keeps at most 15 characters of a name in `comm` (`RobloxPlayerBet`, `FiveM_b2944_GTA`
 * under Wine), too few to match a game's name (games/game-processes.ts): a cut name is taken whole from
 * the executable or the first argument (a Windows path under Wine) when that starts with it.
 */
function fullName(comm: string, exe: string | null, argv0: string | undefined): string {
  if (comm.length < 15) return comm;
  for (const path of [exe, argv0]) {
    const base = path?.split(/[\\/]/).pop();
    if (base?.startsWith(comm)) return base;
  }
  return comm;
}

/** Every process under `procRoot` that can be described; ones that end meanwhile are left out. */
export async function listLinuxProcesses(procRoot: string): Promise<RunningProcess[]> {
  const boot = await bootTimeMs(procRoot);
  const pids = (await readdir(procRoot)).filter((d) => /^\d+$/.test(d)).map(Number);
  const out: RunningProcess[] = [];
  for (const pid of pids) {
    const dir = join(procRoot, String(pid));
    try {
      const comm = (await readFile(join(dir, 'comm'), 'utf8')).trim();
      const args = (await readFile(join(dir, 'cmdline'), 'latin1'))
        .split('\0')
        .filter((a, i, all) => a !== '' || i < all.length - 1);
      const exe = await readlink(join(dir, 'exe')).catch(() => null);
      const stat = statFields(await readFile(join(dir, 'stat'), 'utf8'));
      const ticks = startTicks(stat);
      const startedAt = boot !== null && ticks !== null ? boot + (ticks * 1000) / CLOCK_TICKS : null;
      const path = exe?.replace(/ \(deleted\)$/, '') ?? null;
      out.push({
        pid,
        name: fullName(comm, path, args[0]),
        exe: path,
        startedAt,
        args: args.map((a) => Buffer.from(a, 'latin1').toString('utf8')),
        ...(isKernelThread(stat) ? { kernelThread: true } : {}),
        ...(path === null ? {} : { image: join(dir, 'exe') }),
      });
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return out;
}
