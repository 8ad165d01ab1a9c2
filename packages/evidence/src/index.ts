/**
 * The scan client's evidence document (docs/scan-client.md, "The evidence document"): its versions,
 * caps and types, shared by the scanner, the server and the dashboard. Nothing here imports TypeBox at
 * run time; the schema itself is `@scanpin/evidence/schema`.
 */
export { EVIDENCE_CAPS, type EvidenceCaps } from './caps.js';
export { FAMILIAR_CLASS_PACKAGES, isFamiliarClassName } from './familiar-packages.js';
export { DISCORD_ID_PATTERN, TIMESTAMP_PATTERN } from './patterns.js';
export { EVIDENCE_SOURCE_NAMES } from './source-names.js';
export {
  cutEscaped,
  escapeEvidence,
  escapeText,
  holdsRawEvidenceText,
  holdsRawText,
  replaceRawText,
  SHORTEST_TEXT_CAP,
  unescapeText,
} from './text-escape.js';
export { TIMELINE_SOURCES, type TimelineSource } from './timeline.js';
export type * from './types.js';
export { EVIDENCE_SCHEMA_VERSION, EVIDENCE_SCHEMA_VERSIONS, type EvidenceSchemaVersion } from './version.js';
