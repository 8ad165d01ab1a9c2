import { win32 } from '../win32.js';

const LETTERS = 'CDEFGHIJKLMNOPQRSTUVWXYZ';
const MAX_TARGET = 1024;

/**
 * The NT device name behind each drive letter (`\Device\HarddiskVolume3` → `C:`), through
 * `QueryDosDeviceW`, so BAM's device paths and Prefetch's volume paths meet the DOS paths of the
 * other sources on the right drive. A letter with no device, or a network or substituted drive whose
 * target is not a `\Device\` name, is left out.
 */
export async function liveVolumes(): Promise<Record<string, string>> {
  const w = await win32();
  const out: Record<string, string> = {};
  const target = Buffer.alloc(MAX_TARGET * 2);
  for (const letter of LETTERS) {
    const length = w.QueryDosDeviceW(`${letter}:`, target, MAX_TARGET);
    if (length === 0) continue;
    // The answer is a list of NUL-terminated names; the first is the current mapping.
    const first = target.toString('utf16le', 0, length * 2).split('\0')[0] ?? '';
    if (/^\\Device\\/i.test(first)) out[first] = `${letter}:`;
  }
  return out;
}
