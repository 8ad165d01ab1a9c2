import {
  EVIDENCE_CAPS,
  type ModuleEvidence,
  type ModuleProcessEvidence,
  type SourceFields,
} from '@scanpin/evidence';
import type { ModuleList } from '../../windows/live/modules.js';
import { moduleFolderOf, USER_WRITABLE, type WindowsFolderRoots } from '../../windows/module-folder.js';
import { moduleVerdictOf } from '../../windows/module-verdict.js';
import { readSmallFile, sha256 } from './file-facts.js';
import { signatureOf } from './signature.js';

/** Modules Toolhelp is asked for per process: system DLLs included, which are only counted. */
export const MODULE_WALK_CAP = 2048;

export type ModuleFacts = ModuleEvidence;
export type ProcessModules = ModuleProcessEvidence;
export type GameModules = SourceFields<'modules'>;

type FileFacts = Omit<ModuleFacts, 'path' | 'folder' | 'userWritable' | 'pids'>;

/**
 * Reads each listed module's file once per scan (the same DLL is in every game process): SHA-256 and
 * the Authenticode verdict, both only for files up to `MAX_READ_BYTES` (file-facts.ts).
 */
export class ModuleFileReader {
  private readonly seen = new Map<string, Promise<FileFacts>>();

  read(path: string): Promise<FileFacts> {
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

/** The section's modules in order, and each by its shown path without case (the same DLL in many processes). */
export interface ModuleItems {
  list: ModuleFacts[];
  byPath: Map<string, ModuleFacts>;
}

/**
 * Adds one process's modules to `items` (docs/scan-client.md, "Modules in the game process"): every
 * module outside %SystemRoot% once, however many game processes load it, the system ones counted.
 * Listing the hundred-odd Windows DLLs of every game would be noise; a module in one of the folders
 * under %SystemRoot% that users may write to is listed like any other.
 */
export async function addProcessModules(
  pid: number,
  list: ModuleList,
  roots: WindowsFolderRoots,
  files: ModuleFileReader,
  display: (path: string) => string,
  items: ModuleItems,
): Promise<Pick<ProcessModules, 'systemModules' | 'listed' | 'truncated'>> {
  let systemModules = 0;
  let listed = 0;
  let truncated = list.truncated;
  for (const module of list.modules) {
    const folder = moduleFolderOf(module.path, roots);
    if (folder === 'windows') {
      systemModules++;
      continue;
    }
    const path = display(module.path).slice(0, EVIDENCE_CAPS.path);
    const known = items.byPath.get(path.toLowerCase());
    if (known !== undefined) {
      if (!known.pids.includes(pid) && known.pids.length < EVIDENCE_CAPS.processes) known.pids.push(pid);
      listed++;
      continue;
    }
    if (items.list.length >= EVIDENCE_CAPS.loadedModules) {
      truncated = true;
      continue;
    }
    const facts: ModuleFacts = {
      path,
      ...(await files.read(module.path)),
      folder,
      userWritable: USER_WRITABLE[folder],
      pids: [pid],
    };
    items.list.push(facts);
    items.byPath.set(path.toLowerCase(), facts);
    listed++;
  }
  return { systemModules, listed, truncated };
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
): Promise<GameModules> {
  const files = new ModuleFileReader();
  const processes: ProcessModules[] = [];
  const items: ModuleItems = { list: [], byPath: new Map() };
  for (const game of games.slice(0, EVIDENCE_CAPS.processes)) {
    const base = { pid: game.pid, process: game.name.slice(0, EVIDENCE_CAPS.name) };
    try {
      const modules = await list(game.pid, MODULE_WALK_CAP);
      const counts = await addProcessModules(game.pid, modules, roots, files, display, items);
      processes.push({ ...base, readable: true, reason: null, ...counts });
    } catch (error) {
      processes.push({
        ...base,
        readable: false,
        reason: modulesUnreadableReason(error).slice(0, EVIDENCE_CAPS.text),
        systemModules: 0,
        listed: 0,
        truncated: false,
      });
    }
  }
  return { processes, items: items.list };
}
