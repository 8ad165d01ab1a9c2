import { Type } from 'typebox';
import { EVIDENCE_CAPS as L } from '../caps.js';
import { DISCORD_ID_PATTERN } from '../patterns.js';
import {
  Count,
  Nullable,
  Section,
  Sha256,
  Strings,
  Text,
  TimestampInput,
  When,
} from '../schema/primitives.js';
import { EvidenceResourcePack } from './resource-packs.js';

/*
 * Version 1's sections, read on every platform: the game's processes, their memory, the game's files
 * and logs, Discord accounts, network adapters and the system (docs/scan-client.md, "Sources").
 */

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
    classNames: Strings(
      L.classNames,
      'Java class names found (slash-separated, a package of two levels or more), ASCII or UTF-16LE. When there are more than the cap, chosen in this order: names outside the Java runtime’s, Minecraft’s and its usual libraries’ packages that hold a hint; a few of the game’s own; the other names outside those packages; the names inside them.',
    ),
    strings: Strings(L.memoryStrings, 'Strings that contain one of the plan’s hints.'),
    truncated: Type.Boolean({ description: 'A cap was reached: class names or strings were left out.' }),
    // Added in version 3, optional: an older scanner never sends it.
    classNamesTotal: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: L.classNamesCounted,
        description: `Distinct class names found, sent or not: more than \`classNames\` holds when the cap cut the list. Counting stops at ${L.classNamesCounted.toLocaleString('en-US')}.`,
      }),
    ),
    // Added later in version 3, optional: an older scanner never sends it, and its cut lowers the scan.
    classNamesUnsentUnfamiliar: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: L.classNamesCounted,
        description:
          'Distinct class names found but not sent that lie outside the packages of the Java runtime, Minecraft, its mod loaders and its launcher’s libraries (the scanner’s list of familiar packages). 0 when the cap cut only names inside them, which the server reports without lowering the scan’s assurance.',
      }),
    ),
  },
  { additionalProperties: false },
);

export const EvidenceFile = Type.Object(
  {
    path: Text(
      L.path,
      'The home folder shortened to `~`. An archive inside another one (a mod’s bundled jar) is `outer.jar!/META-INF/jars/inner.jar`, as Java writes a nested entry.',
    ),
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
    // Added in version 3, optional: an older scanner never sends them.
    entryFolders: Type.Optional(
      Strings(
        L.entryFolders,
        'The distinct folders (`a/b/`) of the entries not in `entries`, so that a rule naming a package still sees every entry: sent when an archive has more entries than a scan lists, and for library jars, which are listed by folder only.',
      ),
    ),
    entryFoldersTotal: Type.Optional(
      Type.Integer({ minimum: 0, description: 'Every distinct folder of those entries, listed or not.' }),
    ),
    rootEntriesLeftOut: Type.Optional(
      Type.Integer({
        minimum: 0,
        description:
          'How many of the entries not in `entries` lie at the archive’s root (`Main.class`): they have no folder, so they are counted instead. Sent with `entryFolders`.',
      }),
    ),
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

/**
 * One distinct executable among the other programs running during the scan (docs/scan-client.md,
 * "Other running programs"): what a rule needs, nothing private (no command line, window title,
 * process id or user name).
 */
export const EvidenceRunningProgram = Type.Object(
  {
    name: Text(
      L.name,
      'The image name (`cheat.exe`; on Linux the process name, whole where the kernel cut it).',
    ),
    path: Nullable(
      Text(
        L.path,
        'Executable path, the home folder shortened to `~` and another user’s home folder written `<user>`; null when the system does not tell.',
      ),
    ),
    sha256: Nullable(Sha256),
  },
  { additionalProperties: false },
);

export const EvidenceRunningPrograms = Type.Object(
  {
    items: Type.Array(EvidenceRunningProgram, {
      maxItems: L.runningPrograms,
      description: 'Programs outside the system folders first, then by name.',
    }),
    total: Type.Integer({ minimum: 0, description: 'Distinct executables running, listed or not.' }),
    truncated: Type.Boolean({ description: 'More distinct executables ran than the cap lets through.' }),
    unhashed: Type.Integer({
      minimum: 0,
      description:
        'Listed executables with no SHA-256: larger than 64 MiB, unreadable, or past the scan’s hashing budget (256 MiB, 10 seconds).',
    }),
  },
  { additionalProperties: false },
);

export const ProcessesSection = Section(
  'The game’s processes and launchers, and the other programs running.',
  {
    items: Type.Array(EvidenceProcess, { maxItems: L.processes }),
    game: Type.Optional(EvidenceGame),
    // Added in version 3, optional: an older scanner never sends it.
    others: Type.Optional(EvidenceRunningPrograms),
  },
);

export const MemorySection = Section(
  'Strings in the game processes’ memory (raw memory never leaves the machine).',
  { items: Type.Array(EvidenceMemory, { maxItems: L.processes }) },
);

export const FilesSection = Section('Game installations: mods and versions jars, renamed archives.', {
  installations: Strings(L.installations, 'Installation folders that were searched.'),
  items: Type.Array(EvidenceFile, { maxItems: L.files }),
  itemsTotal: Type.Optional(
    Type.Integer({
      minimum: 0,
      description:
        'How many files would have been listed without the cap; more than `items` holds means the list is not the whole folder.',
    }),
  ),
  // Added in version 3, optional: an older scanner never sends them.
  resourcePacks: Type.Optional(
    Type.Array(EvidenceResourcePack, {
      maxItems: L.resourcePacks,
      description:
        'The resource packs in the game folders’ `resourcepacks` (zip files and folders), each with the textures and models it replaces of the blocks ores sit in.',
    }),
  ),
  resourcePacksTotal: Type.Optional(
    Type.Integer({ minimum: 0, description: 'Every resource pack found, listed or not.' }),
  ),
});

export const LogsSection = Section('Game logs: the newest log’s lines that match a hint.', {
  items: Type.Array(EvidenceLogLines, { maxItems: L.logs }),
});

export const DiscordSection = Section('Discord accounts signed in on this machine (never their tokens).', {
  accounts: Type.Array(EvidenceDiscordAccount, { maxItems: L.discordAccounts }),
});

export const NetworkSection = Section('Network adapters, including ones that are down or have no address.', {
  adapters: Type.Array(EvidenceAdapter, { maxItems: L.adapters }),
});

export const SystemSection = Section('Operating system, virtual machine signs and the clock.', {
  os: Nullable(Text(L.name, 'e.g. `Windows 11 Pro 23H2`, `Linux 6.1.0 (Debian GNU/Linux 12)`.')),
  bootedAt: When,
  logonAt: When,
  virtualMachine: Strings(L.vmSigns, 'Signs of a virtual machine; empty when none.'),
  clientTime: TimestampInput(),
});
