/** 100-nanosecond intervals between 1601-01-01 (the FILETIME epoch) and 1970-01-01, in milliseconds. */
const FILETIME_EPOCH_OFFSET_MS = 11_644_473_600_000n;

/**
 * A FILETIME (100-nanosecond intervals since 1601-01-01 UTC, Microsoft's "FILETIME structure"
 * documentation) as an ISO 8601 UTC string with milliseconds, truncated, not rounded. Null for 0, which
 * Prefetch files use for "not set".
 */
export function filetimeToIso(view: DataView, offset: number): string | null {
  const ticks = view.getBigUint64(offset, true);
  if (ticks === 0n) return null;
  const ms = ticks / 10_000n - FILETIME_EPOCH_OFFSET_MS;
  return new Date(Number(ms)).toISOString();
}
