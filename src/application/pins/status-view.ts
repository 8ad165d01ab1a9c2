import type { Pin } from '../../domain/pin.js';
import type { PinState, Verdict } from '../../domain/pin-lifecycle.js';
import type { StoredReport } from '../../domain/scan-report.js';
import { iso, isoOrNull } from '../../domain/time.js';

/*
 * The body GET /v1/pins/:pinCode/status returns (docs/api.md, "PINs"). Webhook payloads and the
 * event stream carry exactly this body, so it is built in one place.
 */

/** The light summary of a finished scan. */
function summaryOf(report: StoredReport, verdict: Verdict) {
  return {
    cheating: verdict,
    vpn: report.vpn,
    country: report.country,
    scantime: report.scantime,
    windows: report.windows,
    // Lengths of the report's own lists; custom keyword matches are not counted (docs/api.md).
    detectionsCount: report.detections.length,
    warningsCount: report.warnings.length,
    suspiciousCount: report.suspicious.length,
    discord: report.discord,
    assurance: report.assurance,
  };
}

/** The status body of `pin` in `state`, with the summary once the scan is finished. */
export function statusView(
  pin: Pick<Pin, 'code' | 'name' | 'type' | 'createdAt'>,
  state: PinState,
  report: StoredReport | null,
) {
  const body = {
    pin: pin.code,
    pinName: pin.name,
    type: pin.type,
    status: state.status,
    progress: state.progress,
    statusMessage: state.statusMessage,
    result: state.status === 'finished' ? state.result : null,
    used: state.used,
    lastStatusUpdate: isoOrNull(state.lastStatusUpdate),
    createdAt: iso(pin.createdAt),
    isFinished: state.status === 'finished',
    isScanning: state.status === 'scanning',
    isPending: state.status === 'pending',
  };
  if (state.status !== 'finished' || state.result === null || report === null) return body;
  return { ...body, data: summaryOf(report, state.result) };
}

export type StatusView = ReturnType<typeof statusView>;
