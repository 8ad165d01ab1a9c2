import { currentControlSet } from './bam.js';
import type { Hive } from './registry/hive.js';
import { HiveFormatError } from './registry/hive-format-error.js';
import { REG_BINARY } from './registry/value-types.js';
import { parseAppCompatCache, type ShimCacheParse } from './shimcache.js';

/** Where Windows 2003 and later keep the cache, under the current control set. */
export const APPCOMPATCACHE_KEY = 'Control\\Session Manager\\AppCompatCache';

export type ShimCacheRead =
  | { controlSet: string; parse: ShimCacheParse & { ok: true } }
  | { controlSet: string | null; reason: string };

/**
 * The ShimCache of a SYSTEM hive's current control set (`Select\Current`). Every way it can be
 * unreadable (no control set, no key, no value, damage in the hive, an unknown layout) is a reason a
 * person can read, never an exception; the hive's own damage is named as such.
 */
export function readShimCacheFromHive(system: Hive): ShimCacheRead {
  let controlSet: string | null = null;
  try {
    controlSet = currentControlSet(system);
    if (controlSet === null)
      return { controlSet, reason: 'the SYSTEM hive has no usable Select\\Current value' };
    const value = system.key(`${controlSet}\\${APPCOMPATCACHE_KEY}`)?.value('AppCompatCache');
    if (value === undefined) return { controlSet, reason: `there is no ${APPCOMPATCACHE_KEY} key` };
    if (value === null) return { controlSet, reason: 'the AppCompatCache key has no AppCompatCache value' };
    if (value.type !== REG_BINARY) {
      return { controlSet, reason: `the AppCompatCache value is ${value.typeName}, not REG_BINARY` };
    }
    const parse = parseAppCompatCache(value.data());
    if (!parse.ok) return { controlSet, reason: `the AppCompatCache value is not readable: ${parse.reason}` };
    return { controlSet, parse };
  } catch (error) {
    if (!(error instanceof HiveFormatError)) throw error;
    return { controlSet, reason: `the SYSTEM hive is damaged (${error.message})` };
  }
}
