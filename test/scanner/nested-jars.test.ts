import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { collectFiles } from '../../packages/scanner/src/collect/files.js';
import { centralDirectory, readEntry } from '../../packages/scanner/src/zip/central-directory.js';
import { NESTED_LIMITS, nestedArchives } from '../../packages/scanner/src/zip/nested.js';
import { contextFor } from './fixtures/context.js';
import { buildJar, plant, plantedMachine, WURST_ENTRIES } from './fixtures/machine.js';

/**
 * The reader of jars inside jars (packages/scanner/src/zip): the central directory as Debian's
 * `unzip` reads it, including ZIP64 records written by Debian's `zip`, and the bounds that keep a
 * hostile archive (a zip bomb, jars nested without end) from costing the player's machine more than
 * they allow (docs/scan-client.md, "Where the files are read").
 */
const dir = mkdtempSync(join(tmpdir(), 'scanpin-nested-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// In a UTF-8 locale, unzip shows a UTF-8 name as it is (in the C locale it mangles it).
const unzipNames = (path: string) =>
  execFileSync('unzip', ['-Z1', path], { encoding: 'utf8', env: { ...process.env, LC_ALL: 'C.UTF-8' } })
    .split('\n')
    .filter(Boolean);

/** A jar whose only entry is `name`, holding `data`. */
const holding = (name: string, data: Uint8Array, level: 0 | 6 = 0) => zipSync({ [name]: data }, { level });

describe('the central directory', () => {
  it('names the entries Debian’s unzip names, in its order, for a jar fflate wrote', () => {
    const path = join(dir, 'fflate.jar');
    writeFileSync(path, buildJar([...WURST_ENTRIES, 'assets/pack/icon.png']));
    expect(centralDirectory(readFileSync(path))?.map((e) => e.name)).toEqual(unzipNames(path));
  });

  it('reads the ZIP64 records and UTF-8 names Debian’s zip writes (-fz), and the entry’s bytes', () => {
    const src = join(dir, 'src');
    plant(join(src, 'net/wurstclient/WurstClient.class'), 'class bytes');
    plant(join(src, 'assets/é/ü.png'), 'png');
    plant(join(src, 'fabric.mod.json'), '{}');
    const path = join(dir, 'zip64.jar');
    execFileSync('zip', ['-q', '-r', '-fz', path, '.'], {
      cwd: src,
      env: { ...process.env, LC_ALL: 'C.UTF-8' },
    });
    const data = readFileSync(path);
    const entries = centralDirectory(data);
    expect(entries?.map((e) => e.name)).toEqual(unzipNames(path));
    const wurst = entries?.find((e) => e.name === 'net/wurstclient/WurstClient.class');
    expect(wurst && new TextDecoder().decode(readEntry(data, wurst, 1024) ?? undefined)).toBe('class bytes');
  });
});

describe('the bounds', () => {
  it('stops inflating at the bound, whatever size the directory declares', () => {
    const bomb = holding('bomb.jar', new Uint8Array(4 * 1024 * 1024), 6);
    const [entry] = centralDirectory(bomb) ?? [];
    if (entry === undefined) throw new Error('no entry');
    expect(entry.compressedSize).toBeLessThan(64 * 1024);
    expect(readEntry(bomb, entry, 1024 * 1024)).toBeNull();
    // The declared size is not believed: told it is tiny, the read still stops at the bound.
    expect(readEntry(bomb, { ...entry, size: 10 }, 1024 * 1024)).toBeNull();
    expect(readEntry(bomb, entry, 8 * 1024 * 1024)?.byteLength).toBe(4 * 1024 * 1024);
  });

  it('reads three levels of nesting and counts a fourth unread', () => {
    let jar: Uint8Array = buildJar(WURST_ENTRIES);
    for (let level = 4; level >= 1; level--) jar = holding(`META-INF/jars/level${level}.jar`, jar);
    const found = [...nestedArchives(jar)];
    expect(found.map((n) => [n.path, n.data !== null])).toEqual([
      ['META-INF/jars/level1.jar', true],
      ['META-INF/jars/level1.jar!/META-INF/jars/level2.jar', true],
      ['META-INF/jars/level1.jar!/META-INF/jars/level2.jar!/META-INF/jars/level3.jar', true],
      [
        'META-INF/jars/level1.jar!/META-INF/jars/level2.jar!/META-INF/jars/level3.jar!/META-INF/jars/level4.jar',
        false,
      ],
    ]);
  });

  it('reads at most the allowed number of nested jars of one file, counting the rest', () => {
    const files: Record<string, Uint8Array> = {};
    for (let i = 0; i < NESTED_LIMITS.archives + 2; i++)
      files[`META-INF/jars/lib${i}.jar`] = buildJar([`a/L${i}.class`]);
    const found = [...nestedArchives(zipSync(files, { level: 0 }))];
    expect(found).toHaveLength(NESTED_LIMITS.archives + 2);
    expect(found.filter((n) => n.data === null)).toHaveLength(2);
  });

  it('a mod bundling a zip bomb is listed; the bomb is counted as unread, never inflated', async () => {
    const m = plantedMachine('linux');
    try {
      // An entry named like a bundled jar that inflates past the whole budget from ~130 KiB, deflated
      // by Debian's zip from a sparse file (fast, and a writer other than ours).
      const src = join(m.root, 'bomb-src');
      plant(join(src, 'fabric.mod.json'), '{}');
      plant(join(src, 'META-INF/jars/bomb.jar'), '');
      truncateSync(join(src, 'META-INF/jars/bomb.jar'), NESTED_LIMITS.bytes + 1024 * 1024);
      mkdirSync(join(m.minecraft, 'mods'), { recursive: true });
      execFileSync('zip', ['-q', '-r', join(m.minecraft, 'mods/innocent.jar'), '.'], { cwd: src });
      const { items, itemsTotal } = await collectFiles(contextFor({ env: m.env }));
      expect(items.map((i) => i.path)).toEqual(['~/.minecraft/mods/innocent.jar']);
      expect(itemsTotal).toBe(2);
    } finally {
      rmSync(m.root, { recursive: true, force: true });
    }
  }, 30_000);
});
