/** Timestamps everywhere in the API: ISO 8601 UTC with milliseconds (docs/api.md). */
export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

export function isoOrNull(ms: number | null): string | null {
  return ms === null ? null : iso(ms);
}
