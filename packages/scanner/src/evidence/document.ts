import type { ResponseBody } from '@scanpin/client';
import type { GameRunning } from '@scanpin/evidence';

/**
 * The evidence document's types come from its one schema (packages/evidence, shared with the server
 * and the dashboard); the server's answers come from its OpenAPI document, through the client SDK's
 * generated types. Neither is written by hand here.
 */
export type {
  AdapterEvidence,
  BamEvidence,
  DiscordAccountEvidence,
  EvidenceDocument,
  EvidenceSourceName,
  EvidenceSources,
  FileEvidence,
  GameFolderEvidence,
  LogEvidence,
  MemoryEvidence,
  PcaEvidence,
  PrefetchEvidence,
  ProcessEvidence,
  ProgramEvidence,
  ProgramSignature,
  RecycleBinEvidence,
  ResourcePackEvidence,
  RunningProgramEvidence,
  RunningProgramsEvidence,
  SourceFields,
  TimelineEntry,
} from '@scanpin/evidence';

/**
 * Whether the PIN's game was running when the processes were read (docs/scan-client.md, "The game must
 * run"): the names looked for, the answer, and how long the scanner waited for the player to start it.
 */
export type GameEvidence = GameRunning;

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
