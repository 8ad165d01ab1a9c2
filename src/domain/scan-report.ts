import type { Assurance } from './assurance.js';
import type { Verdict } from './pin-lifecycle.js';
import type { Provenance, Reach } from './report-provenance.js';

/** What the scan client delivers when a scan completes (docs/scanner.md, "The report"). */
export interface ScanReport {
  detections: string[];
  suspicious: string[];
  warnings: string[];
  untrusted: string[];
  integrity: string[];
  artifacts: string[];
  vpn: string | null;
  country: string | null;
  logon: string | null;
  scantime: string | null;
  windows: string | null;
  /**
   * The accounts on the machine. Once the scan finished, each also says how the scan knows it and
   * how far its report counts (docs/risk-score.md, "Whose scan it is"); scans finished before that
   * was recorded have neither.
   */
  discord: Array<{ id: string; username: string; provenance?: Provenance; reach?: Reach }>;
  ip?: string | undefined;
}

/**
 * The verdict (docs/api.md, "Reading a finished scan"): `cheating` with any detection; else
 * `suspicious` with any suspicious, untrusted, integrity or custom-keyword finding, or when the scan's
 * assurance is not `high` (docs/scan-client.md, "Trust": a scan that cannot be trusted is never
 * clean); else `legit`. Warnings alone never change the verdict.
 */
export function verdictOf(
  report: ScanReport,
  customSuspicious: readonly string[],
  assurance: Pick<Assurance, 'level'>,
): Verdict {
  if (report.detections.length > 0) return 'cheating';
  const flagged =
    report.suspicious.length > 0 ||
    report.untrusted.length > 0 ||
    report.integrity.length > 0 ||
    customSuspicious.length > 0 ||
    assurance.level !== 'high';
  return flagged ? 'suspicious' : 'legit';
}

/**
 * The finished report as kept: the client's report less its artifacts and IP, plus the keyword matches
 * and the scan's assurance (null for scans finished before it was kept).
 */
export type StoredReport = Omit<ScanReport, 'artifacts' | 'ip'> & {
  customSuspicious: string[];
  assurance: Assurance | null;
};

/** suspicious + untrusted + integrity + custom keyword matches: what the risk score calls findings. */
export function suspiciousFindings(report: ScanReport, customSuspicious: readonly string[]): number {
  return (
    report.suspicious.length + report.untrusted.length + report.integrity.length + customSuspicious.length
  );
}

/** What is kept of a delivered report: its artifacts and the IP are not (docs/scanner.md). */
export function toStoredReport(
  report: ScanReport,
  customSuspicious: readonly string[],
  assurance: Assurance,
): StoredReport {
  const { artifacts: _artifacts, ip: _ip, ...kept } = report;
  return { ...kept, customSuspicious: [...customSuspicious], assurance };
}
