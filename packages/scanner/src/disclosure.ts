import type { EvidenceSourceName } from '@scanpin/evidence';

/**
 * What the scanner collects and what it never collects, in plain words (docs/scan-client.md, "What is
 * collected"). The one list: the scanner shows it and asks the player to agree before it reads
 * anything, the server's `/scan` pages print it from this module, and the docs list the same titles.
 * What a scan shows is the list narrowed to the player's platform and to the sources the scan plan of
 * the PIN's game asks for (`disclosureFor`).
 */
export interface Disclosed {
  /** The evidence source, as the document names it; `hardware`: the IDs sent when the scan starts. */
  source: DisclosedSource;
  /**
   * Where the scanner reads it: `any` on every computer, `win32` on Windows only. The terminal shows a
   * player only what their computer's scanner reads; the `/scan` page and docs/scan-client.md ("What is
   * collected") list both groups under the same headings.
   */
  platform: DisclosedPlatform;
  title: string;
  detail: string;
}

export type DisclosedSource = EvidenceSourceName | 'hardware';

export type DisclosedPlatform = 'any' | 'win32';

/** The headings the `/scan` page and the docs give each group. */
export const PLATFORM_HEADINGS: Record<DisclosedPlatform, string> = {
  any: 'On every computer',
  win32: 'On Windows, also',
};

export const COLLECTED: readonly Disclosed[] = [
  {
    source: 'hardware',
    platform: 'any',
    title: 'Hardware identifiers',
    detail:
      'The machine id, the firmware’s product id and board serial where readable (Windows: the MachineGuid), and the network cards’ MAC addresses, sent when the scan starts. The server keeps only keyed fingerprints of them, to link accounts used on the same computer.',
  },
  {
    source: 'processes',
    platform: 'any',
    title: "The game's processes",
    detail:
      'Name, program path, a fingerprint (SHA-256) of the program file, start time, and the command line with passwords and access tokens replaced by <redacted>.',
  },
  {
    source: 'processes',
    platform: 'any',
    title: 'Other programs running',
    detail:
      'The names and locations of the other programs running during the scan (no command lines or window titles), each program once, your home folder shown as ~ and another account’s name left out; a fingerprint (SHA-256) of each program file up to 64 MiB.',
  },
  {
    source: 'memory',
    platform: 'any',
    title: "Text in the game's memory",
    detail:
      'Java class names (like net/example/Client) and short texts that contain a word from the server’s public list of hints, with passwords and tokens in them replaced by <redacted>. The memory itself never leaves your computer.',
  },
  {
    source: 'jvm',
    platform: 'any',
    title: 'Java classes that no game or mod file holds',
    detail:
      'The classes are compared on Linux in this version (on Windows, only the agents and attach traces are read). While reading the game’s memory, the names of the Java classes it has loaded; the scanner compares them with the classes in your Java runtime, the game’s jars, libraries and mods, and sends only the names of the classes none of those holds (grouped by package). Also the agents named on the game’s command line or in the JAVA_TOOL_OPTIONS, JDK_JAVA_OPTIONS and _JAVA_OPTIONS variables (only those arguments, no other variable), and whether a tool attached to the game’s Java process. The classes themselves never leave your computer.',
  },
  {
    source: 'files',
    platform: 'any',
    title: 'Minecraft installations',
    detail:
      'For every jar in the mods and versions folders, the loaders’ plugin folders and the launchers’ libraries and jar mods, every jar bundled inside those, and every file there that is a zip archive under another name: its path (your home folder shown as ~), size, dates, fingerprint and the names of the files inside it (for a library, only the names of its folders). Not their contents.',
  },
  {
    source: 'files',
    platform: 'any',
    title: 'Minecraft resource packs',
    detail:
      'For each resource pack in the resourcepacks folders: its path (your home folder shown as ~), date, fingerprint, description and whether your game options use it; for the textures and models it replaces of the blocks ores sit in (stone, deepslate, dirt, netherrack and the like), their names, size and how many of their pixels are see-through, and whether the models draw anything. Not the images or any other file of the pack.',
  },
  {
    source: 'logs',
    platform: 'any',
    title: 'The newest game log',
    detail: 'Only the lines that contain a word from the server’s public list of hints.',
  },
  {
    source: 'discord',
    platform: 'any',
    title: 'Discord accounts on this computer',
    detail: 'The id and name of each account signed in to a Discord app. Never its token or messages.',
  },
  {
    source: 'network',
    platform: 'any',
    title: 'Network adapters',
    detail: 'Their names and kinds, so VPN and tunnel adapters can be named. Not your traffic or addresses.',
  },
  {
    source: 'system',
    platform: 'any',
    title: 'System facts',
    detail:
      'Operating system and version, when the computer started, signs of a virtual machine, and your clock.',
  },
  {
    source: 'prefetch',
    platform: 'win32',
    title: 'Windows Prefetch',
    detail:
      'For each program Windows remembers running (C:\\Windows\\Prefetch): its name and path, how many times and when it last ran. Whether Prefetch is turned on.',
  },
  {
    source: 'bam',
    platform: 'win32',
    title: 'When each program last ran (BAM)',
    detail: 'The program paths and times Windows keeps for each user account in the registry.',
  },
  {
    source: 'pca',
    platform: 'win32',
    title: 'Program launch records (Windows 11)',
    detail: 'The program paths and launch times the Program Compatibility Assistant keeps.',
  },
  {
    source: 'recycleBin',
    platform: 'win32',
    title: 'Recycle Bin records',
    detail:
      'For each file in the Recycle Bin: where it was, its size and when it was deleted. Not its contents.',
  },
  {
    source: 'usnJournal',
    platform: 'win32',
    title: 'Recent file deletions and renames (USN journal)',
    detail:
      'Only with administrator rights, which the scanner asks Windows for. For each drive: whether its change journal is on and how far back it goes; from the last 24 hours, the names of program, script, Prefetch and archive files (.exe, .dll, .jar, .pf, .ahk, .zip and the like) that were deleted, renamed or had their dates changed, with their folder when it still exists. Not the names of other files, and no contents.',
  },
  {
    source: 'gameFolders',
    platform: 'win32',
    title: 'Game folders beyond Minecraft',
    detail:
      "Names, sizes, dates and fingerprints of plugins and scripts in FiveM and GTA San Andreas folders, files in an AltCheat folder at the top of a drive, DLL files in the temp folders, code and config files in Minecraft: Bedrock Edition's RoamingState folder, scripts in the autoexec folders of the Wave, Zenith and AWP Roblox executors, and whether macro software folders exist. Not their contents.",
  },
  {
    source: 'macros',
    platform: 'win32',
    title: 'Click macros in mouse software',
    detail:
      'Which mouse and macro programs are installed (Razer Synapse, Logitech, X-Mouse Button Control, AutoHotkey, Bloody, SteelSeries, Corsair) and, where their settings can be read, for each macro that presses a mouse button: the file it is in, its profile (the game, program or script it belongs to), the button or hotkey it is on, how many clicks, how fast and whether it repeats, and the name you gave it in Razer or Logitech software (shortened, with anything that looks like a password removed). Macros that only press keys or type text are counted, nothing more: not their names, descriptions, keys or text. X-Mouse Button Control descriptions are never sent. AutoHotkey scripts in your Documents, Desktop, Downloads and Startup folders are read for the same. Never the text a macro types.',
  },
  {
    source: 'services',
    platform: 'win32',
    title: 'Windows services that keep these records',
    detail:
      'For SysMain, PcaSvc, the BAM and DAM drivers, EventLog, DPS, DiagTrack and Appinfo: whether the service exists, how it starts (automatic, manual, disabled), whether it is running, its program and its name. Not the other services.',
  },
  {
    source: 'shimcache',
    platform: 'win32',
    title: 'Programs Windows met (ShimCache)',
    detail:
      'The paths of the programs Windows’ compatibility cache holds (at most about a thousand, as Windows last saved it), each with its file’s modified time then (your home folder shown as ~). Not the files themselves.',
  },
  {
    source: 'amcache',
    platform: 'win32',
    title: 'Program files Windows recorded (Amcache)',
    detail:
      'Only with administrator rights. For each program file in Windows’ Amcache (C:\\Windows\\AppCompat\\Programs\\Amcache.hve): its path (your home folder shown as ~), fingerprint (SHA-1), size, build date, publisher, product and version as the file states them, when Windows recorded it, and whether it is still there. Not the devices, drivers and shortcuts the same file lists, and not the files themselves.',
  },
  {
    source: 'eventLogs',
    platform: 'win32',
    title: 'Windows event logs',
    detail:
      'From the System, Application and Security logs: whether each could be read, and the events that show traces being hidden (a log cleared, the USN journal deleted, a service that keeps these records stopped or disabled, a driver installed, the clock changed), with their time and the service or program they name. Not the account that did it, nor any other event.',
  },
  {
    source: 'programs',
    platform: 'win32',
    title: 'The programs that ran',
    detail:
      'For each program the records above name: whether it is still on the disk, its fingerprint and digital signature (who signed it), and the times the records give.',
  },
  {
    source: 'modules',
    platform: 'win32',
    title: 'Modules loaded in the game',
    detail:
      'For each program file (DLL) the game’s processes have loaded from outside the Windows folder: its path (your home folder shown as ~), size, fingerprint, digital signature (who signed it) and the kind of folder it is in. The Windows ones are only counted. Not their contents.',
  },
];

export const NEVER_COLLECTED: readonly string[] = [
  'Raw memory',
  'The contents of your files',
  'Passwords, access tokens and Discord tokens',
  'Cookies, browser history or other browser data',
  'Messages, screenshots or keystrokes',
];

/** What the scanner reads on a platform (`process.platform`), in the disclosure's order. */
export function collectedOn(platform: string): readonly Disclosed[] {
  return COLLECTED.filter((item) => item.platform === 'any' || item.platform === platform);
}

/** A scan plan as far as the disclosure needs it: the sources it asks for. */
export interface PlannedSources {
  sources: readonly string[];
}

/**
 * The disclosure of one scan: what the scanner reads on this platform for this plan (the server's plan
 * for the PIN's game: docs/scan-client.md, "The scan plan"), in the list's order. The hardware IDs are
 * sent by every scan. The terminal, the `/scan/<PIN>` page and the docs all come from here.
 */
export function disclosureFor(platform: string, plan: PlannedSources): readonly Disclosed[] {
  return collectedOn(platform).filter(
    (item) => item.source === 'hardware' || plan.sources.includes(item.source),
  );
}

/**
 * The evidence sources one scan's disclosure names (`disclosureFor`): the steps its progress shows and
 * the sources its receipt accounts for, so that neither mentions what the consent prompt did not
 * (docs/scan-client.md, "For players"). A source read on another system only (the Windows records on
 * Linux) still has its `skipped` section in the evidence document; the player is not shown it.
 */
export function disclosedSources(platform: string, plan: PlannedSources): ReadonlySet<EvidenceSourceName> {
  const sources = new Set<EvidenceSourceName>();
  for (const item of disclosureFor(platform, plan)) if (item.source !== 'hardware') sources.add(item.source);
  return sources;
}

/** Who asks for the scan, as the consent prompt names them. */
export interface ConsentContext {
  /** The community (the Enterprise) that made the PIN and receives the result; null if unknown. */
  community: string | null;
  /** The scanpin server's host, where the evidence goes. */
  server: string;
  /** The PIN's game type (`Java`, `FiveM`, …); null if unknown. */
  game: string | null;
  /**
   * The server offers the Discord proof (docs/risk-score.md, "Whose scan it is"): only then is the
   * player told about it.
   */
  discordProof: boolean;
}

/**
 * Control characters (escape sequences among them) and format characters (the marks that reorder
 * text) of a name the server sends: in a terminal they could move the cursor, or hide or reorder
 * words of the prompt around the name.
 */
const UNSAFE_IN_TERMINAL = /[\p{Cc}\p{Cf}]/gu;

function printable(text: string): string {
  return text.replace(UNSAFE_IN_TERMINAL, ' ').trim().slice(0, 100);
}

/** The Discord-proof hint, shown only when the server offers the proof. */
export const DISCORD_PROOF_HINT =
  'Once the scan has started, the scanner shows a link: signing in with Discord there proves the scan is yours, so that it counts for your account in every community on this server. It is up to you.';

/**
 * The disclosure as the terminal shows it before asking for consent (docs/scan-client.md, "For
 * players"): who asks and where the evidence goes, what this scan collects on this computer (`plan`:
 * the PIN's plan; null when the server could not say, and every source this platform's scanner reads
 * is listed), and what it never collects.
 */
export function consentText(platform: string, plan: PlannedSources | null, context: ConsentContext): string {
  const community = context.community === null ? null : printable(context.community);
  const game = context.game === null ? null : printable(context.game);
  const who =
    community === null || community === ''
      ? `A community on the scanpin server ${context.server} asks you to scan this computer`
      : `${community} asks you to scan this computer`;
  const lines = [
    `${who}${game === null || game === '' ? '' : ` for a ${game} check`}.`,
    `What the scanner sends goes to the scanpin server ${context.server}, where ${community === null || community === '' ? "the community's" : `${community}'s`} staff see it.`,
    '',
    'This scan will collect:',
  ];
  const items = plan === null ? collectedOn(platform) : disclosureFor(platform, plan);
  for (const item of items) lines.push(`  • ${item.title}: ${item.detail}`);
  lines.push('', 'It never collects:');
  for (const item of NEVER_COLLECTED) lines.push(`  • ${item}`);
  if (context.discordProof) lines.push('', DISCORD_PROOF_HINT);
  return lines.join('\n');
}
