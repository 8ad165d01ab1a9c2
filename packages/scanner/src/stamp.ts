/**
 * The stamp: the server address and PIN a downloaded scanner carries, written into a prebuilt
 * executable when a player downloads it from `/scan/<PIN>` (docs/scanner.md, "Stamped downloads").
 *
 * `npm run build:scanner` embeds a region of fixed size as the single-executable asset `stamp.bin`:
 * a marker found nowhere else in the file, a 4-byte big-endian length, then that many bytes of JSON
 * (`{"serverUrl":…,"pin":…}`) and zero padding. A build holds an empty stamp (length 0). The server
 * overwrites the region in the bytes it sends, so nothing is rebuilt and every download of a build is
 * the same file but for this region.
 */

/**
 * Built from parts at run time, so the bundled scanner, which holds this file's code, never holds the
 * marker's bytes itself: the marker is then found exactly once in an executable, in its asset.
 */
export const STAMP_MARKER: Uint8Array = new TextEncoder().encode(
  ['SCANPIN', 'STAMP', 'REGION', 'v1', '5c81e0d2a7'].join(':'),
);
/** Room for the JSON: a long https address and a PIN fit many times over. */
export const STAMP_PAYLOAD_BYTES = 1024;
const LENGTH_BYTES = 4;
export const STAMP_REGION_BYTES = STAMP_MARKER.length + LENGTH_BYTES + STAMP_PAYLOAD_BYTES;
/** The asset's name in the single-executable blob. */
export const STAMP_ASSET = 'stamp.bin';

export interface Stamp {
  serverUrl: string;
  pin: string;
}

export class StampTooLong extends Error {}

function region(json: Uint8Array): Uint8Array {
  if (json.length > STAMP_PAYLOAD_BYTES)
    throw new StampTooLong(`The stamp is ${json.length} bytes; the region holds ${STAMP_PAYLOAD_BYTES}.`);
  const out = new Uint8Array(STAMP_REGION_BYTES);
  out.set(STAMP_MARKER, 0);
  new DataView(out.buffer).setUint32(STAMP_MARKER.length, json.length, false);
  out.set(json, STAMP_MARKER.length + LENGTH_BYTES);
  return out;
}

/** The region a build carries: the marker and no stamp. */
export function emptyStampRegion(): Uint8Array {
  return region(new Uint8Array(0));
}

/** The region carrying a server address and a PIN; StampTooLong when they do not fit. */
export function stampRegion(stamp: Stamp): Uint8Array {
  return region(new TextEncoder().encode(JSON.stringify({ serverUrl: stamp.serverUrl, pin: stamp.pin })));
}

/** The stamp a region holds; null for an empty region or anything that is not a whole stamp. */
export function readStampRegion(bytes: Uint8Array): Stamp | null {
  if (bytes.length !== STAMP_REGION_BYTES) return null;
  for (let i = 0; i < STAMP_MARKER.length; i++) if (bytes[i] !== STAMP_MARKER[i]) return null;
  const length = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(
    STAMP_MARKER.length,
    false,
  );
  if (length === 0 || length > STAMP_PAYLOAD_BYTES) return null;
  const start = STAMP_MARKER.length + LENGTH_BYTES;
  try {
    const value = JSON.parse(
      new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(start, start + length)),
    );
    if (typeof value?.serverUrl !== 'string' || typeof value?.pin !== 'string') return null;
    if (!/^[A-Za-z0-9]{8}$/.test(value.pin)) return null;
    return { serverUrl: value.serverUrl, pin: value.pin };
  } catch {
    return null;
  }
}

/**
 * The first whole stamp among the regions in some bytes, or null. For a signed Windows build the
 * server puts the region in a certificate of the signature's certificate table, outside what the
 * signature covers (docs/scanner.md, "Stamped downloads"); the scanner reads only that table, a few
 * KiB, and looks for the marker there. An empty or damaged region is passed over.
 */
export function findStamp(bytes: Uint8Array): Stamp | null {
  const first = STAMP_MARKER[0];
  for (let at = bytes.indexOf(first as number); at !== -1; at = bytes.indexOf(first as number, at + 1)) {
    if (at + STAMP_REGION_BYTES > bytes.length) return null;
    const stamp = readStampRegion(bytes.subarray(at, at + STAMP_REGION_BYTES));
    if (stamp !== null) return stamp;
  }
  return null;
}
