import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import pngjs from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textureAlpha } from '../../packages/scanner/src/minecraft/png-alpha.js';
import { resourcePacks } from '../../packages/scanner/src/minecraft/resource-packs.js';
import { type AcceptanceServer, scanPlantedHome, startAcceptanceServer } from './fixtures/acceptance.js';
import { plant, plantedMachine } from './fixtures/machine.js';

/**
 * X-ray resource packs (docs/scan-client.md, "Resource packs"; docs/detection.md, "X-ray resource
 * packs"): packs written by this test, with PNG textures made by pngjs's encoder and checked by an
 * independent reader (Debian's `file` for the header, and Python's zlib for the CRCs, the inflated
 * rows and the alpha count), are scanned by the scanner's own command against a real server, which
 * raises `xray-resource-pack` for the x-ray packs (zip and folder) and nothing for a normal pack whose
 * see-through blocks (glass, leaves, ice, the grass overlay) are transparent as in the game itself.
 */

const BLOCK = 'assets/minecraft/textures/block';

/** A 16×16 (or given) RGBA texture; `alpha(x, y)` gives each pixel's alpha. */
function texture(alpha: (x: number, y: number) => number, size = 16, colorType: 2 | 6 = 6): Buffer {
  const png = new pngjs.PNG({ width: size, height: size });
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const i = (y * size + x) * 4;
      png.data[i] = 120 + ((x * 7 + y * 3) % 40);
      png.data[i + 1] = 120 + ((x * 5) % 30);
      png.data[i + 2] = 120;
      png.data[i + 3] = alpha(x, y);
    }
  return pngjs.PNG.sync.write(png, { colorType });
}
const clear = () => texture(() => 0);
const opaque = () => texture(() => 255, 16, 2);
/** 95 % transparent: 13 opaque pixels of 256 (an outline an x-ray pack keeps). */
const mostlyClear = () => texture((x, y) => (y === 0 && x < 13 ? 255 : 0));
const half = () => texture((x) => (x < 8 ? 255 : 0));

const mcmeta = (description: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ pack: { pack_format: 15, description }, ...extra });
const json = (value: unknown) => JSON.stringify(value);

/** The PNG read by Python's zlib alone: CRCs checked, rows unfiltered, alpha below 128 counted. */
const PYTHON_PNG = `
import json, struct, sys, zlib
data = open(sys.argv[1], 'rb').read()
assert data[:8] == b'\\x89PNG\\r\\n\\x1a\\n'
at, idat, ihdr = 8, b'', None
while at < len(data):
    length, kind = struct.unpack('>I4s', data[at:at + 8])
    body = data[at + 8:at + 8 + length]
    assert zlib.crc32(kind + body) == struct.unpack('>I', data[at + 8 + length:at + 12 + length])[0]
    if kind == b'IHDR': ihdr = struct.unpack('>IIBBBBB', body)
    if kind == b'IDAT': idat += body
    at += 12 + length
w, h, depth, ctype = ihdr[:4]
bpp = {2: 3, 6: 4}[ctype]
raw, rows, prev = zlib.decompress(idat), [], bytearray(w * bpp)
for y in range(h):
    f, line = raw[y * (w * bpp + 1)], bytearray(raw[y * (w * bpp + 1) + 1:(y + 1) * (w * bpp + 1)])
    for i in range(len(line)):
        a = line[i - bpp] if i >= bpp else 0
        b = prev[i]
        c = prev[i - bpp] if i >= bpp else 0
        p = a + b - c
        pred = [0, a, b, (a + b) // 2, a if abs(p - a) <= abs(p - b) and abs(p - a) <= abs(p - c) else (b if abs(p - b) <= abs(p - c) else c)][f]
        line[i] = (line[i] + pred) & 255
    rows.append(line)
    prev = line
clear = sum(1 for r in rows for x in range(w) if ctype == 6 and r[x * 4 + 3] < 128)
print(json.dumps({'width': w, 'height': h, 'transparentPixels': clear}))
`;

describe('x-ray resource packs', () => {
  let server: AcceptanceServer;
  const roots: string[] = [];

  beforeAll(async () => {
    server = await startAcceptanceServer();
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    for (const r of roots) rmSync(r, { recursive: true, force: true });
  });

  it('the textures the test writes are PNGs an independent reader counts the same', () => {
    const m = plantedMachine('linux');
    roots.push(m.root);
    for (const [name, data] of Object.entries({ clear, opaque, mostlyClear, half })) {
      const bytes = data();
      const path = plant(join(m.root, `${name}.png`), bytes);
      expect(execFileSync('file', ['-b', path], { encoding: 'utf8' })).toMatch(
        /^PNG image data, 16 x 16, 8-bit/,
      );
      const independent = JSON.parse(execFileSync('python3', ['-c', PYTHON_PNG, path], { encoding: 'utf8' }));
      expect(textureAlpha(bytes), name).toEqual(independent);
    }
    expect(textureAlpha(mostlyClear())?.transparentPixels).toBe(256 - 13);
    // Not a PNG, and a header claiming more pixels than any texture: not read.
    expect(textureAlpha(new TextEncoder().encode('not a png at all, not at all'))).toBeNull();
    const huge = Buffer.from(clear());
    huge.writeUInt32BE(100_000, 16);
    expect(textureAlpha(huge)).toBeNull();
  });

  /** A game folder with the three packs; `options.txt` puts the zip x-ray pack in use. */
  function plantPacks(minecraft: string) {
    const packs = join(minecraft, 'resourcepacks');
    const xrayZip = zipSync({
      'pack.mcmeta': new TextEncoder().encode(mcmeta('§6X-Ray §fpack')),
      [`${BLOCK}/stone.png`]: clear(),
      [`${BLOCK}/deepslate.png`]: mostlyClear(),
      [`${BLOCK}/dirt.png`]: half(),
      [`${BLOCK}/diamond_ore.png`]: opaque(),
    });
    plant(join(packs, 'xray.zip'), xrayZip);
    // A folder pack that empties models: its own, through a block state, and through an overlay.
    const folder = join(packs, 'Cave Finder');
    plant(join(folder, 'pack.mcmeta'), mcmeta('caves', { overlays: { entries: [{ directory: 'ov_1' }] } }));
    plant(join(folder, 'assets/minecraft/models/block/stone.json'), json({ elements: [] }));
    plant(
      join(folder, 'assets/minecraft/blockstates/andesite.json'),
      json({ variants: { '': { model: 'cavefinder:block/nothing' } } }),
    );
    plant(
      join(folder, 'assets/cavefinder/models/block/nothing.json'),
      json({ elements: [{ from: [0, 0, 0], to: [16, 16, 16], faces: {} }] }),
    );
    plant(
      join(folder, 'ov_1/assets/minecraft/models/block/dirt.json'),
      json({ parent: 'cavefinder:block/nothing' }),
    );
    plant(join(folder, 'assets/minecraft/textures/blocks/gravel.png'), clear());
    // A normal pack: opaque stone, a normal stone model, and blocks see-through in the game itself.
    const normal = zipSync({
      'pack.mcmeta': new TextEncoder().encode(mcmeta('Clear glass and fancy leaves')),
      [`${BLOCK}/stone.png`]: opaque(),
      [`${BLOCK}/deepslate.png`]: opaque(),
      [`${BLOCK}/glass.png`]: clear(),
      [`${BLOCK}/oak_leaves.png`]: half(),
      [`${BLOCK}/ice.png`]: texture(() => 100),
      [`${BLOCK}/grass_block_side_overlay.png`]: mostlyClear(),
      'assets/minecraft/models/block/stone.json': new TextEncoder().encode(
        json({ parent: 'minecraft:block/cube_all', textures: { all: 'minecraft:block/stone' } }),
      ),
    });
    plant(join(packs, 'Clear Glass.zip'), normal);
    plant(
      join(minecraft, 'options.txt'),
      'version:3465\nresourcePacks:["vanilla","file/xray.zip"]\nlang:en_us\n',
    );
  }

  it('reads each pack’s facts: transparent pixels, empty models, in use or not', async () => {
    const m = plantedMachine('linux');
    roots.push(m.root);
    plantPacks(m.minecraft);
    const display = (p: string) => p.replace(m.home, '~');
    const { items, total } = await resourcePacks([m.minecraft], display);
    expect(total).toBe(3);
    const byName = new Map(items.map((p) => [p.path.slice(p.path.lastIndexOf('/') + 1), p]));
    const xray = byName.get('xray.zip');
    expect(xray).toMatchObject({ kind: 'zip', read: true, enabled: true, description: '§6X-Ray §fpack' });
    expect(xray?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(xray?.textures).toEqual([
      { path: `${BLOCK}/stone.png`, width: 16, height: 16, transparentPixels: 256 },
      { path: `${BLOCK}/deepslate.png`, width: 16, height: 16, transparentPixels: 243 },
      { path: `${BLOCK}/dirt.png`, width: 16, height: 16, transparentPixels: 128 },
    ]);
    const folder = byName.get('Cave Finder');
    expect(folder).toMatchObject({ kind: 'folder', sha256: null, enabled: false, unreadable: 0 });
    expect(folder?.textures).toEqual([
      { path: 'assets/minecraft/textures/blocks/gravel.png', width: 16, height: 16, transparentPixels: 256 },
    ]);
    expect(folder?.models).toEqual([
      {
        block: 'stone',
        path: 'assets/minecraft/models/block/stone.json',
        elements: 0,
        faces: 0,
        inherits: null,
      },
      {
        block: 'andesite',
        path: 'assets/cavefinder/models/block/nothing.json',
        elements: 1,
        faces: 0,
        inherits: null,
      },
      {
        block: 'dirt',
        path: 'assets/minecraft/models/block/dirt.json',
        elements: 1,
        faces: 0,
        inherits: null,
      },
    ]);
    const normal = byName.get('Clear Glass.zip');
    expect(normal?.models).toEqual([
      {
        block: 'stone',
        path: 'assets/minecraft/models/block/stone.json',
        elements: null,
        faces: null,
        inherits: 'minecraft:block/cube_all',
      },
    ]);
    expect(normal?.textures.map((t) => t.transparentPixels)).toEqual([0, 0]);
  });

  it('a scan raises the x-ray packs, zip and folder, and nothing for the normal pack', async () => {
    const { data } = await scanPlantedHome(server, roots, (minecraft) => plantPacks(minecraft));
    expect(data.suspicious).toEqual([
      'X-ray resource pack in ~/.minecraft/resourcepacks/Cave Finder (installed, not in use in options.txt): 4 blocks ores sit in made invisible: gravel.png 100% transparent, stone model stone.json draws nothing, andesite model nothing.json draws nothing, dirt model dirt.json draws nothing',
      'X-ray resource pack in ~/.minecraft/resourcepacks/xray.zip (in use in options.txt): 2 blocks ores sit in made invisible: stone.png 100% transparent, deepslate.png 94% transparent',
    ]);
    expect(JSON.stringify(data)).not.toMatch(/Clear Glass/);
  }, 60_000);
});
