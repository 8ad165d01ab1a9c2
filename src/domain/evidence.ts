/**
 * The scan client's evidence document (docs/scan-client.md, "The evidence document"): what one scan
 * collected, source by source. The HTTP schema (`http/routes/scanner/evidence-schema.ts`) checks the
 * wire form against these types and limits.
 */

export const EVIDENCE_SCHEMA_VERSION = 1;

/** Caps on every list and string, so a document stays far below the 16 MiB upload limit. */
export const EVIDENCE_LIMITS = {
  text: 500,
  name: 200,
  path: 1024,
  commandLine: 8192,
  injections: 50,
  processes: 64,
  classNames: 50_000,
  memoryStrings: 5_000,
  installations: 64,
  files: 5_000,
  entries: 20_000,
  logs: 64,
  logLines: 1_000,
  discordAccounts: 100,
  adapters: 256,
  vmSigns: 32,
} as const;

/** The most an upload may hold once decompressed (413 payload_too_large past it). */
export const EVIDENCE_MAX_BYTES = 16 * 1024 * 1024;

export type SectionStatus = 'collected' | 'skipped' | 'failed';

export interface SectionHeader {
  status: SectionStatus;
  reason: string | null;
}

export interface ProcessEvidence {
  pid: number;
  name: string;
  path: string | null;
  sha256: string | null;
  startedAt: string | null;
  commandLine: string;
  injections: string[];
}

export interface MemoryEvidence {
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

export interface FileEvidence {
  path: string;
  kind: 'jar' | 'zip' | 'file';
  size: number;
  modifiedAt: string | null;
  createdAt: string | null;
  sha256: string;
  entries: string[];
  entriesTotal: number;
}

export interface LogEvidence {
  path: string;
  lines: string[];
}

export interface DiscordAccountEvidence {
  id: string;
  username: string;
  client: string;
}

export type AdapterKind = 'vpn' | 'tunnel' | 'ethernet' | 'wireless' | 'loopback' | 'virtual' | 'other';

export interface AdapterEvidence {
  name: string;
  kind: AdapterKind;
  up: boolean;
  hasAddress: boolean;
  description: string | null;
}

export interface EvidenceSources {
  processes: SectionHeader & { items: ProcessEvidence[] };
  memory: SectionHeader & { items: MemoryEvidence[] };
  files: SectionHeader & { installations: string[]; items: FileEvidence[] };
  logs: SectionHeader & { items: LogEvidence[] };
  discord: SectionHeader & { accounts: DiscordAccountEvidence[] };
  network: SectionHeader & { adapters: AdapterEvidence[] };
  system: SectionHeader & {
    os: string | null;
    bootedAt: string | null;
    logonAt: string | null;
    virtualMachine: string[];
    clientTime: string;
  };
}

export type EvidenceSourceName = keyof EvidenceSources;

export const EVIDENCE_SOURCE_NAMES: readonly EvidenceSourceName[] = [
  'processes',
  'memory',
  'files',
  'logs',
  'discord',
  'network',
  'system',
];

export interface EvidenceDocument {
  schema: typeof EVIDENCE_SCHEMA_VERSION;
  nonce: string;
  client: { version: string; platform: string; arch: string };
  sources: EvidenceSources;
}
