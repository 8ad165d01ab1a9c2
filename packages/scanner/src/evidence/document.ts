import type { RequestBody, ResponseBody } from '@scanpin/client';

/**
 * The wire shapes the scanner speaks, derived from the server's own OpenAPI document (through the
 * client SDK's generated types), never written by hand: the server's schema is the one source.
 */
export type EvidenceDocument = RequestBody<'/v1/scanner/evidence', 'post'>;
export type EvidenceSources = EvidenceDocument['sources'];
export type EvidenceSourceName = keyof EvidenceSources;
export type EvidenceReceipt = ResponseBody<'/v1/scanner/evidence', 'post', 200>;
export type StartAnswer = ResponseBody<'/v1/scanner/start', 'post', 201>;
export type ScanPlan = StartAnswer['plan'];

export type ProcessEvidence = EvidenceSources['processes']['items'][number];
export type MemoryEvidence = EvidenceSources['memory']['items'][number];
export type FileEvidence = EvidenceSources['files']['items'][number];
export type LogEvidence = EvidenceSources['logs']['items'][number];
export type DiscordAccountEvidence = EvidenceSources['discord']['accounts'][number];
export type AdapterEvidence = EvidenceSources['network']['adapters'][number];

/** A source's own fields: its section less the status and reason that the collector runner adds. */
export type SourceFields<K extends EvidenceSourceName> = Omit<EvidenceSources[K], 'status' | 'reason'>;
