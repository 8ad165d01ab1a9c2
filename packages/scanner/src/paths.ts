import { join } from 'node:path';
import type { Machine } from './collect/context.js';

/**
 * The folders a scan reads, all derived from the machine's environment (docs/scan-client.md), so a
 * test plants a whole machine in a temporary folder by setting HOME, APPDATA, LOCALAPPDATA or the XDG
 * variables. Nothing here touches the disk.
 */
export interface Folders {
  home: string;
  /** Roaming application data: %APPDATA% on Windows, ~/Library/Application Support on macOS, XDG config on Linux. */
  appData: string;
  /** %LOCALAPPDATA% on Windows; the same as appData elsewhere. */
  localAppData: string;
  /** XDG data home (~/.local/share) on Linux; appData elsewhere. */
  dataHome: string;
  temp: string;
}

export function foldersOf(machine: Machine): Folders {
  const { env, platform } = machine;
  const home = env.HOME ?? env.USERPROFILE ?? (platform === 'win32' ? 'C:\\Users\\Default' : '/');
  if (platform === 'win32') {
    const appData = env.APPDATA ?? join(home, 'AppData', 'Roaming');
    const localAppData = env.LOCALAPPDATA ?? join(home, 'AppData', 'Local');
    return { home, appData, localAppData, dataHome: appData, temp: env.TEMP ?? join(localAppData, 'Temp') };
  }
  if (platform === 'darwin') {
    const appData = join(home, 'Library', 'Application Support');
    return { home, appData, localAppData: appData, dataHome: appData, temp: env.TMPDIR ?? '/tmp' };
  }
  const appData = env.XDG_CONFIG_HOME || join(home, '.config');
  const dataHome = env.XDG_DATA_HOME || join(home, '.local', 'share');
  return { home, appData, localAppData: appData, dataHome, temp: env.TMPDIR ?? '/tmp' };
}

/** A path as the evidence shows it: the home folder shortened to `~`, with forward slashes. */
export function displayPath(home: string, path: string): string {
  const norm = (p: string) => p.replaceAll('\\', '/');
  const h = norm(home).replace(/\/+$/, '');
  const p = norm(path);
  if (h !== '' && (p === h || p.startsWith(`${h}/`))) return `~${p.slice(h.length)}`;
  return p;
}
