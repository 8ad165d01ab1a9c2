/**
 * FILETIME (100-nanosecond intervals since 1601-01-01 UTC, [MS-DTYP] 2.3.3) to ISO 8601 UTC with
 * milliseconds. The sub-millisecond ticks are dropped: every source that uses this (registry key times,
 * BAM, Recycle Bin) is compared with others at millisecond precision at best; `filetimeToIsoTicks`
 * keeps them.
 */

const MS_FROM_1601_TO_1970 = 11_644_473_600_000n;
const TICKS_PER_MS = 10_000n;
/** 10000-01-01T00:00:00Z: later times need ISO 8601's expanded years and are never real ones. */
const YEAR_10000_MS = 253_402_300_800_000;

/** `null` for 0 (never set) and for times past the year 9999 (damage, not a time). */
export function filetimeToIso(filetime: bigint): string | null {
  if (filetime <= 0n) return null;
  const ms = Number(filetime / TICKS_PER_MS - MS_FROM_1601_TO_1970);
  if (ms >= YEAR_10000_MS) return null;
  return new Date(ms).toISOString();
}

/**
 * The same with the 100-nanosecond ticks kept (7 fraction digits), as Windows' own XML rendering of
 * an event writes a FILETIME (the event logs, docs/scan-client.md, "Event logs"). `null` likewise.
 */
export function filetimeToIsoTicks(filetime: bigint): string | null {
  const iso = filetimeToIso(filetime);
  if (iso === null) return null;
  const ticks = (filetime % 10_000_000n).toString().padStart(7, '0');
  return `${iso.slice(0, 19)}.${ticks}Z`;
}

export function readFiletime(bytes: Uint8Array, at: number): bigint {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getBigUint64(at, true);
}
