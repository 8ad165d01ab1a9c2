import type { EvidenceSourceName } from './types.js';

/** Every section of the document, once: a section the schema gains and this lacks fails to compile. */
const EVERY_SOURCE: Record<EvidenceSourceName, true> = {
  processes: true,
  memory: true,
  files: true,
  logs: true,
  discord: true,
  network: true,
  system: true,
  prefetch: true,
  bam: true,
  pca: true,
  recycleBin: true,
  gameFolders: true,
  programs: true,
  eventLogs: true,
  modules: true,
  jvm: true,
  macros: true,
  usnJournal: true,
  amcache: true,
  services: true,
  shimcache: true,
};

/** Every section of the document, in the schema's order. */
export const EVIDENCE_SOURCE_NAMES = Object.keys(EVERY_SOURCE) as readonly EvidenceSourceName[];
