import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** The asset name the Windows single executable carries koffi's native module under (build-sea.ts). */
export const KOFFI_ASSET = 'koffi-win32-x64.node';

// biome-ignore lint/suspicious/noExplicitAny: the koffi module is untyped here.
type Koffi = any;

/** The single executable's embedded koffi module, or null when this is not such a build. */
async function embeddedKoffi(): Promise<Buffer | null> {
  try {
    const sea = await import('node:sea');
    if (!sea.isSea()) return null;
    return Buffer.from(sea.getAsset(KOFFI_ASSET));
  } catch {
    // Not a single executable, or one built without the asset (the Linux build).
    return null;
  }
}

/** Writes the module unless an identical copy is already there; false when the folder refuses it. */
function unpackTo(file: string, data: Buffer, sha: string): boolean {
  try {
    const existing = readFileSync(file);
    if (createHash('sha256').update(existing).digest('hex') === sha) return true;
  } catch {
    // Not there yet.
  }
  try {
    writeFileSync(file, data);
    return true;
  } catch {
    return false;
  }
}

/**
 * koffi itself. A single executable cannot `require` a native addon from inside its blob, so the
 * Windows build carries koffi's prebuilt `koffi.node` as an asset, unpacks it next to the executable
 * (or, when that folder is read-only, in the temporary folder) and loads it with `process.dlopen`
 * (Node's documentation, "Single executable applications", on native addons). The native module's
 * exports are koffi's API; the package's JavaScript around it only adds deprecation shims.
 * Elsewhere (a plain `node` run), the installed package is imported.
 */
export async function loadKoffi(): Promise<Koffi> {
  const embedded = await embeddedKoffi();
  if (embedded === null) return (await import('koffi')).default;
  const sha = createHash('sha256').update(embedded).digest('hex');
  const name = `scanpin-koffi-${sha.slice(0, 16)}.node`;
  const candidates = [join(dirname(process.execPath), name), join(tmpdir(), name)];
  const file = candidates.find((c) => unpackTo(c, embedded, sha));
  if (file === undefined)
    throw new Error(`Could not unpack koffi's native module next to ${process.execPath} or in ${tmpdir()}`);
  const module = { exports: {} as Koffi };
  process.dlopen(module, file);
  return module.exports;
}
