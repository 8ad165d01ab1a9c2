import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { EVIDENCE_CAPS } from '@scanpin/evidence';
import { Budget, BudgetExceeded, openRegular } from '../bounded-read.js';
import type { RunningProgramEvidence, RunningProgramsEvidence } from '../evidence/document.js';
import type { RunningProcess } from '../processes/list.js';
import { moduleFolderOf, windowsFolderRootsOf } from '../windows/module-folder.js';

/**
 * The other programs running during the scan (docs/scan-client.md, "Other running programs"): one
 * entry per distinct executable, with only what a rule matches (image name, path as the evidence
 * shows paths, SHA-256), never a command line, window title, process id or user name.
 */

/**
 * Hashing is bounded so that a machine running many large programs costs the scan little: a file
 * larger than `fileBytes` is not read, and once `totalBytes` have been read or `ms` have passed no
 * further file is hashed. Those programs are still listed, by name and path, and counted in
 * `unhashed`.
 */
export const PROGRAM_HASH_LIMITS = { fileBytes: 64 * 1024 * 1024, totalBytes: 256 * 1024 * 1024, ms: 10_000 };
export type ProgramHashLimits = typeof PROGRAM_HASH_LIMITS;

/** Home folders of accounts: the account name is replaced by `<user>` unless it is the player's own (`~`). */
const OTHER_HOME = /^(\/home|\/Users|[A-Za-z]:\/Users)\/([^/]+)(?=\/|$)/i;
const SHARED_PROFILES = new Set(['public', 'default', 'default user', 'all users', 'shared']);

/** A displayed path with another account's name taken out (`/home/<user>/bin/tool`). */
export function withoutOtherUsers(shown: string): string {
  return shown.replace(OTHER_HOME, (whole, root: string, user: string) =>
    SHARED_PROFILES.has(user.toLowerCase()) ? whole : `${root}/<user>`,
  );
}

const LINUX_SYSTEM = ['/usr/', '/bin/', '/sbin/', '/lib/', '/lib32/', '/lib64/'];

/**
 * Programs installed with the system (under %SystemRoot%, or Linux's `/usr`, `/bin`, `/sbin`,
 * `/lib*`): listed after the others, so that a cap reached on a busy machine leaves out system
 * programs first, and the hashing budget goes to the rest first.
 */
function isSystemProgram(
  exe: string,
  platform: NodeJS.Platform,
  roots: ReturnType<typeof windowsFolderRootsOf>,
) {
  if (platform === 'win32') return moduleFolderOf(exe, roots) === 'windows';
  return LINUX_SYSTEM.some((root) => exe.startsWith(root));
}

/** The SHA-256 of a regular file within the limits; throws `BudgetExceeded` once the budget is spent. */
async function hashWithin(path: string, budget: Budget, maxFileBytes: number): Promise<string | null> {
  budget.charge(0);
  const opened = await openRegular(path, true);
  if (opened === null) return null;
  const { handle, size } = opened;
  try {
    if (size > maxFileBytes) return null;
    const hash = createHash('sha256');
    const chunk = Buffer.alloc(Math.min(1024 * 1024, Math.max(size, 1)));
    for (let at = 0; at < size; ) {
      const { bytesRead } = await handle.read(chunk, 0, Math.min(chunk.length, size - at), at);
      if (bytesRead === 0) break;
      budget.charge(bytesRead);
      hash.update(chunk.subarray(0, bytesRead));
      at += bytesRead;
    }
    return hash.digest('hex');
  } catch (error) {
    if (error instanceof BudgetExceeded) throw error;
    return null;
  } finally {
    await handle.close();
  }
}

export interface RunningProgramsOptions {
  platform: NodeJS.Platform;
  env: Readonly<Record<string, string | undefined>>;
  /** A path as the evidence shows it (the home folder as `~`). */
  display(path: string): string;
  /** The processes already listed in full (the game's and its launchers'), and the scanner itself. */
  listed(process: RunningProcess): boolean;
  limits?: ProgramHashLimits;
  cap?: number;
}

interface Distinct {
  name: string;
  exe: string | null;
  /** Where to read the executable's bytes. */
  image: string | null;
  system: boolean;
  /** Its place among the names its executable runs under (0: the first by name). */
  rank: number;
}

/**
 * The order the cap and the hashing budget follow (docs/scan-client.md, "Other running programs"):
 * programs outside the system folders first; among them every executable's first name before any
 * executable's second, so one binary started under hundreds of names (Linux lets a process name
 * itself) takes one place before the cut, not hundreds; then by name.
 */
function listingOrder(a: Distinct, b: Distinct): number {
  return (
    Number(a.system) - Number(b.system) ||
    Number(a.exe === null) - Number(b.exe === null) ||
    Number(a.rank > 0) - Number(b.rank > 0) ||
    a.name.localeCompare(b.name, 'en') ||
    (a.exe ?? '').localeCompare(b.exe ?? '', 'en')
  );
}

/** The other running programs, one per distinct executable, capped and hashed within the limits. */
export async function runningPrograms(
  all: readonly RunningProcess[],
  options: RunningProgramsOptions,
): Promise<RunningProgramsEvidence> {
  const { platform, limits = PROGRAM_HASH_LIMITS, cap = EVIDENCE_CAPS.runningPrograms } = options;
  const roots = windowsFolderRootsOf(options.env);
  const fold = (s: string) => (platform === 'win32' ? s.toLowerCase() : s);
  const distinct = new Map<string, Distinct>();
  for (const p of all) {
    if (p.kernelThread === true || options.listed(p) || p.name === '') continue;
    // A name and a program file: two programs run from one interpreter (`node`, `python3`) under
    // names of their own are two entries.
    const key = `${fold(p.name)}\u0000${fold(p.exe ?? '')}`;
    if (distinct.has(key)) continue;
    distinct.set(key, {
      name: p.name,
      exe: p.exe,
      image: p.image ?? p.exe,
      system: p.exe === null || isSystemProgram(p.exe, platform, roots),
      rank: 0,
    });
  }
  // Each executable's names, by name: the first keeps rank 0. Programs without a path are each their own.
  const byExe = new Map<string, Distinct[]>();
  for (const d of distinct.values()) {
    if (d.exe === null) continue;
    const names = byExe.get(fold(d.exe)) ?? [];
    names.push(d);
    byExe.set(fold(d.exe), names);
  }
  for (const names of byExe.values())
    names
      .sort((a, b) => a.name.localeCompare(b.name, 'en'))
      .forEach((d, rank) => {
        d.rank = rank;
      });
  const kept = [...distinct.values()].sort(listingOrder).slice(0, cap);
  const hashes = await hashAll(kept, limits, fold);
  let unhashed = 0;
  const items: RunningProgramEvidence[] = kept.map((d) => {
    const sha256 = d.exe === null ? null : (hashes.get(fold(d.exe)) ?? null);
    if (sha256 === null) unhashed++;
    return {
      name: d.name.slice(0, EVIDENCE_CAPS.name),
      path: d.exe === null ? null : withoutOtherUsers(options.display(d.exe)).slice(0, EVIDENCE_CAPS.path),
      sha256,
    };
  });
  return { items, total: distinct.size, truncated: distinct.size > kept.length, unhashed };
}

/**
 * The SHA-256 of each listed executable, by its folded path: each file is read once however many
 * names it runs under, and the smallest first, so a few large programs cannot spend the whole budget
 * before a small one is hashed (docs/scan-client.md, "Other running programs").
 */
async function hashAll(
  kept: readonly Distinct[],
  limits: ProgramHashLimits,
  fold: (s: string) => string,
): Promise<Map<string, string | null>> {
  const files = new Map<string, { image: string; size: number }>();
  for (const d of kept) {
    if (d.exe === null || d.image === null || files.has(fold(d.exe))) continue;
    const info = await stat(d.image).catch(() => null);
    files.set(fold(d.exe), { image: d.image, size: info?.isFile() ? info.size : Number.MAX_SAFE_INTEGER });
  }
  const budget = new Budget(limits.totalBytes, limits.ms);
  const out = new Map<string, string | null>();
  const bySize = [...files.entries()].sort(([, a], [, b]) => a.size - b.size);
  for (const [key, { image }] of bySize) {
    try {
      out.set(key, await hashWithin(image, budget, limits.fileBytes));
    } catch (error) {
      if (!(error instanceof BudgetExceeded)) throw error;
      break;
    }
  }
  return out;
}
