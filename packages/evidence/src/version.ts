/**
 * The document's versions (docs/scan-client.md, "The evidence document"). Version 2 added the Windows
 * sources (Prefetch, BAM, PCA, Recycle Bin, programs that ran, game folders); version 3 adds the
 * sources that show evidence being hidden (event logs, services, Amcache, ShimCache, the USN journal,
 * loaded modules, JVM injection traces, click macros). Every section a version adds is optional, so
 * a document of an older version is still accepted and reads as if those sections were not sent.
 */
export const EVIDENCE_SCHEMA_VERSION = 3;
export const EVIDENCE_SCHEMA_VERSIONS = [1, 2, 3] as const;
export type EvidenceSchemaVersion = (typeof EVIDENCE_SCHEMA_VERSIONS)[number];
