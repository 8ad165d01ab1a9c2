import type { EvidenceDocument } from '../evidence.js';
import { type Signal, shownTime } from '../windows-signals.js';

/**
 * The Windows services that write the evidence (docs/scan-client.md, "Windows services"): SysMain
 * (Prefetch), PcaSvc (PCA), the bam and dam drivers (BAM/DAM), EventLog (the event logs), and DPS,
 * DiagTrack and Appinfo, which screensharers check. Each is a fact about this machine as it is now,
 * hence "this session":
 * - `forensic-service-disabled`: its start type is disabled (4), so it does not run and writes nothing;
 * - `forensic-service-missing`: its key or the service itself is gone; Windows ships every one of them;
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

export function* serviceSignals(doc: EvidenceDocument): Generator<Signal> {
  const services = doc.sources.services;
  if (services === undefined || services.status !== 'collected') return;
  for (const [index, s] of services.items.entries()) {
    const ref = { source: 'services' as const, index, value: s.name };
    const changed =
      s.keyLastWritten === null ? '' : `, its settings last changed ${shownTime(s.keyLastWritten)}`;
    if (s.present === false) {
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
