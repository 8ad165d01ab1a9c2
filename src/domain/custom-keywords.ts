/*
 * Custom suspicious keywords (docs/api.md, "Reading a finished scan"): a PIN owner's words that flag
 * the report's artifacts containing them, case-insensitively, as customSuspicious.
 */

/** Matching is case-insensitive, so keywords differing only in case (or blank ones) are one keyword. */
export function normaliseKeywords(keywords: readonly string[]): string[] {
  return [...new Set(keywords.map((k) => k.trim().toLowerCase()).filter((k) => k.length > 0))];
}

/** The artifacts that contain, case-insensitively, any of the owner's keywords. */
export function matchCustomKeywords(artifacts: readonly string[], keywords: readonly string[]): string[] {
  const needles = keywords.map((k) => k.toLowerCase()).filter((k) => k.length > 0);
  if (needles.length === 0) return [];
  return artifacts.filter((artifact) => {
    const hay = artifact.toLowerCase();
    return needles.some((needle) => hay.includes(needle));
  });
}
