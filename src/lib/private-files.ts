import { closeSync, mkdirSync, openSync, statSync } from 'node:fs';
import { resolve } from 'node:path';

/*
 * The data folder and the files in it (the SQLite database and its -wal and -shm, the generated
 * operator token and hashing secret) are the service user's alone (docs/deployment.md, "File modes"):
 * created that way, and named in a warning at start when someone widened them. Existing modes are
 * never changed behind the operator's back.
 */

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates the folder, and any missing parent, owner-only; an existing folder keeps its mode. */
export function makePrivateDir(path: string): void {
  mkdirSync(path, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/**
 * Creates an empty file owner-only unless something is there already; true when it made it. Any
 * other failure (a read-only folder, say) is left for the caller's own open to report in its words.
 */
export function createPrivateFile(path: string): boolean {
  try {
    closeSync(openSync(path, 'wx', PRIVATE_FILE_MODE));
    return true;
  } catch {
    return false;
  }
}

export interface WideMode {
  path: string;
  kind: 'folder' | 'file';
  /** The permission bits, e.g. 0o755. */
  mode: number;
}

/**
 * Those of `paths` that exist and that the group or others may use. Windows keeps no such bits (Node
 * reports 0o666 for every file there), so nothing is reported on it.
 */
export function widerThanPrivate(paths: readonly string[]): WideMode[] {
  if (process.platform === 'win32') return [];
  const wide: WideMode[] = [];
  // One folder may be named twice (the data folder that holds the database too).
  for (const path of new Set(paths.map((p) => resolve(p)))) {
    const stat = statSync(path, { throwIfNoEntry: false });
    if (stat === undefined || (stat.mode & 0o077) === 0) continue;
    wide.push({ path, kind: stat.isDirectory() ? 'folder' : 'file', mode: stat.mode & 0o777 });
  }
  return wide;
}

/** `0o755` as `0755`, the way chmod and ls speak. */
export function octal(mode: number): string {
  return `0${mode.toString(8).padStart(3, '0')}`;
}
