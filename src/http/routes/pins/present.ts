import type { ObservedPin } from '../../../application/pins/read-pin.js';
import { statusView } from '../../../application/pins/status-view.js';
import type { Pin } from '../../../domain/pin.js';
import { iso } from '../../../domain/time.js';

/** The PIN just created (docs/api.md, "PINs"). */
export function presentCreated(pin: Pin, enterpriseName: string) {
  return {
    pin: pin.code,
    type: pin.type,
    status: 'pending' as const,
    pinName: pin.name,
    ramDump: pin.ramDump,
    private: pin.private,
    expiresAt: iso(pin.state.expiresAt),
    createdAt: iso(pin.createdAt),
    enterprise: enterpriseName,
  };
}

/**
 * The stored record an answer can be kept for: while nothing came due (expiry, idle timeout), the
 * observed state is the record's own, and the same record is answered the same way.
 */
export function keptRecordOf({ pin, state }: ObservedPin): ObservedPin['pin'] | undefined {
  return state === pin.state ? pin : undefined;
}

/** The status endpoint's body (built by the application, shared with webhooks and the stream). */
export function presentStatus({ pin, state }: ObservedPin) {
  return statusView(pin, state, pin.report);
}

const WAITING_MESSAGES = {
  pending: 'The PIN is waiting for the scan to start. Give the PIN to the player to run the scanner.',
  scanning: 'The scan is in progress. Poll the status endpoint and read the results once it is finished.',
} as const;

/** The full detail of a finished scan, or `result: "none"` with a message saying why. */
export function presentResults({ pin, state }: ObservedPin) {
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
