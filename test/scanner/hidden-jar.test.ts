import {
  closeSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  rmSync,
  symlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { EVIDENCE_CAPS } from '@scanpin/evidence';
import { afterAll, describe, expect, it } from 'vitest';
import { collectFiles } from '../../packages/scanner/src/collect/files.js';
import { contextFor } from './fixtures/context.js';
import { buildJar, HARMLESS_ENTRIES, plant, plantedMachine, WURST_ENTRIES } from './fixtures/machine.js';

/**
 * The review's ways to make an unmodified scanner miss a cheat jar (docs/scan-client.md, "Bounds"):
 * a link into `mods`, decoys sorting before it past the files cap, padding entries before its classes
 * past the entries cap. The jar is read, its classes kept, and a cut the scanner must make is
 * reported to the server, which lowers the scan (test/http/scan-evidence-coverage.test.ts).
 */
describe('a cheat jar hidden from the files source', () => {
  const roots: string[] = [];
  const machine = () => {
    const m = plantedMachine('linux');
    roots.push(m.root);
    return m;
  };
  afterAll(() => {
    for (const r of roots) rmSync(r, { recursive: true, force: true });
  });

  it('a jar linked into mods is read as the game loads it, saying where it points', async () => {
    const m = machine();
    const target = plant(join(m.home, 'Downloads/wurst-7.41.jar'), buildJar(WURST_ENTRIES));
    mkdirSync(join(m.minecraft, 'mods'), { recursive: true });
    symlinkSync(target, join(m.minecraft, 'mods/optimizer.jar'));
    // A linked folder is not entered (it could lead anywhere, even back into itself), but counted: the
    // game may load what it holds, so the server must see that the list is not the whole folder.
    mkdirSync(join(m.home, 'elsewhere'), { recursive: true });
    plant(join(m.home, 'elsewhere/other.jar'), buildJar(HARMLESS_ENTRIES));
    symlinkSync(join(m.home, 'elsewhere'), join(m.minecraft, 'mods/linked-folder'));

    const { items, itemsTotal } = await collectFiles(contextFor({ env: m.env }));
    expect(items).toEqual([
      expect.objectContaining({
        path: '~/.minecraft/mods/optimizer.jar',
        linkTarget: '~/Downloads/wurst-7.41.jar',
        kind: 'jar',
        entries: WURST_ENTRIES,
      }),
    ]);
    expect(itemsTotal).toBe(2);
  });

  it('a jar too large to read is counted, so the server sees the gap', async () => {
    const m = machine();
    mkdirSync(join(m.minecraft, 'mods'), { recursive: true });
    // 257 MiB, sparse: a zip's first bytes, then nothing the disk stores.
    const big = join(m.minecraft, 'mods/padded.jar');
    const fd = openSync(big, 'w');
    writeSync(fd, Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    ftruncateSync(fd, 257 * 1024 * 1024);
    closeSync(fd);
    const { items, itemsTotal } = await collectFiles(contextFor({ env: m.env }));
    expect(items).toEqual([]);
    expect(itemsTotal).toBe(1);
  });

  it('5,000 decoys sorting before it: the list is capped, and says how many files there were', async () => {
    const m = machine();
    const decoy = buildJar(HARMLESS_ENTRIES);
    mkdirSync(join(m.minecraft, 'mods'), { recursive: true });
    for (let i = 0; i < EVIDENCE_CAPS.files; i++)
      writeFileSync(join(m.minecraft, 'mods', `a${String(i).padStart(4, '0')}.jar`), decoy);
    plant(join(m.minecraft, 'mods/zz-optimizer.jar'), buildJar(WURST_ENTRIES));
    // Not an archive: not counted.
    plant(join(m.minecraft, 'mods/zz-readme.txt'), 'just text');

    const { items, itemsTotal } = await collectFiles(contextFor({ env: m.env }));
    expect(items).toHaveLength(EVIDENCE_CAPS.files);
    expect(items.some((i) => i.path.endsWith('zz-optimizer.jar'))).toBe(false);
    expect(itemsTotal).toBe(EVIDENCE_CAPS.files + 1);
  }, 60_000);

  it('20,000 padding entries before its classes: class files come first', async () => {
    const m = machine();
    const padding = Array.from({ length: EVIDENCE_CAPS.entries }, (_, i) => `assets/pad/${i}.png`);
    plant(join(m.minecraft, 'mods/optimizer.jar'), buildJar([...padding, ...WURST_ENTRIES]));

    const [item] = (await collectFiles(contextFor({ env: m.env }))).items;
    expect(item?.entriesTotal).toBe(EVIDENCE_CAPS.entries + WURST_ENTRIES.length);
    expect(item?.entries).toHaveLength(EVIDENCE_CAPS.entries);
    expect(item?.entries.slice(0, 2)).toEqual([
      'net/wurstclient/WurstClient.class',
      'net/wurstclient/hacks/KillauraHack.class',
    ]);
  }, 60_000);
});
