import { currentControlSet } from './bam.js';
import type { Hive } from './registry/hive.js';
import { HiveFormatError } from './registry/hive-format-error.js';
import type { RegistryKey } from './registry/key.js';
import { REG_DWORD, REG_EXPAND_SZ, REG_SZ } from './registry/value-types.js';

/**
 * The Windows services that the scanner's evidence, or a screensharer's checks, depend on: disabling
 * or deleting one is how the traces are kept from being written (docs/scan-client.md, "Windows
 * services"). Each is read from `ControlSet00N\Services\<name>` of the current control set: its start
 * type, service type, image path, display name, and the key's last-write time (when its settings
 * last changed). A key that is not there at all is reported as missing: Windows ships every one of
 * them, so a missing key was deleted.
 */
export const FORENSIC_SERVICES = [
  'SysMain',
  'PcaSvc',
  'bam',
  'dam',
  'EventLog',
  'DPS',
  'DiagTrack',
  'Appinfo',
] as const;

export type ForensicService = (typeof FORENSIC_SERVICES)[number];

/** The `Start` value (Microsoft, "CurrentControlSet\Services Subkey Entries"). */
export const START_TYPES = ['boot', 'system', 'automatic', 'manual', 'disabled'] as const;
export type StartType = (typeof START_TYPES)[number];

export interface ServiceConfig {
  name: string;
  /**
   * False when the service's key is absent from a control set whose Services key was read whole; null
   * when it was not found but some service keys could not be read (damage), so it may be one of them.
   */
  present: boolean | null;
  /** The raw `Start` value, null if absent or not a REG_DWORD. */
  start: number | null;
  startType: StartType | null;
  /** The raw `Type` value (0x1 kernel driver, 0x10 own process, 0x20 shared process, …). */
  type: number | null;
  imagePath: string | null;
  displayName: string | null;
  /** The service key's last-write time, ISO 8601 UTC. */
  keyLastWritten: string | null;
  /** Why this service could not be read (damage in its key), or null. */
  problem: string | null;
}

export type ServicesRead =
  | { controlSet: string; services: ServiceConfig[] }
  | { controlSet: string | null; reason: string };

export function startTypeOf(start: number | null): StartType | null {
  return start === null ? null : (START_TYPES[start] ?? null);
}

function emptyService(name: string, present: boolean | null, problem: string | null): ServiceConfig {
  const none = { start: null, startType: null, type: null, imagePath: null, displayName: null };
  return { name, present, ...none, keyLastWritten: null, problem };
}

function dword(key: RegistryKey, name: string): number | null {
  const value = key.value(name);
  if (value === null || value.type !== REG_DWORD) return null;
  const decoded = value.decoded();
  return decoded.kind === 'dword' ? decoded.value : null;
}

function text(key: RegistryKey, name: string): string | null {
  const value = key.value(name);
  if (value === null || (value.type !== REG_SZ && value.type !== REG_EXPAND_SZ)) return null;
  return value.string();
}

function readOne(key: RegistryKey, name: string): ServiceConfig {
  try {
    const start = dword(key, 'Start');
    return {
      name,
      present: true,
      start,
      startType: startTypeOf(start),
      type: dword(key, 'Type'),
      imagePath: text(key, 'ImagePath'),
      displayName: text(key, 'DisplayName'),
      keyLastWritten: key.lastWritten,
      problem: null,
    };
  } catch (error) {
    if (!(error instanceof HiveFormatError)) throw error;
    return emptyService(name, true, `its key is damaged (${error.message})`);
  }
}

/**
 * The forensic services' configuration in a SYSTEM hive. A hive too damaged to reach the Services key
 * gives a reason instead; damage inside one service's key costs only that service.
 */
export function readServicesFromHive(
  system: Hive,
  names: readonly string[] = FORENSIC_SERVICES,
): ServicesRead {
  let controlSet: string | null = null;
  try {
    controlSet = currentControlSet(system);
    if (controlSet === null)
      return { controlSet, reason: 'the SYSTEM hive has no usable Select\\Current value' };
    const services = system.key(`${controlSet}\\Services`);
    if (services === null)
      return { controlSet, reason: `the SYSTEM hive has no ${controlSet}\\Services key` };
    // One listing of the subkeys, shared by every name: a Services key holds several hundred. Keys
    // lost to damage hide only themselves; a service not found while some are lost may be one of them.
    const { keys, damaged } = services.readableSubkeys();
    const byName = new Map(keys.map((k) => [k.name.toUpperCase(), k] as const));
    const lost =
      damaged.length === 0
        ? null
        : `not among the readable services; ${damaged.length} service keys are damaged (${damaged[0]?.message}) and it may be one of them`;
    return {
      controlSet,
      services: names.map((name) => {
        const key = byName.get(name.toUpperCase());
        if (key === undefined) return emptyService(name, lost === null ? false : null, lost);
        return readOne(key, name);
      }),
    };
  } catch (error) {
    if (!(error instanceof HiveFormatError)) throw error;
    return { controlSet, reason: `the SYSTEM hive is damaged (${error.message})` };
  }
}
