import { type Static, Type } from 'typebox';
import { DISCORD_ID_PATTERN } from '../../../domain/discord-id.js';
import {
  EVIDENCE_SCHEMA_VERSIONS,
  EVIDENCE_LIMITS as L,
  TIMELINE_SOURCES,
} from '../../../domain/evidence.js';
import { Nullable, TimestampInput } from '../../schemas/common.js';

/**
 * The scan client's evidence document, version 2 (docs/scan-client.md, "The evidence document").
 * One section per evidence source; each says whether it was collected, skipped (and why) or failed.
 * It never holds raw memory, file contents, tokens, passwords, cookies or browser data: only names,
 * hashes, times and the strings that the plan's public hints found.
 */

const Text = (maxLength: number = L.text, description?: string) =>
  Type.String({ maxLength, ...(description ? { description } : {}) });
const Strings = (maxItems: number, description: string) => Type.Array(Text(), { maxItems, description });
const Sha256 = Type.String({
  pattern: '^[0-9a-f]{64}$',
  description: 'SHA-256, lowercase hex.',
  examples: ['e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
});
const When = Nullable(TimestampInput());
const Count = Type.Integer({ minimum: 0 });

const SECTION_FIELDS = {
  status: Type.Enum(['collected', 'skipped', 'failed'], {
    description: '`skipped`: not asked for, or nothing to read (`reason` says why); `failed`: an error.',
  }),
  reason: Nullable(
    Text(
      L.text,
      'Why it was skipped or failed, or what a collected source could not tell, in words a person understands.',
    ),
  ),
};

/** A section: its status and reason, then the source's own fields (empty when not collected). */
function Section<T extends Record<string, import('typebox').TSchema>>(description: string, fields: T) {
  return Type.Object({ ...SECTION_FIELDS, ...fields }, { additionalProperties: false, description });
}

export const EvidenceProcess = Type.Object(
  {
    pid: Count,
    name: Text(L.name),
    path: Nullable(Text(L.path, 'Executable path, the home folder shortened to `~`.')),
    sha256: Nullable(Sha256),
    startedAt: When,
    commandLine: Text(L.commandLine, 'With secrets (access tokens, passwords) replaced by `<redacted>`.'),
    injections: Strings(L.injections, '`-javaagent:`, `-agentpath:` and similar arguments.'),
  },
  { additionalProperties: false },
);

/** Whether the PIN's game was running (absent from clients before it was sent): docs/scan-client.md, "Trust". */
export const EvidenceGame = Type.Object(
  {
    expected: Type.Array(Text(L.name), {
      maxItems: L.processes,
      description: 'The process names the client looked for, for the PIN’s game.',
    }),
    running: Type.Boolean({
      description: 'A process of the game was running when the scan read the processes.',
    }),
    waitedSeconds: Type.Integer({
      minimum: 0,
      maximum: 3600,
      description: 'How long the client waited for the player to start the game.',
    }),
  },
  { additionalProperties: false },
);

export const EvidenceMemory = Type.Object(
  {
    pid: Count,
    process: Text(L.name),
    readable: Type.Boolean(),
    reason: Nullable(Text(L.text, 'Why the memory could not be read, and what the player can do.')),
    bytesScanned: Count,
    regions: Count,
    classNames: Strings(L.classNames, 'Java class names found (slash-separated), ASCII or UTF-16LE.'),
    strings: Strings(L.memoryStrings, 'Strings that contain one of the plan’s hints.'),
    truncated: Type.Boolean({ description: 'A cap was reached; the lists hold the first finds.' }),
  },
  { additionalProperties: false },
);

export const EvidenceFile = Type.Object(
  {
    path: Text(L.path, 'The home folder shortened to `~`.'),
    linkTarget: Type.Optional(
      Text(
        L.path,
        'Where the file points, when it is a symbolic link to a regular file (read as the game loads it).',
      ),
    ),
    kind: Type.Enum(['jar', 'zip', 'file'], {
      description: '`zip`: a zip archive under another extension than `.jar`.',
    }),
    size: Count,
    modifiedAt: When,
    createdAt: When,
    sha256: Sha256,
    entries: Strings(
      L.entries,
      'Entry paths inside the archive (class paths such as `a/b/C.class`); class files first when there are more than the cap.',
    ),
    entriesTotal: Type.Integer({ minimum: 0, description: 'Every entry of the archive, listed or not.' }),
  },
  { additionalProperties: false },
);

export const EvidenceLogLines = Type.Object(
  {
    path: Text(L.path),
    lines: Strings(L.logLines, 'Lines that contain one of the plan’s hints.'),
  },
  { additionalProperties: false },
);

export const EvidenceDiscordAccount = Type.Object(
  {
    id: Type.String({ pattern: DISCORD_ID_PATTERN }),
    username: Type.String({ minLength: 1, maxLength: 100 }),
    client: Text(L.name, 'Which Discord client’s store held it (`discord`, `discordptb`, …).'),
  },
  { additionalProperties: false },
);

export const EvidenceAdapter = Type.Object(
  {
    name: Text(L.name),
    kind: Type.Enum(['vpn', 'tunnel', 'ethernet', 'wireless', 'loopback', 'virtual', 'other']),
    up: Type.Boolean(),
    hasAddress: Type.Boolean(),
    description: Nullable(Text(L.name)),
  },
  { additionalProperties: false },
);

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

export const EvidenceRecycled = Type.Object(
  {
    path: Text(L.path, 'The `$I` file.'),
    version: Count,
    originalPath: Text(L.path, 'Where the file was before it was deleted.'),
    size: Count,
    deletedAt: When,
    dataPresent: Type.Boolean({ description: 'Its `$R` data file is still in the bin.' }),
  },
  { additionalProperties: false },
);

export const EvidenceGameFolderItem = Type.Object(
  {
    path: Text(L.path),
    folder: Text(L.name, 'Which known folder: `FiveM plugins`, `SA-MP cleo`, `temp`, `macro software`, …'),
    kind: Type.Enum(['file', 'folder']),
    size: Count,
    modifiedAt: When,
    createdAt: When,
    sha256: Nullable(Sha256),
  },
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
    signature: Nullable(
      Type.Object(
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
      ),
    ),
    timeline: Type.Array(
      Type.Object(
        { source: Type.Enum(TIMELINE_SOURCES), at: TimestampInput() },
        { additionalProperties: false },
      ),
      { maxItems: L.timeline, description: 'Every time known for the program, oldest first.' },
    ),
  },
  { additionalProperties: false },
);

export const EvidenceSources = Type.Object(
  {
    processes: Section('The game’s processes and launchers.', {
      items: Type.Array(EvidenceProcess, { maxItems: L.processes }),
      game: Type.Optional(EvidenceGame),
    }),
    memory: Section('Strings in the game processes’ memory (raw memory never leaves the machine).', {
      items: Type.Array(EvidenceMemory, { maxItems: L.processes }),
    }),
    files: Section('Game installations: mods and versions jars, renamed archives.', {
      installations: Strings(L.installations, 'Installation folders that were searched.'),
      items: Type.Array(EvidenceFile, { maxItems: L.files }),
      itemsTotal: Type.Optional(
        Type.Integer({
          minimum: 0,
          description:
            'How many files would have been listed without the cap; more than `items` holds means the list is not the whole folder.',
        }),
      ),
    }),
    logs: Section('Game logs: the newest log’s lines that match a hint.', {
      items: Type.Array(EvidenceLogLines, { maxItems: L.logs }),
    }),
    discord: Section('Discord accounts signed in on this machine (never their tokens).', {
      accounts: Type.Array(EvidenceDiscordAccount, { maxItems: L.discordAccounts }),
    }),
    network: Section('Network adapters, including ones that are down or have no address.', {
      adapters: Type.Array(EvidenceAdapter, { maxItems: L.adapters }),
    }),
    system: Section('Operating system, virtual machine signs and the clock.', {
      os: Nullable(Text(L.name, 'e.g. `Windows 11 Pro 23H2`, `Linux 6.1.0 (Debian GNU/Linux 12)`.')),
      bootedAt: When,
      logonAt: When,
      virtualMachine: Strings(L.vmSigns, 'Signs of a virtual machine; empty when none.'),
      clientTime: TimestampInput(),
    }),
    prefetch: Type.Optional(
      Section('Windows Prefetch: programs that ran, with their run counts and last run times.', {
        enabled: Nullable(Type.Boolean({ description: '`EnablePrefetcher`; null when unknown.' })),
        folder: Nullable(Text(L.path)),
        folderModifiedAt: When,
        filesTotal: Count,
        unreadable: Count,
        items: Type.Array(EvidencePrefetch, { maxItems: L.prefetchFiles }),
      }),
    ),
    bam: Type.Optional(
      Section('BAM/DAM: the last run of each program per user.', {
        from: Nullable(Type.Enum(['hive-file', 'registry'])),
        controlSet: Nullable(Text(L.name)),
        items: Type.Array(EvidenceBam, { maxItems: L.bamEntries }),
      }),
    ),
    pca: Type.Optional(
      Section('Program Compatibility Assistant launch records (Windows 11 22H2 and later).', {
        skippedLines: Count,
        items: Type.Array(EvidencePca, { maxItems: L.pcaEntries }),
      }),
    ),
    recycleBin: Type.Optional(
      Section('Recycle Bin records: what was deleted, from where, and when.', {
        drives: Strings(L.drives, 'Drives whose bins were read.'),
        items: Type.Array(EvidenceRecycled, { maxItems: L.recycleBinItems }),
      }),
    ),
    gameFolders: Type.Optional(
      Section('Game folders beyond Minecraft: FiveM, SA-MP, temp folders, macro software.', {
        folders: Strings(L.gameFolders, 'Folders that were searched and exist.'),
        items: Type.Array(EvidenceGameFolderItem, { maxItems: L.gameFolderFiles }),
      }),
    ),
    programs: Type.Optional(
      Section('Programs the Windows sources show ran: whether they still exist, signature, timeline.', {
        items: Type.Array(EvidenceProgram, { maxItems: L.programs }),
      }),
    ),
  },
  { additionalProperties: false },
);

export const EvidenceBody = Type.Object(
  {
    schema: Type.Union(
      [Type.Literal(EVIDENCE_SCHEMA_VERSIONS[0]), Type.Literal(EVIDENCE_SCHEMA_VERSIONS[1])],
      {
        description: 'Version 2 adds the Windows sections; a version 1 document is still accepted.',
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

export type EvidenceBodyShape = Static<typeof EvidenceBody>;

export const EvidenceResponse = Type.Object({
  result: Type.Enum(['legit', 'suspicious', 'cheating']),
  receipt: Type.Object({
    id: Type.String({ description: 'Quote it to the community’s staff to name this upload.' }),
    counts: Type.Record(Type.String(), Count, {
      description: 'What was received, by category: processes, memoryStrings, files, discordAccounts, …',
    }),
  }),
  showResult: Type.Boolean({
    description:
      'Whether the scanner may show the player `result`: only when the Enterprise turned it on. Otherwise it says the scan is complete and that the community’s staff have the result (docs/scan-client.md, "Nothing to learn from the result").',
  }),
});

// The wire schema and the domain type must describe the same document.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _sameShape: Same<EvidenceBodyShape, import('../../../domain/evidence.js').EvidenceDocument> = true;
void _sameShape;
