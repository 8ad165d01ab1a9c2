import { constants } from 'node:fs';
import { type FileHandle, lstat, open } from 'node:fs/promises';

/**
 * How the scanner opens a file on the player's machine (docs/scan-client.md, "Bounds"): only a regular
 * file (never a FIFO, whose open would wait forever, nor a device such as `/dev/zero`, which never
 * ends), never through a link unless the caller says so, and never more than a set number of bytes.
 * The file's kind is checked on the open handle, so a file swapped for a link after the check is not
 * read either. O_NOFOLLOW and O_NONBLOCK do not exist on Windows; there the `lstat` check stands.
 */
export interface ReadOptions {
  /** Read at most this many bytes. */
  maxBytes: number;
  /** `end`: the last `maxBytes` of a larger file (a log's newest lines); `start` (default): a larger file is not read at all. */
  from?: 'start' | 'end';
  /** Open through a symbolic link (the file it points to must still be regular). Default: refuse links. */
  followLinks?: boolean;
}

export interface BoundedRead {
  data: Buffer;
  /** The file's whole size, of which `data` may be the tail. */
  size: number;
  mtimeMs: number;
  birthtimeMs: number;
}

const FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;

/** An open handle on a regular file, or null when the path is a link (unless followed), not a regular file, or unreadable. */
export async function openRegular(
  path: string,
  followLinks = false,
): Promise<{ handle: FileHandle; size: number; mtimeMs: number; birthtimeMs: number } | null> {
  if (!followLinks) {
    const link = await lstat(path).catch(() => null);
    if (link === null || !link.isFile()) return null;
  }
  const handle = await open(path, FLAGS | (followLinks ? 0 : NO_FOLLOW)).catch(() => null);
  if (handle === null) return null;
  const info = await handle.stat().catch(() => null);
  if (info === null || !info.isFile()) {
    await handle.close();
    return null;
  }
  return { handle, size: info.size, mtimeMs: info.mtimeMs, birthtimeMs: info.birthtimeMs };
}

/**
 * A regular file's bytes within the bounds above, or null when it may not or cannot be read. A file
 * that grows while it is read (a log being written) is still read only up to its size at the open.
 */
export async function readBounded(path: string, options: ReadOptions): Promise<BoundedRead | null> {
  const opened = await openRegular(path, options.followLinks ?? false);
  if (opened === null) return null;
  const { handle, size } = opened;
  try {
    if (size > options.maxBytes && options.from !== 'end') return null;
    const length = Math.min(size, options.maxBytes);
    const data = Buffer.alloc(length);
    let done = 0;
    while (done < length) {
      const { bytesRead } = await handle.read(data, done, length - done, size - length + done);
      if (bytesRead === 0) break;
      done += bytesRead;
    }
    return { data: data.subarray(0, done), size, mtimeMs: opened.mtimeMs, birthtimeMs: opened.birthtimeMs };
  } catch {
    return null;
  } finally {
    await handle.close();
  }
}

/** The first `count` bytes of a regular file (a zip's signature), within the same rules. */
export async function headOf(path: string, count: number, followLinks = false): Promise<Buffer | null> {
  const opened = await openRegular(path, followLinks);
  if (opened === null) return null;
  try {
    const buf = Buffer.alloc(count);
    const { bytesRead } = await opened.handle.read(buf, 0, count, 0);
    return buf.subarray(0, bytesRead);
  } catch {
    return null;
  } finally {
    await opened.handle.close();
  }
}

/**
 * A limit on the work one source may do: bytes and a deadline. A hostile file (a LevelDB table whose
 * index points at one block a hundred thousand times) costs at most this much, then the source stops
 * with what it has.
 */
export class Budget {
  private spent = 0;
  private readonly deadline: number;

  constructor(
    private readonly maxBytes: number,
    maxMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.deadline = now() + maxMs;
  }

  /** Count `bytes` of work; throws `BudgetExceeded` once the bytes or the time are used up. */
  charge(bytes: number): void {
    this.spent += bytes;
    if (this.spent > this.maxBytes) throw new BudgetExceeded('bytes');
    if (this.now() > this.deadline) throw new BudgetExceeded('time');
  }
}

export class BudgetExceeded extends Error {
  constructor(readonly limit: 'bytes' | 'time') {
    super(`the ${limit === 'bytes' ? 'size' : 'time'} limit for this source was reached`);
    this.name = 'BudgetExceeded';
  }
}
