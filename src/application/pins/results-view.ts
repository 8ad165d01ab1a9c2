import type { PinWithReport } from '../../domain/pin.js';
import type { PinState } from '../../domain/pin-lifecycle.js';
import { iso } from '../../domain/time.js';

/*
 * The body GET /v1/pins/:pinCode/results returns (docs/api.md, "PINs"), built here because the
 * Discord app's scan message shows it too.
 */

const WAITING_MESSAGES = {
  pending: 'The PIN is waiting for the scan to start. Give the PIN to the player to run the scanner.',
  scanning: 'The scan is in progress. Poll the status endpoint and read the results once it is finished.',
} as const;

/** The full detail of a finished scan, or `result: "none"` with a message saying why. */
export function resultsView(pin: PinWithReport, state: PinState) {
  if (state.status === 'finished' && state.result !== null && pin.report !== null) {
    const report = pin.report;
    return {
      pin: pin.code,
      type: pin.type,
      status: 'finished' as const,
      result: state.result,
      pinName: pin.name,
      data: {
        cheating: state.result,
        detections: report.detections,
        suspicious: report.suspicious,
        warnings: report.warnings,
        untrusted: report.untrusted,
        integrity: report.integrity,
        customSuspicious: report.customSuspicious,
        vpn: report.vpn,
        country: report.country,
        logon: report.logon,
        scantime: report.scantime,
        windows: report.windows,
        discord: report.discord,
        assurance: report.assurance,
      },
      createdAt: iso(pin.createdAt),
    };
  }
  const { status } = state;
  // readPin never answers a finished PIN without its report.
  if (status === 'finished') throw new Error(`PIN ${pin.code} is finished but has no report`);
  const message =
    status === 'pending' || status === 'scanning'
      ? WAITING_MESSAGES[status]
      : (state.statusMessage ?? 'The scan did not complete.');
  return { pin: pin.code, type: pin.type, status, result: 'none' as const, pinName: pin.name, message };
}
