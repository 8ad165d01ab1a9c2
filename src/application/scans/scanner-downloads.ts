import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { BUILD_NAME, SCAN_PLATFORMS, type ScanPlatform } from '../../domain/player-platform.js';
import { downloadPlatform, isScannerDownloadName } from '../../domain/scanner-download.js';
import type { ServiceLog } from '../../logger.js';
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

/**
 * The systems whose build SCANNER_DOWNLOADS_DIR holds, so scan links can offer them (BUILD_NAME):
 * for the dashboard's notice to staff and the start-up warning. Nothing is hashed.
 */
export async function scannerBuildPlatforms(ctx: UseCaseContext): Promise<ScanPlatform[]> {
  const dir = resolve(ctx.config.scannerDownloadsDir);
  const found = await Promise.all(
    SCAN_PLATFORMS.map(async (platform) => {
      try {
        return (await stat(join(dir, BUILD_NAME[platform]))).isFile() ? platform : null;
      } catch {
        return null;
      }
    }),
  );
  return found.filter((p): p is ScanPlatform => p !== null);
}

/**
 * Once at start: a server without builds offers players nothing to download (docs/scan-client.md,
 * "Building the executables"), so the operator is told where they go and what makes them.
 */
export async function warnOfMissingBuildsAtStartUp(ctx: UseCaseContext, log: ServiceLog): Promise<void> {
  if ((await scannerBuildPlatforms(ctx)).length > 0) return;
  log.warn(
    { dir: resolve(ctx.config.scannerDownloadsDir) },
    'no scanner build in SCANNER_DOWNLOADS_DIR: players cannot download a scanner from /scan or their scan links until the operator runs `npm run build:scanner` (docs/scan-client.md, "Building the executables")',
  );
}
