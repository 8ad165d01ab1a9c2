import { Type } from 'typebox';
import { EVIDENCE_CAPS as L } from '../caps.js';
import {
  DiscordSection,
  FilesSection,
  LogsSection,
  MemorySection,
  NetworkSection,
  ProcessesSection,
  SystemSection,
} from '../sections/core.js';
import { JvmSection } from '../sections/jvm.js';
import { MacrosSection } from '../sections/macros.js';
import { AmcacheSection } from '../sections/windows-amcache.js';
import { EventLogsSection } from '../sections/windows-event-logs.js';
import { BamSection, PcaSection, PrefetchSection, ProgramsSection } from '../sections/windows-execution.js';
import { GameFoldersSection, RecycleBinSection } from '../sections/windows-files.js';
import { ModulesSection } from '../sections/windows-modules.js';
import { ServicesSection, ShimCacheSection } from '../sections/windows-services.js';
import { UsnJournalSection } from '../sections/windows-usn.js';
import { EVIDENCE_SCHEMA_VERSIONS } from '../version.js';
import { Text } from './primitives.js';

/**
 * The scan client's evidence document (docs/scan-client.md, "The evidence document"). One section per
 * evidence source; each says whether it was collected, skipped (and why) or failed. It never holds raw
 * memory, file contents, tokens, passwords, cookies or browser data: only names, hashes, times and the
 * strings that the plan's public hints found.
 *
 * Version 1's sections are required; every section added since is optional, so that an older
 * scanner's document is still accepted (packages/evidence/README.md). Their order here is the order
 * of /openapi.json.
 */
export const EvidenceSources = Type.Object(
  {
    processes: ProcessesSection,
    memory: MemorySection,
    files: FilesSection,
    logs: LogsSection,
    discord: DiscordSection,
    network: NetworkSection,
    system: SystemSection,
    // Version 2.
    prefetch: Type.Optional(PrefetchSection),
    bam: Type.Optional(BamSection),
    pca: Type.Optional(PcaSection),
    recycleBin: Type.Optional(RecycleBinSection),
    gameFolders: Type.Optional(GameFoldersSection),
    programs: Type.Optional(ProgramsSection),
    // Version 3: add each new section here, optional.
    eventLogs: Type.Optional(EventLogsSection),
    macros: Type.Optional(MacrosSection),
    usnJournal: Type.Optional(UsnJournalSection),
    amcache: Type.Optional(AmcacheSection),
    jvm: Type.Optional(JvmSection),
    services: Type.Optional(ServicesSection),
    shimcache: Type.Optional(ShimCacheSection),
    modules: Type.Optional(ModulesSection),
  },
  { additionalProperties: false },
);

export const EvidenceBody = Type.Object(
  {
    schema: Type.Union(
      [
        Type.Literal(EVIDENCE_SCHEMA_VERSIONS[0]),
        Type.Literal(EVIDENCE_SCHEMA_VERSIONS[1]),
        Type.Literal(EVIDENCE_SCHEMA_VERSIONS[2]),
      ],
      {
        description:
          'Version 2 adds the Windows sections, version 3 the sections that show evidence being hidden; documents of versions 1 and 2 are still accepted.',
      },
    ),
    nonce: Type.String({ minLength: 16, maxLength: 128, description: 'The `nonce` of the start answer.' }),
    client: Type.Object(
      {
        version: Text(50),
        platform: Text(L.name),
        arch: Text(L.name),
      },
      { additionalProperties: false },
    ),
    sources: EvidenceSources,
  },
  { additionalProperties: false },
);
