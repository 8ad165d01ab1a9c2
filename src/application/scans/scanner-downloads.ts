import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { downloadPlatform, isScannerDownloadName } from '../../domain/scanner-download.js';
import type { UseCaseContext } from '../context.js';

/** A built scanner the /scan page offers (docs/scan-client.md, "Hosting the downloads"). */
export interface ScannerDownload {
  name: string;
  platform: string;
  size: number;
  sha256: string;
  /** When the file was last written: a rebuilt file is hashed and searched afresh. */
  mtimeMs: number;
  /** Where it is on this server's disk; never shown. */
  path: string;
}

/**
 * SHA-256 of each file by path, size and modification time: an executable is tens of MiB, too much
 * to hash on every page view, and a rebuilt one (new size or time) is hashed afresh.
 */
const hashes = new Map<string, { key: string; sha256: Promise<string> }>();

function sha256Of(path: string, size: number, mtimeMs: number): Promise<string> {
  const key = `${size}:${mtimeMs}`;
  const known = hashes.get(path);
  if (known?.key === key) return known.sha256;
  const sha256 = new Promise<string>((done, fail) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', fail)
      .on('end', () => done(hash.digest('hex')));
  });
  hashes.set(path, { key, sha256 });
  // A file that could not be read is tried again next time.
  sha256.catch(() => hashes.delete(path));
  return sha256;
}

async function describe(dir: string, name: string): Promise<ScannerDownload | null> {
  const path = join(dir, name);
  try {
    const info = await stat(path);
    if (!info.isFile()) return null;
    return {
      name,
      platform: downloadPlatform(name),
      size: info.size,
      sha256: await sha256Of(path, info.size, info.mtimeMs),
      mtimeMs: info.mtimeMs,
      path,
    };
  } catch {
    // Removed between listing and reading, or unreadable: not offered.
    return null;
  }
}

/** The built scanners in SCANNER_DOWNLOADS_DIR, by name; none when the folder does not exist. */
export async function listScannerDownloads(ctx: UseCaseContext): Promise<ScannerDownload[]> {
  const dir = resolve(ctx.config.scannerDownloadsDir);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const found = await Promise.all(
    names
      .filter(isScannerDownloadName)
      .sort()
      .map((n) => describe(dir, n)),
  );
  return found.filter((d): d is ScannerDownload => d !== null);
}

/**
 * One download by the name in its address, or null. Only a name the folder lists is looked up, so
 * no path in the address can reach a file outside it.
 */
export async function findScannerDownload(
  ctx: UseCaseContext,
  name: string,
): Promise<ScannerDownload | null> {
  if (!isScannerDownloadName(name)) return null;
  const dir = resolve(ctx.config.scannerDownloadsDir);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return null;
  }
  return names.includes(name) ? describe(dir, name) : null;
}
