import type { RequestBody, ResponseBody } from '@scanpin/client';

/**
 * The wire shapes the scanner speaks, derived from the server's own OpenAPI document (through the
 * client SDK's generated types), never written by hand: the server's schema is the one source.
 */
export type EvidenceDocument = RequestBody<'/v1/scanner/evidence', 'post'>;
export type EvidenceSources = EvidenceDocument['sources'];
export type EvidenceSourceName = keyof EvidenceSources;
/**
 * The upload's answer. `showResult` is true only when the community's Enterprise shows players their
 * verdict; the field is optional here so that a server without it is read as not showing it.
 */
export type EvidenceReceipt = ResponseBody<'/v1/scanner/evidence', 'post', 200> & { showResult?: boolean };
/**
 * The start answer. `proof` is the one-time link through which the player proves their Discord account
 * for this scan (docs/scan-client.md, "For players"); optional here for a server without it.
 */
export type StartAnswer = ResponseBody<'/v1/scanner/start', 'post', 201> & { proof?: ProofLink | null };
export interface ProofLink {
  url: string;
  expiresAt: string;
}
export type ScanPlan = StartAnswer['plan'];

export type ProcessEvidence = EvidenceSources['processes']['items'][number];
/**
 * Whether the PIN's game was running when the processes were read (docs/scan-client.md, "The game must
 * run"): the names looked for, the answer, and how long the scanner waited for the player to start it.
 */
export interface GameEvidence {
  expected: string[];
  running: boolean;
  waitedSeconds: number;
}
export type MemoryEvidence = EvidenceSources['memory']['items'][number];
export type FileEvidence = EvidenceSources['files']['items'][number];
export type LogEvidence = EvidenceSources['logs']['items'][number];
export type DiscordAccountEvidence = EvidenceSources['discord']['accounts'][number];
export type AdapterEvidence = EvidenceSources['network']['adapters'][number];
export type PrefetchEvidence = SourceFields<'prefetch'>['items'][number];
export type BamEvidence = SourceFields<'bam'>['items'][number];
export type PcaEvidence = SourceFields<'pca'>['items'][number];
export type RecycleBinEvidence = SourceFields<'recycleBin'>['items'][number];
export type GameFolderEvidence = SourceFields<'gameFolders'>['items'][number];
export type ProgramEvidence = SourceFields<'programs'>['items'][number];
export type ProgramSignature = NonNullable<ProgramEvidence['signature']>;
export type TimelineEntry = ProgramEvidence['timeline'][number];

/**
 * A source's own fields: its section less the status and reason that the collector runner adds. The
 * Windows sections are optional in the document (a version 1 client does not send them).
 */
export type SourceFields<K extends EvidenceSourceName> = Omit<
  NonNullable<EvidenceSources[K]>,
  'status' | 'reason'
>;
