import { copyFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectEvidence } from '../../../packages/scanner/src/collect/run.js';
import type { EvidenceSources } from '../../../packages/scanner/src/evidence/document.js';
import { displayPath } from '../../../packages/scanner/src/paths.js';
import { HiveFormatError, openHive } from '../../../packages/scanner/src/windows/registry/index.js';
import { type PlantedWindows, plantWindows } from './support/planted-windows.js';
import { WINDOWS_REAL, windowsRealFiles, windowsRealPresent } from './support/windows-real.js';

/**
 * A damaged SYSTEM hive costs the Prefetch section only its `enabled` answer (docs/scan-client.md,
 * "How they are collected"): the files are read all the same, and the section says why `enabled` is
 * unknown.
 */

async function collectPrefetch(planted: PlantedWindows): Promise<NonNullable<EvidenceSources['prefetch']>> {
  const sources = await collectEvidence(
    planted.machine,
    'FiveM',
    { sources: ['prefetch'] as never, hints: [] },
    (p) => displayPath(planted.home, p),
    () => {},
  );
  return sources.prefetch as NonNullable<EvidenceSources['prefetch']>;
}

function systemHiveOf(planted: PlantedWindows): string {
  return join(planted.drive, 'Windows', 'System32', 'config', 'SYSTEM');
}

/** The hive with its root key's subkey list offset moved two bytes into a cell: no cell starts there. */
function damageRootSubkeyList(hive: Uint8Array): Uint8Array {
  const damaged = hive.slice();
  const view = new DataView(damaged.buffer);
  const rootCell = view.getUint32(0x24, true);
  const nk = 4096 + rootCell + 4;
  expect(String.fromCharCode(damaged[nk] as number, damaged[nk + 1] as number)).toBe('nk');
  view.setUint32(nk + 0x1c, view.getUint32(nk + 0x1c, true) + 2, true);
  return damaged;
}

describe('the Prefetch section with a damaged SYSTEM hive', () => {
  let planted: PlantedWindows;
  beforeAll(() => {
    planted = plantWindows();
  }, 60_000);
  afterAll(() => rmSync(planted.root, { recursive: true, force: true }));

  it('a sound hive: Prefetch is on, no reason', async () => {
    const prefetch = await collectPrefetch(planted);
    expect(prefetch.status).toBe('collected');
    expect(prefetch.enabled).toBe(true);
    expect(prefetch.reason).toBeNull();
    expect(prefetch.items.map((i) => i.executable)).toEqual(['CHEAT.EXE', 'TOOL.EXE']);
  });

  it('our own damaged hive: the files are read, enabled is null, and the reason says why', async () => {
    const path = systemHiveOf(planted);
    const sound = new Uint8Array(readFileSync(path));
    const damaged = damageRootSubkeyList(sound);
    // The damage is one the reader sees only when it walks the keys.
    expect(() => openHive(damaged).key('Select')).toThrow(HiveFormatError);
    writeFileSync(path, damaged);
    try {
      const prefetch = await collectPrefetch(planted);
      expect(prefetch.status).toBe('collected');
      expect(prefetch.enabled).toBeNull();
      expect(prefetch.reason).toMatch(
        /^Whether Prefetch is on is unknown: the SYSTEM hive is damaged \(.+\)\.$/,
      );
      expect(prefetch.items.map((i) => i.executable)).toEqual(['CHEAT.EXE', 'TOOL.EXE']);
      expect(prefetch.items[0]?.lastRuns.length).toBeGreaterThan(0);
      expect(prefetch.unreadable).toBe(0);
    } finally {
      writeFileSync(path, sound);
    }
  });

  it('a missing hive: enabled is null, the reason says so, the files are read', async () => {
    const path = systemHiveOf(planted);
    const sound = readFileSync(path);
    rmSync(path);
    try {
      const prefetch = await collectPrefetch(planted);
      expect(prefetch.status).toBe('collected');
      expect(prefetch.enabled).toBeNull();
      expect(prefetch.reason).toBe('Whether Prefetch is on is unknown: There is no SYSTEM hive file.');
      expect(prefetch.items.length).toBe(2);
    } finally {
      writeFileSync(path, sound);
    }
  });

  const realPresent = windowsRealPresent('Prefetch with the real damaged SYSTEM hive (regipy)');
  it.skipIf(!realPresent)(
    "regipy's real damaged hive (read past its lost blocks), with real Prefetch files of every format beside the planted ones",
    async () => {
      const path = systemHiveOf(planted);
      const sound = readFileSync(path);
      const corrupted = gunzipSync(
        readFileSync(join(WINDOWS_REAL, 'registry', 'regipy', 'corrupted_system_hive.gz')),
      );
      const folder = join(planted.drive, 'Windows', 'Prefetch');
      // One file per name (the same program's file is kept compressed and decompressed), copied into
      // the planted tree in the temporary folder only, never into the repository.
      const realPf = new Map<string, string>();
      for (const [name, from] of windowsRealFiles('prefetch', '.pf')) {
        if (!name.includes('zero-filled') && !realPf.has(basename(from))) realPf.set(basename(from), from);
      }
      const copied = [...realPf].map(([name, from]) => {
        const to = join(folder, name);
        copyFileSync(from, to);
        return to;
      });
      writeFileSync(path, corrupted);
      try {
        const prefetch = await collectPrefetch(planted);
        expect(prefetch.status, prefetch.reason ?? '').toBe('collected');
        // The hive has 583 blocks lost between its bins; the bins after them are read, and with them
        // EnablePrefetcher (3) of ControlSet001 (registry/hive.ts).
        expect(prefetch.enabled).toBe(true);
        expect(prefetch.reason).toBeNull();
        expect(prefetch.filesTotal).toBe(realPf.size + 2);
        expect(prefetch.unreadable).toBe(0);
        expect(prefetch.items.length).toBe(realPf.size + 2);
        const versions = new Set(prefetch.items.map((i) => i.version));
        expect([...versions].sort()).toEqual([17, 23, 26, 30, 31]);
        const v31 = prefetch.items.filter((i) => i.version === 31).map((i) => i.executable);
        expect(v31.sort()).toEqual(['AM_DELTA_PATCH_1.443.990.0.EX', 'GLDRIVERQUERY.EXE', 'MPNOTIFY.EXE']);
      } finally {
        writeFileSync(path, sound);
        for (const file of copied) rmSync(file);
      }
    },
  );
});
