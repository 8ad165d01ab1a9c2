import { stat } from 'node:fs/promises';
import type { ServiceLog } from '../../logger.js';
import { nonRegularKind, readRegularFile } from './regular-file.js';

/**
 * A file the operator may replace while the server runs (docs/operations.md, "Country and VPN
 * databases"): checked for a change at most once per `checkEveryMs`, re-read when its size, time
 * or inode changed, and swapped in only when it parses. A broken or half-written replacement keeps
 * the version before it and logs one warning naming the file (never an address it was asked about);
 * the next change is tried again.
 */

export interface WatchedFileStatus {
  state: 'off' | 'loaded' | 'unavailable';
  /** The last change seen could not be read or parsed; what is loaded (if anything) is older. */
  lastChangeRejected: boolean;
}

export interface WatchedFileOptions<T> {
  /** Shown in warnings, e.g. GEOIP_COUNTRY_DB. */
  label: string;
  path: string | undefined;
  /** Throws when the content is not what it should be. */
  parse(content: Buffer): T;
  log: ServiceLog;
  clock: () => number;
  checkEveryMs: number;
}

export class WatchedFile<T> {
  #value: T | null = null;
  #signature: string | null = null;
  #rejected: string | null = null;
  #checkedAt = Number.NEGATIVE_INFINITY;
  #checking: Promise<void> | null = null;

  constructor(private readonly options: WatchedFileOptions<T>) {}

  /** What was last loaded; null when nothing has loaded (or no file is configured). */
  get value(): T | null {
    return this.#value;
  }

  status(): WatchedFileStatus {
    if (this.options.path === undefined) return { state: 'off', lastChangeRejected: false };
    return {
      state: this.#value === null ? 'unavailable' : 'loaded',
      lastChangeRejected: this.#rejected !== null,
    };
  }

  /** Loads the file if it changed and the last check is old enough; never throws. */
  refresh(): Promise<void> {
    if (this.options.path === undefined) return Promise.resolve();
    const now = this.options.clock();
    if (this.#checking === null && now - this.#checkedAt >= this.options.checkEveryMs) {
      this.#checkedAt = now;
      this.#checking = this.#check(this.options.path).finally(() => {
        this.#checking = null;
      });
    }
    return this.#checking ?? Promise.resolve();
  }

  async #check(path: string): Promise<void> {
    const { label, log } = this.options;
    let signature: string;
    let kind: string | undefined;
    try {
      // Taken before the read: a write still going on changes it again, so the next check retries.
      const s = await stat(path);
      signature = `${s.ino}:${s.size}:${s.mtimeMs}`;
      kind = nonRegularKind(s);
    } catch (err) {
      this.#reject('missing', `${label}: ${path} cannot be read (${codeOf(err)}); keeping what was loaded`);
      return;
    }
    if (signature === this.#signature || signature === this.#rejected) return;
    // A FIFO would never be read to its end: refused, not waited for.
    if (kind !== undefined) {
      this.#reject(signature, `${label}: ${path} is ${kind}, not a regular file; keeping what was loaded`);
      return;
    }
    try {
      const value = this.options.parse(await readRegularFile(path));
      this.#value = value;
      this.#signature = signature;
      this.#rejected = null;
      log.info({ file: path }, `${label} loaded`);
    } catch (err) {
      this.#reject(
        signature,
        `${label}: ${path} was not loaded (${messageOf(err)}); keeping what was loaded`,
      );
    }
  }

  /** Warns once per rejected version of the file, not on every check. */
  #reject(signature: string, message: string): void {
    if (this.#rejected === signature) return;
    this.#rejected = signature;
    this.options.log.warn(message);
  }
}

function codeOf(err: unknown): string {
  return typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : 'unknown error';
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message.slice(0, 200) : 'unknown error';
}
