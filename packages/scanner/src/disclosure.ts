/**
 * What the scanner collects and what it never collects, in plain words (docs/scan-client.md). The one
 * list: the scanner shows it and asks the player to agree before it reads anything, and the server's
 * `/scan` page prints the same list from this module.
 */
export interface Disclosed {
  /** The evidence source, as the document names it; `hardware`: the IDs sent when the scan starts. */
  source: string;
  title: string;
  detail: string;
}

export const COLLECTED: readonly Disclosed[] = [
  {
    source: 'hardware',
    title: 'Hardware identifiers',
    detail:
      'The machine id, the firmware’s product id and board serial where readable (Windows: the MachineGuid), and the network cards’ MAC addresses, sent when the scan starts. The server keeps only keyed fingerprints of them, to link accounts used on the same computer.',
  },
  {
    source: 'processes',
    title: "The game's processes",
    detail:
      'Name, program path, a fingerprint (SHA-256) of the program file, start time, and the command line with passwords and access tokens replaced by <redacted>.',
  },
  {
    source: 'memory',
    title: "Text in the game's memory",
    detail:
      'Java class names (like net/example/Client) and short texts that contain a word from the server’s public list of hints, with passwords and tokens in them replaced by <redacted>. The memory itself never leaves your computer.',
  },
  {
    source: 'files',
    title: 'Minecraft installations',
    detail:
      'For every jar in the mods and versions folders, and every file there that is a zip archive under another name: its path (your home folder shown as ~), size, dates, fingerprint and the names of the files inside it. Not their contents.',
  },
  {
    source: 'logs',
    title: 'The newest game log',
    detail: 'Only the lines that contain a word from the server’s public list of hints.',
  },
  {
    source: 'discord',
    title: 'Discord accounts on this computer',
    detail: 'The id and name of each account signed in to a Discord app. Never its token or messages.',
  },
  {
    source: 'network',
    title: 'Network adapters',
    detail: 'Their names and kinds, so VPN and tunnel adapters can be named. Not your traffic or addresses.',
  },
  {
    source: 'system',
    title: 'System facts',
    detail:
      'Operating system and version, when the computer started, signs of a virtual machine, and your clock.',
  },
  {
    source: 'prefetch',
    title: 'Windows Prefetch',
    detail:
      'For each program Windows remembers running (C:\\Windows\\Prefetch): its name and path, how many times and when it last ran. Whether Prefetch is turned on.',
  },
  {
    source: 'bam',
    title: 'When each program last ran (BAM)',
    detail: 'The program paths and times Windows keeps for each user account in the registry.',
  },
  {
    source: 'pca',
    title: 'Program launch records (Windows 11)',
    detail: 'The program paths and launch times the Program Compatibility Assistant keeps.',
  },
  {
    source: 'recycleBin',
    title: 'Recycle Bin records',
    detail:
      'For each file in the Recycle Bin: where it was, its size and when it was deleted. Not its contents.',
  },
  {
    source: 'gameFolders',
    title: 'Game folders beyond Minecraft',
    detail:
      'Names, sizes, dates and fingerprints of plugins and scripts in FiveM and GTA San Andreas folders, DLL files in the temp folders, and whether macro software folders exist. Not their contents.',
  },
  {
    source: 'programs',
    title: 'The programs that ran',
    detail:
      'For each program the records above name: whether it is still on the disk, its fingerprint and digital signature (who signed it), and the times the records give.',
  },
];

export const NEVER_COLLECTED: readonly string[] = [
  'Raw memory',
  'The contents of your files',
  'Passwords, access tokens and Discord tokens',
  'Cookies, browser history or other browser data',
  'Messages, screenshots or keystrokes',
];

/** The disclosure as the terminal shows it before asking for consent. */
export function disclosureText(sources: readonly string[]): string {
  const lines = ['This scan will collect:'];
  for (const item of COLLECTED) {
    if (item.source !== 'hardware' && !sources.includes(item.source)) continue;
    lines.push(`  • ${item.title}: ${item.detail}`);
  }
  lines.push('', 'It never collects:');
  for (const item of NEVER_COLLECTED) lines.push(`  • ${item}`);
  return lines.join('\n');
}
