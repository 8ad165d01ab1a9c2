import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { currentControlSet } from '../../windows/bam.js';
import { type Hive, HiveFormatError, openHive } from '../../windows/registry/index.js';
import { REG_DWORD } from '../../windows/registry/value-types.js';
import type { WindowsLayout } from './layout.js';

/**
 * The SYSTEM hive file (`%SystemRoot%\System32\config\SYSTEM`). Windows keeps it locked while it
 * runs, so on a live machine the read fails (docs/scan-client.md): the registry API through koffi is
 * the way there, and is not wired yet. A planted tree, or a copy, reads.
 */
export function systemHivePath(layout: WindowsLayout): string {
  return join(layout.systemRoot, 'System32', 'config', 'SYSTEM');
}

export type HiveRead = { hive: Hive } | { error: 'missing' | 'locked'; detail: string };

export async function readSystemHive(layout: WindowsLayout): Promise<HiveRead> {
  const path = systemHivePath(layout);
  try {
    return { hive: openHive(await readFile(path)) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { error: 'missing', detail: 'There is no SYSTEM hive file.' };
    if (code === 'EBUSY' || code === 'EPERM' || code === 'EACCES')
      return { error: 'locked', detail: 'Windows keeps the SYSTEM hive locked while it runs.' };
    throw error;
  }
}

/**
 * `EnablePrefetcher` under the current control set's `PrefetchParameters`: 0 turns Prefetch off
 * (Microsoft, "Cache and memory manager improvements"); absent or unreadable is null, not a guess.
 */
export function prefetchEnabled(system: Hive): boolean | null {
  const controlSet = currentControlSet(system);
  if (controlSet === null) return null;
  const value = system
    .key(`${controlSet}\\Control\\Session Manager\\Memory Management\\PrefetchParameters`)
    ?.value('EnablePrefetcher');
  if (value === null || value === undefined || value.type !== REG_DWORD) return null;
  const decoded = value.decoded();
  return decoded.kind === 'dword' ? decoded.value !== 0 : null;
}

/**
 * Whether Prefetch is on, for the Prefetch section: null with the reason when the SYSTEM hive is
 * missing, locked or damaged, or holds no `EnablePrefetcher`. A damaged hive (a real one fails deep in
 * a subkey list) costs only this answer, never the Prefetch files (docs/scan-client.md, "How they are
 * collected").
 */
export async function prefetchSetting(
  layout: WindowsLayout,
): Promise<{ enabled: boolean | null; reason: string | null }> {
  const unknown = (why: string) => ({ enabled: null, reason: `Whether Prefetch is on is unknown: ${why}` });
  try {
    const read = await readSystemHive(layout);
    if (!('hive' in read)) return unknown(read.detail);
    const enabled = prefetchEnabled(read.hive);
    if (enabled === null) {
      return unknown('the SYSTEM hive has no EnablePrefetcher value in its current control set.');
    }
    return { enabled, reason: null };
  } catch (error) {
    if (!(error instanceof HiveFormatError)) throw error;
    return unknown(`the SYSTEM hive is damaged (${error.message}).`);
  }
}
