import type {
  AdapterEvidence,
  EvidenceDocument,
  FileEvidence,
  MemoryEvidence,
  ProcessEvidence,
  ProgramEvidence,
} from '@scanpin/evidence';
import { useQuery } from '@tanstack/react-query';
import { queryString, request } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

/*
 * `GET /app/api/pins/:code/evidence` (docs/dashboard.md, "The dashboard API"): its findings typed by
 * hand from the server's schema in src/http/routes/dashboard/evidence.ts, the evidence document's types
 * from its one schema (packages/evidence, type-only: nothing of it is bundled).
 */

export type {
  EvidenceSources,
  SectionStatus,
  SignatureStatus,
  TimelineSource,
} from '@scanpin/evidence';
/** Where a finding points: the sections whose items rules match. */
export type EvidenceSource =
  | 'memory'
  | 'files'
  | 'processes'
  | 'prefetch'
  | 'bam'
  | 'pca'
  | 'recycleBin'
  | 'gameFolders'
  | 'programs'
  | 'eventLogs'
  | 'eventLogFiles'
  | 'modules'
  | 'usnJournal'
  | 'usnJournalVolumes'
  | 'amcache'
  | 'jvm'
  | 'macros'
  | 'services'
  | 'shimcache'
  | 'resourcePacks'
  | 'runningPrograms';
export type Proof = 'possession' | 'execution' | 'this-session';
export type Severity = 'detection' | 'suspicious' | 'warning' | 'untrusted' | 'integrity';

export interface Finding {
  ruleId: number;
  rule: string;
  kind: string;
  severity: Severity;
  proves: Proof;
  text: string;
  evidence: { source: EvidenceSource; index: number; value: string };
}

export type ProcessItem = ProcessEvidence;
export type MemoryItem = MemoryEvidence;
export type FileItem = FileEvidence;
export type Adapter = AdapterEvidence;
/** One program that the Windows sources show ran, with every time known for it, oldest first. */
export type ProgramItem = ProgramEvidence;

/** A rule's places past the bounds on findings: counted by the server, not listed. */
export interface OmittedFindings {
  ruleId: number;
  rule: string;
  severity: Severity;
  places: number;
}

export interface ScanEvidence {
  receiptId: string;
  receivedAt: string;
  findings: Finding[];
  omitted: OmittedFindings[];
  /** Lists answered only in part, by path (`sources.files.items.3.entries`), with their full length. */
  cut: Record<string, number>;
  /** The document as uploaded, without its one-time nonce. */
  document: Omit<EvidenceDocument, 'nonce'>;
  /** Staff's false-positive marks on the findings, one per rule at most; they change no verdict. */
  falsePositives: FalsePositiveMark[];
  /** Each memory item's class names cut, with what the server concluded of it. */
  classNameCuts: ClassNameCut[];
}

/**
 * A memory item's class names cut (docs/scan-client.md, "Class names in the game's memory"):
 * `onlyFamiliarLeftOut` is the server's conclusion, which the results follow, not the scanner's count.
 */
export interface ClassNameCut {
  item: number;
  sent: number;
  total: number;
  onlyFamiliarLeftOut: boolean;
}

/** A finding's rule marked a false positive in this scan (docs/rules.md, "Rule quality"). */
export interface FalsePositiveMark {
  ruleId: number;
  markedBy: { accountId: number; name: string | null };
  markedAt: string;
  note: string | null;
}

/** The scan's evidence; `evidence: null` when the scan has none (not finished, or reported without it). */
export function usePinEvidence(code: string) {
  return useQuery({
    // Under `pins`, so whatever refreshes a PIN's data refreshes this too.
    queryKey: [...queryKeys.pins.all, 'evidence', code.toUpperCase()] as const,
    queryFn: ({ signal }) =>
      request<{ evidence: ScanEvidence | null }>(`/app/api/pins/${encodeURIComponent(code)}/evidence`, {
        signal,
      }),
  });
}

/** One page of a list of the evidence document (`GET /app/api/pins/:code/evidence/list`). */
export interface EvidenceListPage<T = unknown> {
  path: string;
  total: number;
  offset: number;
  items: T[];
  cut: Record<string, number>;
}

export function fetchEvidenceList<T>(code: string, path: string, offset: number, limit = 500) {
  return request<EvidenceListPage<T>>(
    `/app/api/pins/${encodeURIComponent(code)}/evidence/list${queryString({ path, offset, limit })}`,
  );
}
