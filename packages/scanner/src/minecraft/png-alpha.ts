import { inflateSync } from 'node:zlib';
import pngjs from 'pngjs';

/**
 * How transparent a PNG texture is (docs/scan-client.md, "Resource packs"): its size and how many of
 * its pixels have an alpha below 128, what a cut-out render drops. pngjs decodes every PNG a game
 * reads (palette with `tRNS`, grey, 16-bit, interlaced) to 8-bit RGBA. A hostile file is bounded
 * before it is decoded: its header's size, and for an interlaced image (whose inflation pngjs does not
 * bound) its inflated size.
 */
export interface TextureAlpha {
  width: number;
  height: number;
  transparentPixels: number;
}

/** A 512×512 texture of 64 animation frames: far past any real block texture. */
export const MAX_TEXTURE_PIXELS = 512 * 512 * 64;
/** Alpha below this is transparent: half, the threshold of Minecraft's cut-out render layers. */
export const TRANSPARENT_ALPHA = 128;

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Bytes per pixel of each colour type at 8 bits a sample (PNG specification, 11.2.2 IHDR). */
const SAMPLES: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

interface Header {
  width: number;
  height: number;
  depth: number;
  colourType: number;
  interlaced: boolean;
}

function headerOf(data: Uint8Array): Header | null {
  if (data.byteLength < 33 || SIGNATURE.some((b, i) => data[i] !== b)) return null;
  const v = new DataView(data.buffer, data.byteOffset, data.byteLength);
  if (v.getUint32(12) !== 0x49484452) return null; // 'IHDR' first, as the specification requires
  return {
    width: v.getUint32(16),
    height: v.getUint32(20),
    depth: v.getUint8(24),
    colourType: v.getUint8(25),
    interlaced: v.getUint8(28) === 1,
  };
}

/** The image data of every IDAT chunk, joined: what an interlaced image inflates from. */
function imageData(data: Uint8Array): Buffer {
  const v = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const parts: Uint8Array[] = [];
  for (let at = 8; at + 12 <= data.byteLength; ) {
    const length = v.getUint32(at);
    const type = v.getUint32(at + 4);
    if (type === 0x49444154) parts.push(data.subarray(at + 8, Math.min(at + 8 + length, data.byteLength)));
    if (type === 0x49454e44) break; // IEND
    at += 12 + length;
  }
  return Buffer.concat(parts);
}

/** The texture's size and transparent pixels, or null when it is no PNG, damaged, or past the bounds. */
export function textureAlpha(data: Uint8Array): TextureAlpha | null {
  const header = headerOf(data);
  if (header === null) return null;
  const { width, height, depth, colourType } = header;
  const samples = SAMPLES[colourType];
  if (width === 0 || height === 0 || samples === undefined || width * height > MAX_TEXTURE_PIXELS)
    return null;
  try {
    if (header.interlaced) {
      // Seven passes, each row with its filter byte: at most the plain image plus a byte per row and pass.
      const plain = Math.ceil((width * samples * depth) / 8) * height + 7 * height + 64;
      inflateSync(imageData(data), { maxOutputLength: plain });
    }
    const png = pngjs.PNG.sync.read(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
    const rgba = png.data;
    let transparentPixels = 0;
    for (let i = 3; i < rgba.length; i += 4) if ((rgba[i] as number) < TRANSPARENT_ALPHA) transparentPixels++;
    return { width: png.width, height: png.height, transparentPixels };
  } catch {
    return null;
  }
}
