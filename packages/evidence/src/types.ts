import type { Static } from 'typebox';
import type { EvidenceBody, EvidenceSources as EvidenceSourcesSchema } from './schema/document.js';
import type {
  EvidenceAdapter,
  EvidenceDiscordAccount,
  EvidenceFile,
  EvidenceGame,
  EvidenceLogLines,
  EvidenceMemory,
  EvidenceProcess,
  EvidenceRunningProgram,
  EvidenceRunningPrograms,
} from './sections/core.js';
import type { EvidenceJvmAgent, EvidenceJvmPackage, EvidenceJvmProcess } from './sections/jvm.js';
import type { EvidenceMacro, EvidenceMacroProgram, EvidenceMacroUnreadable } from './sections/macros.js';
import type {
  EvidencePackModel,
  EvidencePackTexture,
  EvidenceResourcePack,
} from './sections/resource-packs.js';
import type { EvidenceAmcacheRecord } from './sections/windows-amcache.js';
import type { EvidenceEventLogFile, EvidenceEventLogItem } from './sections/windows-event-logs.js';
import type {
  EvidenceBam,
  EvidencePca,
  EvidencePrefetch,
  EvidenceProgram,
  EvidenceSignature,
  EvidenceTimelineEntry,
} from './sections/windows-execution.js';
import type { EvidenceGameFolderItem, EvidenceRecycled } from './sections/windows-files.js';
import type { EvidenceModule, EvidenceModuleProcess } from './sections/windows-modules.js';
import type { EvidenceService, EvidenceShimCacheEntry } from './sections/windows-services.js';
import type { EvidenceUsnChange, EvidenceUsnVolume } from './sections/windows-usn.js';

/*
 * The document's types, derived from its schema (never written by hand): type-only imports, so a
 * program that imports them bundles no TypeBox.
 */

export type EvidenceDocument = Static<typeof EvidenceBody>;
export type EvidenceSources = Static<typeof EvidenceSourcesSchema>;
export type EvidenceSourceName = keyof EvidenceSources;
/** A section's own fields, less the status and reason every section has. */
export type SourceFields<K extends EvidenceSourceName> = Omit<
  NonNullable<EvidenceSources[K]>,
  'status' | 'reason'
>;

export type SectionStatus = EvidenceSources['processes']['status'];
export interface SectionHeader {
  status: SectionStatus;
  reason: string | null;
}

export type ProcessEvidence = Static<typeof EvidenceProcess>;
/** One distinct executable of the other programs running during the scan. */
export type RunningProgramEvidence = Static<typeof EvidenceRunningProgram>;
export type RunningProgramsEvidence = Static<typeof EvidenceRunningPrograms>;
/** Whether the PIN's game was running, and how long the scanner waited for it. */
export type GameRunning = Static<typeof EvidenceGame>;
export type MemoryEvidence = Static<typeof EvidenceMemory>;
export type FileEvidence = Static<typeof EvidenceFile>;
export type ResourcePackEvidence = Static<typeof EvidenceResourcePack>;
export type PackTextureEvidence = Static<typeof EvidencePackTexture>;
export type PackModelEvidence = Static<typeof EvidencePackModel>;
export type LogEvidence = Static<typeof EvidenceLogLines>;
export type DiscordAccountEvidence = Static<typeof EvidenceDiscordAccount>;
export type AdapterEvidence = Static<typeof EvidenceAdapter>;
export type AdapterKind = AdapterEvidence['kind'];

export type PrefetchEvidence = Static<typeof EvidencePrefetch>;
export type BamEvidence = Static<typeof EvidenceBam>;
export type PcaEvidence = Static<typeof EvidencePca>;
export type ProgramSignature = Static<typeof EvidenceSignature>;
export type SignatureStatus = ProgramSignature['status'];
export type TimelineEntry = Static<typeof EvidenceTimelineEntry>;
export type ProgramEvidence = Static<typeof EvidenceProgram>;
export type RecycleBinEvidence = Static<typeof EvidenceRecycled>;
export type GameFolderEvidence = Static<typeof EvidenceGameFolderItem>;
export type EventLogFileEvidence = Static<typeof EvidenceEventLogFile>;
export type EventLogItemEvidence = Static<typeof EvidenceEventLogItem>;
export type ModuleEvidence = Static<typeof EvidenceModule>;
export type ModuleProcessEvidence = Static<typeof EvidenceModuleProcess>;
export type JvmProcessEvidence = Static<typeof EvidenceJvmProcess>;
export type JvmPackageEvidence = Static<typeof EvidenceJvmPackage>;
export type JvmAgentEvidence = Static<typeof EvidenceJvmAgent>;
export type MacroEvidence = Static<typeof EvidenceMacro>;
export type MacroProgramEvidence = Static<typeof EvidenceMacroProgram>;
export type MacroUnreadableEvidence = Static<typeof EvidenceMacroUnreadable>;
export type UsnVolumeEvidence = Static<typeof EvidenceUsnVolume>;
export type UsnChangeEvidence = Static<typeof EvidenceUsnChange>;
export type AmcacheEvidence = Static<typeof EvidenceAmcacheRecord>;
export type ServiceEvidence = Static<typeof EvidenceService>;
export type ShimCacheEvidence = Static<typeof EvidenceShimCacheEntry>;
