import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

/**
 * Real Windows artifacts (Prefetch, hives, …) published by other projects, kept outside the repository
 * in `../shared/fixtures/windows-real/` (its SOURCE.txt names each file's origin and licence). They
 * are read from there and never copied in. Absent, the tests that need them say so loudly and skip.
 */
export const WINDOWS_REAL = resolve(process.cwd(), '..', 'shared', 'fixtures', 'windows-real');

export function windowsRealPresent(what: string): boolean {
  if (existsSync(join(WINDOWS_REAL, 'SOURCE.txt'))) return true;
  console.warn(`NOT TESTED: ${what}: the real Windows samples are not at ${WINDOWS_REAL}.`);
  return false;
}

/** Every file under `folder` of the samples whose name ends with `extension`, as [name, path], sorted. */
export function windowsRealFiles(folder: string, extension: string): [string, string][] {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((n) => {
      const path = join(dir, n);
      return statSync(path).isDirectory() ? walk(path) : n.toLowerCase().endsWith(extension) ? [path] : [];
    });
  const root = join(WINDOWS_REAL, folder);
  if (!existsSync(root)) return [];
  return walk(root)
    .sort()
    .map((path) => [relative(WINDOWS_REAL, path), path]);
}
