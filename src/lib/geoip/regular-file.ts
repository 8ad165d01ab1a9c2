import { constants, type Stats, statSync } from 'node:fs';
import { open } from 'node:fs/promises';

/*
 * The operator's data files (docs/operations.md, "Country and VPN databases") are read whole. Only a
 * regular file can be: opening a FIFO waits for a writer (forever, and silently, at start), and a
 * device or a directory is no database.
 */

/** What the path is when it is not a regular file, in words ("a FIFO"), or undefined. */
export function nonRegularKind(s: Stats): string | undefined {
  if (s.isFile()) return undefined;
  if (s.isFIFO()) return 'a FIFO (named pipe)';
  if (s.isDirectory()) return 'a directory';
  if (s.isCharacterDevice() || s.isBlockDevice()) return 'a device';
  if (s.isSocket()) return 'a socket';
  return 'not a regular file';
}

/**
 * At start: what is wrong with a configured path that exists but is no regular file, or undefined
 * (a missing file is not refused: it is said in a warning and may appear later).
 */
export function nonRegularFileAt(path: string): string | undefined {
  let s: Stats;
  try {
    s = statSync(path);
  } catch {
    return undefined;
  }
  return nonRegularKind(s);
}

/**
 * The content of a regular file; anything else is refused without blocking. Opened without waiting
 * (O_NONBLOCK, which changes nothing for a regular file) and checked on the open file itself, so a
 * FIFO renamed over the path after a check cannot hang the read either.
 */
export async function readRegularFile(path: string): Promise<Buffer> {
  const handle = await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const kind = nonRegularKind(await handle.stat());
    if (kind !== undefined) throw new Error(`it is ${kind}, not a regular file`);
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}
