import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import pngjs from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import { RESOURCE_PACK_LIMITS, resourcePacks } from '../../packages/scanner/src/minecraft/resource-packs.js';

/**
 * What reading resource packs costs a scan (docs/scan-client.md, "Resource packs"): a pack of any
 * size is read in place, its central directory and named entries only, never whole into memory; the
 * reading and the hashing each stop at the scan's budget, and a pack past the reading budget is
 * listed with `read: false`. The packs are sparse files of hundreds of MiB that take no disk space.
 */

const BLOCK = 'assets/minecraft/textures/block';
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A 16×16 texture with every pixel transparent (an x-ray pack's stone). */
function clearTexture(): Buffer {
  const png = new pngjs.PNG({ width: 16, height: 16 });
  png.data.fill(0);
  return pngjs.PNG.sync.write(png);
}

/**
 * An x-ray pack whose entries are followed by `hole` bytes no entry owns (a sparse hole) before its
 * central directory: a valid zip whose size is the hole's, the end record pointing past it.
 */
function paddedPack(path: string, hole: number): void {
  const zip = zipSync({
    'pack.mcmeta': new TextEncoder().encode(
      JSON.stringify({ pack: { pack_format: 15, description: 'big' } }),
    ),
    [`${BLOCK}/stone.png`]: clearTexture(),
    [`${BLOCK}/dirt.png`]: clearTexture(),
  });
  const buf = Buffer.from(zip);
  const end = buf.length - 22;
  expect(buf.readUInt32LE(end)).toBe(0x06054b50);
  const directory = buf.readUInt32LE(end + 16);
  buf.writeUInt32LE(directory + hole, end + 16);
  const fd = openSync(path, 'w');
  try {
    writeSync(fd, buf, 0, directory, 0);
    writeSync(fd, buf, directory, buf.length - directory, directory + hole);
  } finally {
    closeSync(fd);
  }
}

describe('resource packs within the scan’s budget', () => {
  const game = mkdtempSync(join(tmpdir(), 'scanpin-packs-'));
  dirs.push(game);
  const packs = join(game, 'resourcepacks');
  execFileSync('mkdir', ['-p', packs]);
  // 600 MiB, past the 512 MiB a pack read whole into memory was allowed, and a 1 MiB one after it.
  const huge = join(packs, 'a-huge.zip');
  paddedPack(huge, 600 * 1024 * 1024);
  paddedPack(join(packs, 'b-next.zip'), 1024 * 1024);

  it('the padded pack is a zip an independent reader lists', () => {
    expect(statSync(huge).size).toBeGreaterThan(600 * 1024 * 1024);
    const listing = execFileSync('zipinfo', ['-1', huge], { encoding: 'utf8' });
    expect(listing.trim().split('\n')).toEqual(['pack.mcmeta', `${BLOCK}/stone.png`, `${BLOCK}/dirt.png`]);
  });

  it('reads a huge pack’s named entries only, and lists a pack past the reading budget as not read', async () => {
    // 100 KB: a pack's last 64 KiB (where its end record is), its directory and a few small entries
    // fit once; reading the 600 MiB pack whole could not, nor a second pack's end after the first.
    const limits = { ...RESOURCE_PACK_LIMITS, readBytes: 100_000, hashBytes: 2 * 1024 * 1024 };
    const before = process.memoryUsage().rss;
    const { items, total } = await resourcePacks([game], (p) => p, limits);
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1024 * 1024);
    expect(total).toBe(2);
    const [first, second] = items;
    expect(first).toMatchObject({ path: huge, kind: 'zip', read: true, description: 'big', unreadable: 0 });
    expect(first?.textures.map((t) => [t.path, t.transparentPixels])).toEqual([
      [`${BLOCK}/stone.png`, 256],
      [`${BLOCK}/dirt.png`, 256],
    ]);
    // The hash is streamed within its own budget: 2 MiB, spent on the first pack.
    expect(first?.sha256).toBeNull();
    expect(second).toMatchObject({ kind: 'zip', read: false, sha256: null, textures: [], models: [] });
  });

  it('hashes a pack by streaming when the budget allows', async () => {
    const other = mkdtempSync(join(tmpdir(), 'scanpin-packs-'));
    dirs.push(other);
    execFileSync('mkdir', ['-p', join(other, 'resourcepacks')]);
    const pack = join(other, 'resourcepacks', 'x.zip');
    paddedPack(pack, 16 * 1024 * 1024);
    const { items } = await resourcePacks([other], (p) => p);
    const independent = execFileSync('sha256sum', [pack], { encoding: 'utf8' }).split(' ')[0];
    expect(items).toMatchObject([{ read: true, sha256: independent }]);
  });
});
