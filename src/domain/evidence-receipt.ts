import { EVIDENCE_SOURCE_NAMES, type EvidenceDocument } from './evidence.js';

/** What the receipt counts: one number per category of what the document holds. */
export function receiptCounts(doc: EvidenceDocument): Record<string, number> {
  const { processes, memory, files, logs, discord, network } = doc.sources;
  const { prefetch, bam, pca, recycleBin, gameFolders, programs } = doc.sources;
  return {
    sourcesCollected: EVIDENCE_SOURCE_NAMES.filter((name) => doc.sources[name]?.status === 'collected')
      .length,
    processes: processes.items.length,
    memoryProcesses: memory.items.filter((m) => m.readable).length,
    classNames: memory.items.reduce((n, m) => n + m.classNames.length, 0),
    memoryStrings: memory.items.reduce((n, m) => n + m.strings.length, 0),
    files: files.items.length,
    archiveEntries: files.items.reduce((n, f) => n + f.entries.length, 0),
    logLines: logs.items.reduce((n, l) => n + l.lines.length, 0),
    discordAccounts: discord.accounts.length,
    networkAdapters: network.adapters.length,
    prefetchFiles: prefetch?.items.length ?? 0,
    bamEntries: bam?.items.length ?? 0,
    pcaEntries: pca?.items.length ?? 0,
    recycleBinItems: recycleBin?.items.length ?? 0,
    gameFolderItems: gameFolders?.items.length ?? 0,
    programs: programs?.items.length ?? 0,
    modules: doc.sources.modules?.items.length ?? 0,
    usnChanges: doc.sources.usnJournal?.items.length ?? 0,
    macros: doc.sources.macros?.items.length ?? 0,
    amcacheRecords: doc.sources.amcache?.items.length ?? 0,
    services: doc.sources.services?.items.filter((s) => s.present !== null).length ?? 0,
    shimcacheEntries: doc.sources.shimcache?.items.length ?? 0,
  };
}
