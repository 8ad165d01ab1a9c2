/**
 * The server's caps on every list and string of the evidence document (its schema refuses a document
 * past them; docs/scan-client.md, "The evidence document"). The client cuts to them as it collects.
 */
export const EVIDENCE_CAPS = {
  text: 500,
  name: 200,
  path: 1024,
  commandLine: 8192,
  injections: 50,
  processes: 64,
  classNames: 50_000,
  memoryStrings: 5_000,
  installations: 64,
  files: 5_000,
  entries: 20_000,
  logs: 64,
  logLines: 1_000,
  discordAccounts: 100,
  adapters: 256,
  vmSigns: 32,
  prefetchFiles: 4_096,
  runTimes: 8,
  bamEntries: 10_000,
  pcaEntries: 10_000,
  recycleBinItems: 5_000,
  drives: 26,
  gameFolderFiles: 5_000,
  gameFolders: 256,
  programs: 5_000,
  timeline: 64,
} as const;
