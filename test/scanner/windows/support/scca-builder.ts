/**
 * Builds uncompressed Prefetch (SCCA) files field by field, per libyal's "Windows Prefetch File (PF)
 * format": file header, file information, file metrics array, trace chains array, filename strings,
 * then the volumes information (entries, device paths, file references, directory strings).
 */

export type SccaVersion = 17 | 23 | 26 | 30;

export interface VolumeSpec {
  devicePath: string;
  serial: number;
  /** FILETIME ticks (100 ns since 1601); 0n for "not set". */
  createdAt: bigint;
  directories: string[];
}

export interface SccaSpec {
  version: SccaVersion;
  /** Version 30 only: variant 1 (metrics at 0x130) or variant 2 (metrics at 0x128, later builds). */
  variant?: 1 | 2;
  executable: string;
  hash: number;
  runCount: number;
  /** FILETIME ticks, most recent first: 1 slot before version 26, 8 from it (missing slots are 0). */
  lastRuns: bigint[];
  files: string[];
  volumes: VolumeSpec[];
}

const HEADER_SIZE = 84;

function fileInformationSize(spec: SccaSpec): number {
  if (spec.version === 17) return 68;
  if (spec.version === 23) return 156;
  if (spec.version === 30 && spec.variant === 2) return 212;
  return 220;
}

const lastRunSlots = (v: SccaVersion) => (v >= 26 ? 8 : 1);
const lastRunOffset = (v: SccaVersion) => (v === 17 ? 36 : 44);
function runCountOffset(spec: SccaSpec): number {
  if (spec.version === 17) return 60;
  if (spec.version === 23) return 68;
  return spec.version === 30 && spec.variant === 2 ? 116 : 124;
}
const metricsEntrySize = (v: SccaVersion) => (v === 17 ? 20 : 32);
const traceEntrySize = (v: SccaVersion) => (v === 30 ? 8 : 12);
function volumeEntrySize(v: SccaVersion): number {
  if (v === 17) return 40;
  return v === 30 ? 96 : 104;
}

const align8 = (n: number) => (n + 7) & ~7;

function utf16z(text: string): Uint8Array {
  const bytes = new Uint8Array((text.length + 1) * 2);
  for (let i = 0; i < text.length; i++) {
    bytes[2 * i] = text.charCodeAt(i) & 0xff;
    bytes[2 * i + 1] = text.charCodeAt(i) >> 8;
  }
  return bytes;
}

export function buildScca(spec: SccaSpec): Uint8Array {
  const v = spec.version;
  const metricsOffset = HEADER_SIZE + fileInformationSize(spec);
  const traceOffset = metricsOffset + spec.files.length * metricsEntrySize(v);
  const namesOffset = traceOffset + spec.files.length * traceEntrySize(v);
  const names = spec.files.map(utf16z);
  const namesSize = names.reduce((n, s) => n + s.length, 0);
  const volumesOffset = align8(namesOffset + namesSize);

  // The volumes information: all entries first, then each volume's path, references, directories.
  const entries = spec.volumes.length * volumeEntrySize(v);
  const volumeParts: { path: number; refs: number; refsSize: number; dirs: number; bytes: Uint8Array }[] = [];
  let cursor = entries;
  for (const volume of spec.volumes) {
    const path = utf16z(volume.devicePath);
    const refCount = 2;
    const refs = new Uint8Array(8 + 8 * refCount);
    const rv = new DataView(refs.buffer);
    rv.setUint32(0, v === 17 ? 1 : 3, true);
    rv.setUint32(4, refCount, true);
    rv.setBigUint64(8, 0x0001_0000_0000_0005n, true);
    rv.setBigUint64(16, 0x0002_0000_0000_1234n, true);
    const dirs = volume.directories.map((d) => {
      const s = utf16z(d);
      const entry = new Uint8Array(2 + s.length);
      new DataView(entry.buffer).setUint16(0, d.length, true);
      entry.set(s, 2);
      return entry;
    });
    const pathAt = cursor;
    const refsAt = align8(pathAt + path.length);
    const dirsAt = refsAt + refs.length;
    const dirsSize = dirs.reduce((n, d) => n + d.length, 0);
    const bytes = new Uint8Array(dirsAt + dirsSize - pathAt);
    bytes.set(path, 0);
    bytes.set(refs, refsAt - pathAt);
    let at = dirsAt - pathAt;
    for (const d of dirs) {
      bytes.set(d, at);
      at += d.length;
    }
    volumeParts.push({ path: pathAt, refs: refsAt, refsSize: refs.length, dirs: dirsAt, bytes });
    cursor = align8(pathAt + bytes.length);
  }
  const volumesSize = cursor;
  const total = volumesOffset + volumesSize;

  const file = new Uint8Array(total);
  const view = new DataView(file.buffer);
  const u32 = (at: number, value: number) => view.setUint32(at, value, true);

  // File header.
  u32(0, v);
  file.set([0x53, 0x43, 0x43, 0x41], 4);
  u32(8, v === 17 ? 0x0f : 0x11);
  u32(12, total);
  file.set(utf16z(spec.executable.slice(0, 29)), 16);
  u32(76, spec.hash);

  // File information.
  const info = HEADER_SIZE;
  u32(info, metricsOffset);
  u32(info + 4, spec.files.length);
  u32(info + 8, traceOffset);
  u32(info + 12, spec.files.length);
  u32(info + 16, namesOffset);
  u32(info + 20, namesSize);
  u32(info + 24, volumesOffset);
  u32(info + 28, spec.volumes.length);
  u32(info + 32, volumesSize);
  for (let i = 0; i < lastRunSlots(v); i++) {
    view.setBigUint64(info + lastRunOffset(v) + 8 * i, spec.lastRuns[i] ?? 0n, true);
  }
  u32(info + runCountOffset(spec), spec.runCount);

  // File metrics, trace chains (one single-entry chain per file), filename strings.
  let nameAt = 0;
  spec.files.forEach((name, i) => {
    const m = metricsOffset + i * metricsEntrySize(v);
    u32(m, i);
    u32(m + 4, 1);
    const field = v === 17 ? m + 8 : m + 12;
    u32(field, nameAt);
    u32(field + 4, name.length);
    u32(field + 8, 0x200);
    const t = traceOffset + i * traceEntrySize(v);
    if (v === 30) {
      u32(t, 1);
    } else {
      u32(t, 0xffffffff);
      u32(t + 4, 1);
    }
    file.set(names[i] as Uint8Array, namesOffset + nameAt);
    nameAt += (names[i] as Uint8Array).length;
  });

  // Volumes information.
  spec.volumes.forEach((volume, i) => {
    const part = volumeParts[i] as (typeof volumeParts)[number];
    const e = volumesOffset + i * volumeEntrySize(v);
    u32(e, part.path);
    u32(e + 4, volume.devicePath.length);
    view.setBigUint64(e + 8, volume.createdAt, true);
    u32(e + 16, volume.serial);
    u32(e + 20, part.refs);
    u32(e + 24, part.refsSize);
    u32(e + 28, part.dirs);
    u32(e + 32, volume.directories.length);
    file.set(part.bytes, volumesOffset + part.path);
  });
  return file;
}

/** FILETIME ticks of an ISO time, plus `extraTicks` (100 ns units below the millisecond). */
export function filetime(iso: string, extraTicks = 0): bigint {
  return (BigInt(Date.parse(iso)) + 11_644_473_600_000n) * 10_000n + BigInt(extraTicks);
}
