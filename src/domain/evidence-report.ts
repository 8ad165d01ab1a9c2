import type { EvidenceDocument } from './evidence.js';
import { coverageNotes } from './evidence-coverage.js';
import { plural } from './plural.js';
import type { Judgement, OmittedFindings, RuleSeverity } from './rules.js';
import type { ScanReport } from './scan-report.js';
import { parseTimestamp } from './timestamp-input.js';

/**
 * How an evidence document and its findings fill the published report fields (docs/scan-client.md,
 * "From evidence to the report"), exactly as a scanner's own report would: rule matches by severity,
 * then the system facts. Times come from the server's clock, never the client's.
 */

/** A client clock further than this from the server's is a warning (a changed clock hides times). */
export const CLOCK_WARNING_MS = 5 * 60_000;

const FIELD_OF: Record<RuleSeverity, 'detections' | 'suspicious' | 'warnings' | 'untrusted' | 'integrity'> = {
  detection: 'detections',
  suspicious: 'suspicious',
  warning: 'warnings',
  untrusted: 'untrusted',
  integrity: 'integrity',
};

export interface EvidenceFacts {
  /** When the server received the document. */
  receivedAt: number;
  /** When the scan started, on the server's clock; null if unknown. */
  startedAt: number | null;
}

/** "2 hours 5 minutes", "40 seconds": a span as the report fields show it. */
export function span(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  const parts: string[] = [];
  const units: Array<[string, number]> = [
    ['day', 86_400],
    ['hour', 3600],
    ['minute', 60],
  ];
  let rest = seconds;
  for (const [name, size] of units) {
    const n = Math.floor(rest / size);
    rest -= n * size;
    if (n > 0) parts.push(plural(n, name));
    if (parts.length === 2) break;
  }
  if (parts.length === 0) return plural(seconds, 'second');
  return parts.join(' ');
}

const SOURCE_LABEL: Record<keyof EvidenceDocument['sources'], string> = {
  processes: 'Game processes',
  memory: 'Game memory',
  files: 'Game files',
  logs: 'Game logs',
  discord: 'Discord accounts',
  network: 'Network adapters',
  system: 'System information',
  prefetch: 'Windows Prefetch',
  bam: 'BAM',
  pca: 'Program Compatibility Assistant records',
  recycleBin: 'Recycle Bin',
  gameFolders: 'Game folders',
  programs: 'Programs that ran',
  eventLogs: 'Windows event logs',
  modules: 'Modules in the game process',
  macros: 'Click macros in mouse software',
  usnJournal: 'USN journal',
  amcache: 'Amcache (program files Windows recorded)',
  jvm: 'Java classes in no game or mod file',
  services: 'Windows services',
  shimcache: 'ShimCache',
};

/**
 * Warnings the system facts give: failed sources, unreadable memory, a memory harvest that left out
 * only familiar class names (evidence-coverage.ts), clock, virtual machine.
 */
export function systemWarnings(doc: EvidenceDocument, facts: EvidenceFacts): string[] {
  const warnings: string[] = [];
  for (const [name, section] of Object.entries(doc.sources) as Array<
    [keyof EvidenceDocument['sources'], { status: string; reason: string | null } | undefined]
  >) {
    if (section?.status === 'failed')
      warnings.push(`${SOURCE_LABEL[name]} could not be collected: ${section.reason ?? 'no reason given'}`);
  }
  for (const m of doc.sources.memory.items) {
    if (!m.readable)
      warnings.push(`Memory of ${m.process} (pid ${m.pid}) not read: ${m.reason ?? 'no reason given'}`);
  }
  warnings.push(...coverageNotes(doc));
  for (const p of doc.sources.modules?.processes ?? []) {
    if (!p.readable)
      warnings.push(`Modules of ${p.process} (pid ${p.pid}) not listed: ${p.reason ?? 'no reason given'}`);
  }
  const { system, network } = doc.sources;
  const skew = (parseTimestamp(system.clientTime) ?? Number.NaN) - facts.receivedAt;
  if (Number.isFinite(skew) && Math.abs(skew) > CLOCK_WARNING_MS)
    warnings.push(`Clock is ${span(Math.abs(skew))} ${skew > 0 ? 'ahead of' : 'behind'} the server's`);
  if (system.virtualMachine.length > 0) warnings.push(`Virtual machine: ${system.virtualMachine.join(', ')}`);
  for (const a of network.adapters) {
    if (a.kind === 'vpn' || a.kind === 'tunnel')
      warnings.push(`VPN or tunnel adapter: ${a.name}${a.up ? '' : ' (down)'}`);
  }
  return warnings;
}

function vpnField(doc: EvidenceDocument): string | null {
  const { network } = doc.sources;
  if (network.status !== 'collected') return null;
  const vpns = network.adapters.filter((a) => a.kind === 'vpn' || a.kind === 'tunnel');
  if (vpns.length === 0) return 'No VPN detected';
  return `VPN adapter: ${vpns.map((a) => a.name).join(', ')}`;
}

function logonField(doc: EvidenceDocument): string | null {
  const { system } = doc.sources;
  const since = system.logonAt ?? system.bootedAt;
  if (system.status !== 'collected' || since === null) return null;
  // Both times are on the client's clock, so the span is right even when that clock is off.
  const ms = (parseTimestamp(system.clientTime) ?? Number.NaN) - (parseTimestamp(since) ?? Number.NaN);
  return Number.isFinite(ms) ? span(ms) : null;
}

/** Names worth matching custom keywords against: file paths, process names, hint strings, log lines. */
function artifactsOf(doc: EvidenceDocument): string[] {
  const { processes, memory, files, logs } = doc.sources;
  return [
    ...processes.items.map((p) => p.path ?? p.name),
    ...files.items.map((f) => f.path),
    ...memory.items.flatMap((m) => m.strings),
    ...logs.items.flatMap((l) => l.lines),
  ];
}

/** A report's bounds (docs/scanner.md, "The report"): 1000 entries per list, 500 characters each. */
export const REPORT_MAX_ENTRIES = 1000;
export const REPORT_MAX_ENTRY_LENGTH = 500;

function clip(value: string): string {
  return value.length <= REPORT_MAX_ENTRY_LENGTH ? value : `${value.slice(0, REPORT_MAX_ENTRY_LENGTH - 1)}…`;
}

/** Distinct entries within the report's bounds, first found first. */
function unique(values: Iterable<string>): string[] {
  const out = new Set<string>();
  for (const value of values) {
    if (out.size === REPORT_MAX_ENTRIES) break;
    out.add(clip(value));
  }
  return [...out];
}

/** "Wurst: 1,234 more places not listed": a rule's findings past the bounds, still starting with its name. */
function omittedText(o: OmittedFindings): string {
  return `${o.rule}: ${o.places.toLocaleString('en-US')} more place${o.places === 1 ? '' : 's'} not listed`;
}

export function reportFromEvidence(
  doc: EvidenceDocument,
  judgement: Judgement,
  facts: EvidenceFacts,
): ScanReport {
  const { findings, omitted } = judgement;
  const byField = (field: (typeof FIELD_OF)[RuleSeverity]) =>
    unique([
      ...findings.filter((f) => FIELD_OF[f.severity] === field).map((f) => f.text),
      ...omitted.filter((o) => FIELD_OF[o.severity] === field).map(omittedText),
    ]);
  const accounts = new Map<string, { id: string; username: string }>();
  for (const a of doc.sources.discord.accounts)
    if (!accounts.has(a.id)) accounts.set(a.id, { id: a.id, username: a.username });
  return {
    detections: byField('detections'),
    suspicious: byField('suspicious'),
    warnings: unique([...byField('warnings'), ...systemWarnings(doc, facts)]),
    untrusted: byField('untrusted'),
    // What lowers the scan's assurance (a capped source, the game not running, …) is added to
    // integrity with the assurance (domain/evidence-assurance.ts), where every client's scan gets it.
    integrity: byField('integrity'),
    artifacts: unique(artifactsOf(doc)),
    vpn: vpnField(doc),
    country: null,
    logon: logonField(doc),
    scantime: facts.startedAt === null ? null : span(facts.receivedAt - facts.startedAt),
    windows: doc.sources.system.os === null ? null : clip(doc.sources.system.os),
    discord: [...accounts.values()],
  };
}
