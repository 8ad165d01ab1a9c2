/**
 * Where a module loaded in the game lies, as far as who can write there (docs/scan-client.md,
 * "Modules in the game process"). Pure: the folders come from the environment, paths are compared
 * without case, nothing touches the disk, and no folder's access list is read: the kinds below are
 * what a default Windows install allows, not what this machine's ACLs say.
 */
export type ModuleFolder =
  /** Under %SystemRoot%: written only by administrators and the installer. */
  | 'windows'
  /** One of the few folders under %SystemRoot% that ordinary users may write to on a default install. */
  | 'windows-writable'
  /** Under %ProgramFiles% or %ProgramFiles(x86)%: written only by administrators. */
  | 'program-files'
  /** Under %ProgramData%: users may create folders and files there by default. */
  | 'program-data'
  /** %TEMP%/%TMP%. */
  | 'temp'
  /** The user's profile: Downloads, Desktop, %APPDATA%, %LOCALAPPDATA%, a game installed there. */
  | 'user-profile'
  /** Anywhere else (another drive, a folder at the root of C:): writable or not, depending on its ACL. */
  | 'elsewhere';

/** Whether an ordinary user can put a file there: null when it depends on an ACL the scanner does not read. */
export const USER_WRITABLE: Record<ModuleFolder, boolean | null> = {
  windows: false,
  'windows-writable': true,
  'program-files': false,
  'program-data': true,
  temp: true,
  'user-profile': true,
  elsewhere: null,
};

/**
 * Folders under %SystemRoot% that the Users group may write to on a default Windows 10/11 install, as
 * catalogued by the public AppLocker bypass list (api0cradle/UltimateAppLockerByPassList,
 * "Generic-AppLockerbypasses.md"): a DLL dropped there is in C:\Windows yet was not put there by an
 * administrator.
 */
const WINDOWS_WRITABLE = [
  'Tasks',
  'Temp',
  'tracing',
  'Registration\\CRMLog',
  'System32\\FxsTmp',
  'System32\\com\\dmp',
  'System32\\Microsoft\\Crypto\\RSA\\MachineKeys',
  'System32\\spool\\PRINTERS',
  'System32\\spool\\SERVERS',
  'System32\\spool\\drivers\\color',
  'System32\\Tasks',
  'SysWOW64\\FxsTmp',
  'SysWOW64\\com\\dmp',
  'SysWOW64\\Tasks',
];

export interface WindowsFolderRoots {
  windows: string[];
  programFiles: string[];
  programData: string[];
  temp: string[];
  profile: string[];
}

/** Backslashes, no `\\?\` prefix, no trailing separator, lower case: a form to compare prefixes in. */
export function comparablePath(path: string): string {
  return path
    .replaceAll('/', '\\')
    .replace(/^\\\\\?\\/, '')
    .replace(/\\+$/, '')
    .toLowerCase();
}

const present = (values: Array<string | undefined>): string[] => [
  ...new Set(values.filter((v): v is string => v !== undefined && v !== '').map(comparablePath)),
];

/** The folders of a Windows machine from its environment, with Windows' defaults where one is unset. */
export function windowsFolderRootsOf(env: Readonly<Record<string, string | undefined>>): WindowsFolderRoots {
  const systemRoot = env.SystemRoot ?? env.SYSTEMROOT ?? env.windir ?? 'C:\\Windows';
  return {
    windows: present([systemRoot]),
    programFiles: present([
      env.ProgramFiles ?? 'C:\\Program Files',
      env['ProgramFiles(x86)'] ?? 'C:\\Program Files (x86)',
      env.ProgramW6432,
    ]),
    programData: present([env.ProgramData ?? env.ALLUSERSPROFILE ?? 'C:\\ProgramData']),
    temp: present([env.TEMP, env.TMP]),
    profile: present([env.USERPROFILE, env.APPDATA, env.LOCALAPPDATA]),
  };
}

const under = (path: string, roots: readonly string[]): string | undefined =>
  roots.find((root) => path === root || path.startsWith(`${root}\\`));

/** The kind of folder `path` lies in. The most specific answer wins: %TEMP% inside the profile is `temp`. */
export function moduleFolderOf(path: string, roots: WindowsFolderRoots): ModuleFolder {
  const p = comparablePath(path);
  const windows = under(p, roots.windows);
  if (windows !== undefined) {
    const inside = p.slice(windows.length + 1);
    const writable = WINDOWS_WRITABLE.some((sub) => {
      const s = sub.toLowerCase();
      return inside === s || inside.startsWith(`${s}\\`);
    });
    return writable ? 'windows-writable' : 'windows';
  }
  if (under(p, roots.temp) !== undefined) return 'temp';
  if (under(p, roots.programFiles) !== undefined) return 'program-files';
  if (under(p, roots.programData) !== undefined) return 'program-data';
  if (under(p, roots.profile) !== undefined) return 'user-profile';
  return 'elsewhere';
}
