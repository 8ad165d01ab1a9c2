import type { EvidenceDocument } from '../evidence.js';
import { type Signal, shownTime } from '../windows-signals.js';

/**
 * The Windows services that write the evidence (docs/scan-client.md, "Windows services"): SysMain
 * (Prefetch), PcaSvc (PCA), the bam and dam drivers (BAM/DAM), EventLog (the event logs), and DPS,
 * DiagTrack and Appinfo, which screensharers check. Each is a fact about this machine as it is now,
 * hence "this session":
 * - `forensic-service-disabled`: its start type is disabled (4), so it does not run and writes nothing;
 * - `forensic-service-missing`: its key or the service itself is gone; Windows ships every one of them
 *   (bam and dam since Windows 10 1709: on an older build their absence says nothing);
 * - `forensic-service-stopped`: the service manager says it is stopped although it starts by itself
 *   (boot, system or automatic). A manual one stopped is normal and says nothing.
 * "Optimizer" and debloat scripts disable SysMain, DiagTrack and DPS too, which is why the pack grades
 * these `integrity`, never a detection.
 */
export const SERVICE_SIGNAL_CODES = [
  'forensic-service-disabled',
  'forensic-service-missing',
  'forensic-service-stopped',
] as const;

const STARTS_ITSELF = new Set(['boot', 'system', 'automatic']);

/** BAM and DAM came with Windows 10 1709 (build 16299): older Windows has no such driver to delete. */
const BAM_SINCE_BUILD = 16_299;
const LATE_DRIVERS = new Set(['bam', 'dam']);

/** The Windows build in the system facts (`Windows 10 Pro 10.0.19045`), or null when not said. */
export function windowsBuild(os: string | null): number | null {
  if (os === null) return null;
  const nt = /\b(\d+)\.(\d+)\.(\d+)\b/.exec(os);
  if (nt === null) return null;
  return Number(nt[1]) >= 10 ? Number(nt[3]) : 0;
}

/** Whether Windows ships the service on this machine; an unknown version counts as a current one. */
function shippedOn(name: string, build: number | null): boolean {
  return !LATE_DRIVERS.has(name) || build === null || build >= BAM_SINCE_BUILD;
}

export function* serviceSignals(doc: EvidenceDocument): Generator<Signal> {
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
    } else if (s.state === 'stopped' && s.startType !== null && STARTS_ITSELF.has(s.startType)) {
      yield {
        code: 'forensic-service-stopped',
        proves: 'this-session',
        where: `service ${s.name} (stopped, although it starts ${s.startType === 'automatic' ? 'automatically' : `at ${s.startType} start`})`,
        ref,
      };
    }
  }
}
