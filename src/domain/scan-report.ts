import type { Verdict } from './pin-lifecycle.js';

/** What the scan client delivers when a scan completes (CONTRACT §7). */
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
  discord: Array<{ id: string; username: string }>;
  ip?: string | undefined;
}

/** CONTRACT §6: the artifacts that contain, case-insensitively, any of the owner's keywords. */
export function matchCustomKeywords(artifacts: readonly string[], keywords: readonly string[]): string[] {
  const needles = keywords.map((k) => k.toLowerCase()).filter((k) => k.length > 0);
  if (needles.length === 0) return [];
  return artifacts.filter((artifact) => {
    const hay = artifact.toLowerCase();
    return needles.some((needle) => hay.includes(needle));
  });
}

/**
 * CONTRACT §6: `cheating` with any detection; else `suspicious` with any suspicious, untrusted,
 * integrity or custom-keyword finding; else `legit`. Warnings alone never change the verdict.
 */
export function verdictOf(report: ScanReport, customSuspicious: readonly string[]): Verdict {
  if (report.detections.length > 0) return 'cheating';
  const flagged =
    report.suspicious.length > 0 ||
    report.untrusted.length > 0 ||
    report.integrity.length > 0 ||
    customSuspicious.length > 0;
  return flagged ? 'suspicious' : 'legit';
}
