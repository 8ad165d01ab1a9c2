/**
 * The scan client's evidence document (docs/scan-client.md, "The evidence document"): what one scan
 * collected, source by source. Its schema, caps, versions and types are held once, in
 * packages/evidence (shared with the scanner and the dashboard); the server's rules import them from
 * here.
 */
export {
  type AdapterEvidence,
  type AdapterKind,
  type BamEvidence,
  type DiscordAccountEvidence,
  EVIDENCE_CAPS as EVIDENCE_LIMITS,
  EVIDENCE_SCHEMA_VERSION,
  EVIDENCE_SCHEMA_VERSIONS,
  EVIDENCE_SOURCE_NAMES,
  type EventLogFileEvidence,
  type EventLogItemEvidence,
  type EvidenceDocument,
  type EvidenceSchemaVersion,
  type EvidenceSourceName,
  type EvidenceSources,
  type FileEvidence,
  type GameFolderEvidence,
  type GameRunning,
  isFamiliarClassName,
  type LogEvidence,
  type MacroEvidence,
  type MemoryEvidence,
  type PcaEvidence,
  type PrefetchEvidence,
  type ProcessEvidence,
  type ProgramEvidence,
  type ProgramSignature,
  type RecycleBinEvidence,
  type SectionHeader,
  type SectionStatus,
  type SignatureStatus,
  TIMELINE_SOURCES,
  type TimelineEntry,
  type TimelineSource,
} from '@scanpin/evidence';

/** The most an upload may hold once decompressed (413 payload_too_large past it): the server's own limit. */
export const EVIDENCE_MAX_BYTES = 16 * 1024 * 1024;
