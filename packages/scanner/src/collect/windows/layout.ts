import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { foldersOf } from '../../paths.js';
import { type CollectContext, SkipSource } from '../context.js';

/**
 * Where a Windows machine's drives are, and how the three ways Windows writes a program's path meet
 * (docs/scan-client.md, "Programs that ran"): a DOS path (`C:\Users\…`, PCA and processes), an NT
 * device path (`\Device\HarddiskVolume3\Users\…`, BAM and older Prefetch) and a volume GUID path
 * (`\VOLUME{…}\USERS\…`, Prefetch of Windows 10 and 11). All three end in the same path inside the
 * volume, which is what the sources are matched on, without case (NTFS names are case-insensitive).
 */
export interface WindowsLayout {
  drives: Array<{ letter: string; root: string }>;
  /** Upper-case NT device names to drive letters, when known. */
  volumes: Map<string, string>;
  /** The Windows folder, as a local path (`C:\Windows`, or the planted one). */
  systemRoot: string;
  home: string;
}

/** A path split into where it lives (a drive letter or a device/volume name) and the path inside. */
export interface VolumePath {
  drive: string | null;
  device: string | null;
  /** Starts with a backslash: `\Users\Player\cheat.exe`. */
  rest: string;
}

const LETTERS = 'CDEFGHIJKLMNOPQRSTUVWXYZ';

/** The machine's Windows layout, or `SkipSource` when it is not Windows. */
export async function windowsLayout(ctx: CollectContext): Promise<WindowsLayout> {
  const { machine } = ctx;
  if (machine.platform !== 'win32' && machine.windows === undefined)
    throw new SkipSource(`A Windows source; this machine runs ${machine.platform}.`);
  let drives: WindowsLayout['drives'];
  if (machine.windows !== undefined) {
    drives = Object.entries(machine.windows.drives).map(([letter, root]) => ({
      letter: letter.toUpperCase(),
      root,
    }));
  } else {
    drives = [];
    for (const letter of LETTERS) {
      const root = `${letter}:\\`;
      if (
        await stat(root).then(
          (s) => s.isDirectory(),
          () => false,
        )
      )
        drives.push({ letter: `${letter}:`, root });
    }
  }
  // A live machine's device names come from QueryDosDevice; when they cannot be had, device paths
  // are matched on the path inside the volume alone (docs/scan-client.md).
  const known = machine.windows !== undefined ? (machine.windows.volumes ?? {}) : await liveVolumesOrNone();
  const volumes = new Map(
    Object.entries(known).map(([device, letter]) => [device.toUpperCase(), letter.toUpperCase()]),
  );
  const layout: WindowsLayout = { drives, volumes, systemRoot: '', home: foldersOf(machine).home };
  const systemRootDos =
    machine.env.SystemRoot ?? machine.env.windir ?? `${machine.env.SystemDrive ?? 'C:'}\\Windows`;
  layout.systemRoot = localPath(layout, systemRootDos) ?? systemRootDos;
  return layout;
}

async function liveVolumesOrNone(): Promise<Record<string, string>> {
  try {
    return await (await import('../../windows/live/dos-devices.js')).liveVolumes();
  } catch {
    return {};
  }
}

/** `C:\Users\x` → `{ drive: 'C:', rest: '\Users\x' }`; device and volume paths likewise. */
export function splitPath(path: string): VolumePath | null {
  const dos = /^([A-Za-z]:)([\\/].*)?$/.exec(path);
  if (dos !== null)
    return {
      drive: (dos[1] as string).toUpperCase(),
      device: null,
      rest: (dos[2] ?? '\\').replaceAll('/', '\\'),
    };
  const device = /^(\\Device\\[^\\]+|\\VOLUME\{[^}\\]*\}|\\\\\?\\Volume\{[^}\\]*\})(\\.*)?$/i.exec(path);
  if (device !== null) return { drive: null, device: device[1] as string, rest: device[2] ?? '\\' };
  return null;
}

/** The drive letter a split path is on, when known. */
export function driveOf(layout: WindowsLayout, split: VolumePath): string | null {
  if (split.drive !== null) return split.drive;
  // A path written without drive or device (PCA's `\program files\…`) is on no known drive.
  if (split.device === null) return null;
  return layout.volumes.get(split.device.toUpperCase()) ?? null;
}

function onDrive(root: string, rest: string): string {
  return join(root, ...rest.split(/[\\/]/).filter(Boolean));
}

/** A DOS path as a local path (the planted drive's folder in a test); null if the drive is unknown. */
export function localPath(layout: WindowsLayout, dosPath: string): string | null {
  const split = splitPath(dosPath);
  if (split === null || split.drive === null) return null;
  const drive = layout.drives.find((d) => d.letter === split.drive);
  return drive === undefined ? null : onDrive(drive.root, split.rest);
}

/**
 * A local path back to its drive and inner path (for matching), or null when on no known drive. The
 * deepest drive folder wins: a drive planted as a folder may sit inside another drive (the
 * self-test's `C:` inside Wine's `Z:`).
 */
export function splitLocal(layout: WindowsLayout, local: string): VolumePath | null {
  const norm = (p: string) => p.replaceAll('\\', '/').replace(/\/+$/, '');
  const deepestFirst = [...layout.drives].sort((a, b) => norm(b.root).length - norm(a.root).length);
  for (const d of deepestFirst) {
    const root = norm(d.root);
    const path = norm(local);
    if (path.toLowerCase() === root.toLowerCase() || path.toLowerCase().startsWith(`${root.toLowerCase()}/`))
      return {
        drive: d.letter,
        device: null,
        rest: `\\${path.slice(root.length).replace(/^\//, '').replaceAll('/', '\\')}`,
      };
  }
  return null;
}

/**
 * The inner path as a matching key: lower case, backslashes. Two volumes holding the same path meet
 * here; that is the price of not knowing every volume's name, and is said in docs/scan-client.md.
 */
export function keyOf(rest: string): string {
  return rest.replaceAll('/', '\\').toLowerCase();
}

/** Finds a file by a path inside a folder without regard to case, as Windows would. */
export class CaseInsensitiveFinder {
  private readonly listings = new Map<string, Promise<string[]>>();

  private list(dir: string): Promise<string[]> {
    let listing = this.listings.get(dir);
    if (listing === undefined) {
      listing = readdir(dir).catch(() => [] as string[]);
      this.listings.set(dir, listing);
    }
    return listing;
  }

  async find(root: string, rest: string): Promise<string | null> {
    let current = root;
    for (const part of rest.split(/[\\/]/).filter(Boolean)) {
      const names = await this.list(current);
      const name = names.includes(part) ? part : names.find((n) => n.toLowerCase() === part.toLowerCase());
      if (name === undefined) return null;
      current = join(current, name);
    }
    return current;
  }
}

/** A local path as shown: the home folder as `~` whatever its case, forward slashes. */
export function showLocal(layout: WindowsLayout, ctx: CollectContext, local: string): string {
  const h = layout.home.replaceAll('\\', '/').replace(/\/+$/, '');
  const p = local.replaceAll('\\', '/');
  if (h !== '' && (p.toLowerCase() === h.toLowerCase() || p.toLowerCase().startsWith(`${h.toLowerCase()}/`)))
    return `~${p.slice(h.length)}`;
  return ctx.display(local);
}

/**
 * A path Windows wrote (DOS, device or volume form) as shown: through its drive when known, else the
 * home folder shortened when the inner path is the home's, else as written.
 */
export function showWindowsPath(layout: WindowsLayout, ctx: CollectContext, path: string): string {
  const split = splitPath(path);
  if (split === null) return path;
  const drive = driveOf(layout, split);
  const local = drive === null ? null : localPath(layout, `${drive}${split.rest}`);
  if (local !== null) return showLocal(layout, ctx, local);
  const home = splitLocal(layout, layout.home);
  if (home !== null) {
    const homeKey = keyOf(home.rest);
    const key = keyOf(split.rest);
    if (key === homeKey || key.startsWith(`${homeKey}\\`))
      return `~${split.rest.slice(home.rest.length).replaceAll('\\', '/')}`;
  }
  return path;
}
