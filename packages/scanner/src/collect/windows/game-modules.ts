import { EVIDENCE_CAPS } from '../../evidence/caps.js';
import type { ProgramSignature } from '../../evidence/document.js';
import type { ModuleList } from '../../windows/live/modules.js';
import {
  type ModuleFolder,
  moduleFolderOf,
  USER_WRITABLE,
  type WindowsFolderRoots,
} from '../../windows/module-folder.js';
import { type ModuleVerdict, moduleVerdictOf } from '../../windows/module-verdict.js';
import { readSmallFile, sha256 } from './file-facts.js';
import { signatureOf } from './signature.js';

/** Modules Toolhelp is asked for per process: system DLLs included, which are only counted. */
export const MODULE_WALK_CAP = 2048;
/** Modules outside %SystemRoot% listed in full per process. */
export const LISTED_MODULES_CAP = 256;

/** One module outside %SystemRoot% (or in one of its user-writable folders), with what its file says. */
export interface ModuleFacts {
  /** As the evidence shows paths: the home folder as `~`. */
  path: string;
  /** Bytes of the file on disk; null when it could not be opened. */
  fileSize: number | null;
  sha256: string | null;
  verdict: ModuleVerdict;
  signature: ProgramSignature;
  folder: ModuleFolder;
  /** Whether an ordinary user can write to that folder on a default install; null: depends on its ACL. */
  userWritable: boolean | null;
}

export interface ProcessModules {
  pid: number;
  process: string;
  readable: boolean;
  reason: string | null;
  /** Modules in %SystemRoot% (outside its user-writable folders): counted, not listed. */
  systemModules: number;
  modules: ModuleFacts[];
  /** The process had more modules than the caps allow. */
  truncated: boolean;
}

/**
 * Reads each listed module's file once per scan (the same DLL is in every game process): SHA-256 and
 * the Authenticode verdict, both only for files up to `MAX_READ_BYTES` (file-facts.ts).
 */
export class ModuleFileReader {
  private readonly seen = new Map<string, Promise<Omit<ModuleFacts, 'path' | 'folder' | 'userWritable'>>>();

  read(path: string): Promise<Omit<ModuleFacts, 'path' | 'folder' | 'userWritable'>> {
    const key = path.toLowerCase();
    let found = this.seen.get(key);
    if (found === undefined) {
      found = readSmallFile(path).then((bytes) => {
        const signature = signatureOf(bytes);
        return {
          fileSize: bytes === null ? null : bytes.length,
          sha256: bytes === null ? null : sha256(bytes),
          verdict: moduleVerdictOf(signature),
          signature,
        };
      });
      this.seen.set(key, found);
    }
    return found;
  }
}

/**
 * The facts of one process's modules (docs/scan-client.md, "Modules in the game process"): every
 * module outside %SystemRoot% in full, the system ones counted. Listing the hundred-odd Windows DLLs
 * of every game would be noise; a module in one of the folders under %SystemRoot% that users may
 * write to is listed like any other.
 */
export async function processModuleFacts(
  list: ModuleList,
  roots: WindowsFolderRoots,
  files: ModuleFileReader,
  display: (path: string) => string,
): Promise<Omit<ProcessModules, 'pid' | 'process' | 'readable' | 'reason'>> {
  let systemModules = 0;
  const modules: ModuleFacts[] = [];
  let truncated = list.truncated;
  for (const module of list.modules) {
    const folder = moduleFolderOf(module.path, roots);
    if (folder === 'windows') {
      systemModules++;
      continue;
    }
    if (modules.length >= LISTED_MODULES_CAP) {
      truncated = true;
      continue;
    }
    const file = await files.read(module.path);
    modules.push({
      path: display(module.path).slice(0, EVIDENCE_CAPS.path),
      ...file,
      folder,
      userWritable: USER_WRITABLE[folder],
    });
  }
  return { systemModules, modules, truncated };
}

/** Lists one process's modules: Toolhelp on Windows (live/modules.ts), a test's list elsewhere. */
export type ModuleLister = (pid: number, cap: number) => Promise<ModuleList>;

export const liveModuleLister: ModuleLister = async (pid, cap) =>
  (await import('../../windows/live/modules.js')).listProcessModules(pid, cap);

/** Why a process's modules could not be listed, and what the player can do about it. */
export function modulesUnreadableReason(error: unknown): string {
  const code = (error as { code?: string }).code;
  if (code === 'ESRCH') return 'The game process ended while its modules were being listed. Scan again.';
  if (code === 'EACCES')
    return 'Permission denied. Run the scanner as administrator (right-click, "Run as administrator") and scan again.';
  return `The modules could not be listed (${(error as Error).message ?? code ?? 'unknown error'}).`;
}

/** Each game process's modules; a process whose list cannot be taken says why, never left out. */
export async function gameProcessModules(
  games: ReadonlyArray<{ pid: number; name: string }>,
  roots: WindowsFolderRoots,
  display: (path: string) => string,
  list: ModuleLister = liveModuleLister,
): Promise<ProcessModules[]> {
  const files = new ModuleFileReader();
  const out: ProcessModules[] = [];
  for (const game of games.slice(0, EVIDENCE_CAPS.processes)) {
    const base = { pid: game.pid, process: game.name.slice(0, EVIDENCE_CAPS.name) };
    try {
      const facts = await processModuleFacts(await list(game.pid, MODULE_WALK_CAP), roots, files, display);
      out.push({ ...base, readable: true, reason: null, ...facts });
    } catch (error) {
      out.push({
        ...base,
        readable: false,
        reason: modulesUnreadableReason(error).slice(0, EVIDENCE_CAPS.text),
        systemModules: 0,
        modules: [],
        truncated: false,
      });
    }
  }
  return out;
}
