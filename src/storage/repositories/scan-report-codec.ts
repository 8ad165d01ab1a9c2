import type { Assurance } from '../../domain/assurance.js';
import type { StoredReport } from '../../domain/scan-report.js';
import type { ScanReportRow } from '../schema.js';

/** Report lists are kept as JSON text (portable between SQLite and PostgreSQL). */
export function decodeReport(row: Omit<ScanReportRow, 'pin_id' | 'ip_hash' | 'created_at'>): StoredReport {
  const list = (text: string) => JSON.parse(text) as string[];
  return {
    detections: list(row.detections),
    suspicious: list(row.suspicious),
    warnings: list(row.warnings),
    untrusted: list(row.untrusted),
    integrity: list(row.integrity),
    customSuspicious: list(row.custom_suspicious),
    vpn: row.vpn,
    country: row.country,
    logon: row.logon,
    scantime: row.scantime,
    windows: row.windows,
    discord: JSON.parse(row.discord) as Array<{ id: string; username: string }>,
    assurance: row.assurance === null ? null : (JSON.parse(row.assurance) as Assurance),
  };
}
