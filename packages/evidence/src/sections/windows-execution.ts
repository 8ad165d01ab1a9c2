import { Type } from 'typebox';
import { EVIDENCE_CAPS as L } from '../caps.js';
import { Count, Nullable, Section, Sha256, Text, TimestampInput, When } from '../schema/primitives.js';
import { TIMELINE_SOURCES } from '../timeline.js';

/*
 * Version 2's Windows sources that show a program ran: Prefetch, BAM/DAM, the Program Compatibility
 * Assistant, and the programs they name (docs/scan-client.md, "Windows Prefetch", "Windows execution records", "Programs that ran").
 */

export const EvidencePrefetch = Type.Object(
  {
    path: Text(L.path, 'The `.pf` file.'),
    version: Count,
    executable: Text(L.name),
    hash: Text(16),
    runCount: Count,
    lastRuns: Type.Array(TimestampInput(), { maxItems: L.runTimes, description: 'Newest first.' }),
    executablePath: Nullable(Text(L.path, 'The executable among the files it loaded (a device path).')),
    modifiedAt: When,
    createdAt: When,
  },
  { additionalProperties: false },
);

export const EvidenceBam = Type.Object(
  {
    service: Type.Enum(['bam', 'dam']),
    sid: Text(L.name),
    program: Text(L.path, 'A device path, or a packaged app’s family name.'),
    lastRun: TimestampInput(),
  },
  { additionalProperties: false },
);

export const EvidencePca = Type.Object(
  {
    file: Type.Enum(['PcaAppLaunchDic.txt', 'PcaGeneralDb0.txt', 'PcaGeneralDb1.txt']),
    path: Text(
      L.path,
      'The program as the file wrote it, a folder variable (`%programfiles%`) resolved where the scanner knows it, the home folder shortened to `~`.',
    ),
    time: TimestampInput(),
    runStatus: Nullable(Text(L.name)),
    exitCode: Nullable(Text(L.name)),
    // Optional: a scanner from before the general log's details were sent stays valid.
    description: Type.Optional(Text(L.text, 'The general log’s description of the program.')),
    vendor: Type.Optional(Text(L.name, 'The general log’s vendor (company) of the program.')),
    version: Type.Optional(Text(L.name, 'The general log’s version of the program.')),
    programId: Type.Optional(Text(L.name, 'The general log’s program id, the one Amcache uses.')),
  },
  { additionalProperties: false },
);

export const EvidenceSignature = Type.Object(
  {
    status: Type.Enum([
      'unsigned',
      'signed-valid',
      'signed-invalid',
      'signed-unverifiable',
      'unreadable',
      'not-read',
    ]),
    signer: Nullable(Text(L.text)),
    issuer: Nullable(Text(L.text)),
    selfSigned: Nullable(Type.Boolean()),
    reason: Nullable(Text(L.text)),
    signedAt: When,
  },
  {
    additionalProperties: false,
    description: 'Authenticode; trust up to a root is not checked (docs/scan-client.md).',
  },
);

export const EvidenceTimelineEntry = Type.Object(
  { source: Type.Enum(TIMELINE_SOURCES), at: TimestampInput() },
  { additionalProperties: false },
);

export const EvidenceProgram = Type.Object(
  {
    path: Text(L.path, 'The home folder shortened to `~`.'),
    name: Text(L.name),
    exists: Type.Boolean({ description: 'Still on a drive the scan could see.' }),
    sha256: Nullable(Sha256),
    modifiedAt: When,
    createdAt: When,
    signature: Nullable(EvidenceSignature),
    timeline: Type.Array(EvidenceTimelineEntry, {
      maxItems: L.timeline,
      description: 'Every time known for the program, oldest first.',
    }),
  },
  { additionalProperties: false },
);

export const PrefetchSection = Section(
  'Windows Prefetch: programs that ran, with their run counts and last run times.',
  {
    enabled: Nullable(Type.Boolean({ description: '`EnablePrefetcher`; null when unknown.' })),
    folder: Nullable(Text(L.path)),
    folderModifiedAt: When,
    filesTotal: Count,
    unreadable: Count,
    items: Type.Array(EvidencePrefetch, { maxItems: L.prefetchFiles }),
  },
);

export const BamSection = Section('BAM/DAM: the last run of each program per user.', {
  from: Nullable(Type.Enum(['hive-file', 'registry'])),
  controlSet: Nullable(Text(L.name)),
  items: Type.Array(EvidenceBam, { maxItems: L.bamEntries }),
});

export const PcaSection = Section(
  'Program Compatibility Assistant launch records (Windows 11 22H2 and later).',
  {
    skippedLines: Count,
    items: Type.Array(EvidencePca, { maxItems: L.pcaEntries }),
  },
);

export const ProgramsSection = Section(
  'Programs the Windows sources show ran: whether they still exist, signature, timeline.',
  { items: Type.Array(EvidenceProgram, { maxItems: L.programs }) },
);
