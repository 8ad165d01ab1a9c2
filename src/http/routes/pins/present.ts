import type { PinState } from '../../../domain/pin-lifecycle.js';
import { iso, isoOrNull } from '../../../domain/time.js';
import type { StoredReport } from '../../../storage/repositories/scans.js';
import type { PinRow } from '../../../storage/schema.js';

/** Spec §4.2's fields, from the stored row and its state as observed now. */
export function presentStatus(row: PinRow, state: PinState) {
  return {
    pin: row.code,
    pinName: row.pin_name,
    type: row.type,
    status: state.status,
    progress: state.progress,
    statusMessage: state.statusMessage,
    result: state.status === 'finished' ? state.result : null,
    used: state.used,
    lastStatusUpdate: isoOrNull(state.lastStatusUpdate),
    createdAt: iso(row.created_at),
    isFinished: state.status === 'finished',
    isScanning: state.status === 'scanning',
    isPending: state.status === 'pending',
  };
}

const WAITING_MESSAGES = {
  pending: 'The PIN is waiting for the scan to start. Give the PIN to the player to run the scanner.',
  scanning: 'The scan is in progress. Poll the status endpoint and read the results once it is finished.',
} as const;

/** Spec §4.3's answer for a PIN without results: `result: "none"` and a message saying why. */
export function presentUnfinishedResults(row: PinRow, state: PinState) {
  const status = state.status as 'pending' | 'scanning' | 'expired' | 'error';
  const message =
    status === 'pending' || status === 'scanning'
      ? WAITING_MESSAGES[status]
      : (state.statusMessage ?? 'The scan did not complete.');
  return { pin: row.code, type: row.type, status, result: 'none' as const, pinName: row.pin_name, message };
}

/** Spec §2.3: the light summary of a finished scan on the status endpoint. */
export function presentSummary(report: StoredReport, verdict: string) {
  return {
    cheating: verdict,
    vpn: report.vpn,
    country: report.country,
    scantime: report.scantime,
    windows: report.windows,
    // CONTRACT §6: lengths of the report's own lists; custom keyword matches are not counted.
    detectionsCount: report.detections.length,
    warningsCount: report.warnings.length,
    suspiciousCount: report.suspicious.length,
    discord: report.discord,
  };
}

/** Spec §2.4: the full detail of a finished scan. Hardware IDs and IPs are never part of it. */
export function presentResultsData(report: StoredReport, verdict: string) {
  return {
    cheating: verdict,
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
  };
}
