import { useQuery } from '@tanstack/react-query';
import { queryString, request } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

/*
 * `GET /app/api/pins/:code/evidence` (docs/dashboard.md, "The dashboard API"), typed by hand from the
 * server's schema in src/http/routes/dashboard/evidence.ts and the evidence document's in
 * src/http/routes/scanner/evidence-schema.ts.
 */

export type SectionStatus = 'collected' | 'skipped' | 'failed';
export type EvidenceSource =
  | 'memory'
  | 'files'
  | 'processes'
  | 'prefetch'
  | 'bam'
  | 'pca'
  | 'recycleBin'
  | 'gameFolders'
  | 'programs';
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

interface Section {
  status: SectionStatus;
  reason: string | null;
}

export interface ProcessItem {
  pid: number;
  name: string;
  path: string | null;
  sha256: string | null;
  startedAt: string | null;
  commandLine: string;
  injections: string[];
}

export interface MemoryItem {
  pid: number;
  process: string;
  readable: boolean;
  reason: string | null;
  bytesScanned: number;
  regions: number;
  classNames: string[];
  strings: string[];
  truncated: boolean;
}

export interface FileItem {
  path: string;
  kind: 'jar' | 'zip' | 'file';
  size: number;
  modifiedAt: string | null;
  createdAt: string | null;
  sha256: string;
  entries: string[];
  entriesTotal: number;
}

export interface Adapter {
  name: string;
  kind: string;
  up: boolean;
  hasAddress: boolean;
  description: string | null;
}

/** Which source gave one time of a program's timeline (docs/scan-client.md, "Programs that ran"). */
export type TimelineSource =
  | 'process'
  | 'prefetch'
  | 'bam'
  | 'pca'
  | 'file-created'
  | 'file-modified'
  | 'recycle-bin';

export type SignatureStatus =
  | 'unsigned'
  | 'signed-valid'
  | 'signed-invalid'
  | 'signed-unverifiable'
  | 'unreadable'
  | 'not-read';

/** One program that the Windows sources show ran, with every time known for it, oldest first. */
export interface ProgramItem {
  path: string;
  name: string;
  exists: boolean;
  sha256: string | null;
  modifiedAt: string | null;
  createdAt: string | null;
  signature: {
    status: SignatureStatus;
    signer: string | null;
    issuer: string | null;
    selfSigned: boolean | null;
    reason: string | null;
    signedAt: string | null;
  } | null;
  timeline: Array<{ source: TimelineSource; at: string }>;
}

export interface EvidenceSources {
  processes: Section & { items: ProcessItem[] };
  memory: Section & { items: MemoryItem[] };
  files: Section & { installations: string[]; items: FileItem[] };
  logs: Section & { items: Array<{ path: string; lines: string[] }> };
  discord: Section & { accounts: Array<{ id: string; username: string; client: string }> };
  network: Section & { adapters: Adapter[] };
  system: Section & {
    os: string | null;
    bootedAt: string | null;
    logonAt: string | null;
    virtualMachine: string[];
    clientTime: string;
  };
  // Schema version 2 (Windows). Only the fields the view reads are typed for the other sections.
  prefetch?: Section & { items: Array<{ path: string }> };
  bam?: Section & { items: Array<{ program: string }> };
  pca?: Section & { items: Array<{ path: string }> };
  recycleBin?: Section & { items: Array<{ originalPath: string }> };
  gameFolders?: Section & { items: Array<{ path: string }> };
  programs?: Section & { items: ProgramItem[] };
}

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
  document: {
    schema: number;
    client: { version: string; platform: string; arch: string };
    sources: EvidenceSources;
  };
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
