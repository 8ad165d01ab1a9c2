/** One UTC day in milliseconds: timestamps are epoch ms, so a day is an integer division. */
export const DAY_MS = 86_400_000;

/** Timestamps everywhere in the API: ISO 8601 UTC with milliseconds (docs/api.md). */
export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

export function isoOrNull(ms: number | null): string | null {
  return ms === null ? null : iso(ms);
}
