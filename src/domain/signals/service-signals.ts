import type { EvidenceDocument } from '../evidence.js';
import { type Signal, shownTime } from './signal.js';

/**
 * The Windows services that write the evidence (docs/scan-client.md, "Windows services"): SysMain
 * (Prefetch), PcaSvc (PCA), the bam and dam drivers (BAM/DAM), EventLog (the event logs), and DPS,
 * DiagTrack and Appinfo, which screensharers check. Each is a fact about this machine as it is now,
 * hence "this session":
 * - `forensic-service-disabled`: its start type is disabled (4), so it does not run and writes nothing;
 * - `forensic-service-missing`: its key or the service itself is gone; Windows ships every one of them
 *   (dam since Windows 8, bam since Windows 10 1709: on an older build their absence says nothing);
 * - `forensic-service-stopped`: the service manager says it is stopped although it starts by itself
 *   (boot, system or automatic). A manual one stopped is normal and says nothing. Never for dam: the
 *   Desktop Activity Moderator loads only on connected-standby (Modern Standby) machines, so on a
 *   desktop it is always stopped and Windows logs "system-start driver(s) did not load: dam".
 * "Optimizer" and debloat scripts disable SysMain, DiagTrack and DPS too, which is why the pack grades
 * these `integrity`, never a detection.
 */
export const SERVICE_SIGNAL_CODES = [
  'forensic-service-disabled',
  'forensic-service-missing',
  'forensic-service-stopped',
] as const;
type ServiceSignalCode = (typeof SERVICE_SIGNAL_CODES)[number];

const STARTS_ITSELF = new Set(['boot', 'system', 'automatic']);

/**
 * The first Windows build that ships each driver that came late: older Windows has no such driver to
 * delete. DAM came with Windows 8 (build 9200), for its connected standby; BAM with Windows 10 1709
 * (build 16299).
 */
const SHIPPED_SINCE_BUILD: Readonly<Record<string, number>> = { dam: 9_200, bam: 16_299 };

/** Drivers that are stopped on most machines as Windows ships them: stopped says nothing of them. */
const STOPPED_BY_DESIGN = new Set(['dam']);

/** The Windows build in the system facts (`Windows 10 Pro 10.0.19045`), or null when not said. */
export function windowsBuild(os: string | null): number | null {
  if (os === null) return null;
  const nt = /\b(\d+)\.(\d+)\.(\d+)\b/.exec(os);
  return nt === null ? null : Number(nt[3]);
}

/** Whether Windows ships the service on this machine; an unknown version counts as a current one. */
function shippedOn(name: string, build: number | null): boolean {
  const since = SHIPPED_SINCE_BUILD[name];
  return since === undefined || build === null || build >= since;
}

export function* serviceSignals(doc: EvidenceDocument): Generator<Signal<ServiceSignalCode>> {
  const services = doc.sources.services;
  if (services === undefined || services.status !== 'collected') return;
  const build = windowsBuild(doc.sources.system.os);
  for (const [index, s] of services.items.entries()) {
    const ref = { source: 'services' as const, index, value: s.name };
    const changed =
      s.keyLastWritten === null ? '' : `, its settings last changed ${shownTime(s.keyLastWritten)}`;
    if (s.present === false && shippedOn(s.name, build)) {
      yield {
        code: 'forensic-service-missing',
        proves: 'this-session',
        where: `service ${s.name} (not on this machine: deleted)`,
        ref,
      };
    } else if (s.startType === 'disabled') {
      yield {
        code: 'forensic-service-disabled',
        proves: 'this-session',
        where: `service ${s.name} (start type disabled${changed})`,
        ref,
      };
    } else if (
      s.state === 'stopped' &&
      s.startType !== null &&
      STARTS_ITSELF.has(s.startType) &&
      !STOPPED_BY_DESIGN.has(s.name)
    ) {
      yield {
        code: 'forensic-service-stopped',
        proves: 'this-session',
        where: `service ${s.name} (stopped, although it starts ${s.startType === 'automatic' ? 'automatically' : `at ${s.startType} start`})`,
        ref,
      };
    }
  }
}
