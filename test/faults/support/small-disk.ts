import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A small tmpfs of the test's own, to fill up or make read-only for real (ENOSPC, EROFS) rather than
 * pretend. Needs the right to mount (root in a container that allows it); null says why not.
 */
export interface SmallDisk {
  dir: string;
  readOnly(on: boolean): void;
  destroy(): void;
}

export function mountSmallDisk(sizeMb: number): SmallDisk | { missing: string } {
  const dir = mkdtempSync(join(tmpdir(), 'scanpin-faults-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m,mode=0777`, 'tmpfs', dir], {
      stdio: 'pipe',
    });
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    const why = err instanceof Error ? err.message.split('\n')[0] : String(err);
    return { missing: `cannot mount a tmpfs here (${why})` };
  }
  return {
    dir,
    readOnly(on) {
      execFileSync('mount', ['-o', `remount,${on ? 'ro' : 'rw'}`, dir], { stdio: 'pipe' });
    },
    destroy() {
      try {
        execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
