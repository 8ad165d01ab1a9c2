/*
 * Custom suspicious keywords (docs/api.md, "Reading a finished scan"): a PIN owner's words that flag
 * the report's artifacts containing them as customSuspicious. Both sides are compared in one folded
 * form (`foldForMatching`), so a file named in fullwidth letters or with a ligature cannot slip past
 * a keyword typed in plain ASCII.
 */

/** Characters that render as nothing (zero-width space and joiners, soft hyphen, variation selectors). */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;

/**
 * The form keywords and artifacts are compared in (docs/api.md, "Custom keywords"):
 * - Unicode compatibility decomposition (NFKD), so compatibility forms read as the letters they stand
 *   for: fullwidth `ｋｉｌｌａｕｒａ`, ligatures (`ﬁ`), circled and super- or subscript letters and
 *   digits, `ℌ`-style letterlike symbols;
 * - invisible characters removed, so a zero-width space inside a word does not split it;
 * - case folded as closely as JavaScript allows: lower, upper, then lower case again, which also
 *   folds `ß` and `ẞ` with `ss`, `ſ` with `s`, and final `ς` with `σ`;
 * - decomposed again, since changing case can compose or split a letter and its mark.
 * Decomposed rather than composed (NFKC) so that a combining accent put after a keyword's last
 * letter (`killaura` + U+0301) leaves the keyword's letters in the text, as they were before folding.
 * Letters of other scripts that merely look alike (Cyrillic `а` for Latin `a`) stay different.
 */
export function foldForMatching(text: string): string {
  return text
    .normalize('NFKD')
    .replace(INVISIBLE, '')
    .toLowerCase()
    .toUpperCase()
    .toLowerCase()
    .replace(/ς/g, 'σ')
    .normalize('NFKD');
}

/**
 * Keywords as stored: trimmed and lower case, as typed otherwise. Keywords that match the same text
 * (differing only in case, width or the other forms `foldForMatching` folds) are one keyword, the
 * first one given kept; blank ones, and ones that are only invisible characters, are dropped.
 */
export function normaliseKeywords(keywords: readonly string[]): string[] {
  const kept = new Map<string, string>();
  for (const keyword of keywords) {
    const stored = keyword.trim().toLowerCase();
    const folded = foldForMatching(stored).trim();
    if (folded.length > 0 && !kept.has(folded)) kept.set(folded, stored);
  }
  return [...kept.values()];
}

/** The artifacts that contain any of the owner's keywords, both compared folded. */
export function matchCustomKeywords(artifacts: readonly string[], keywords: readonly string[]): string[] {
  const needles = [...new Set(keywords.map((k) => foldForMatching(k).trim()))].filter((k) => k.length > 0);
  if (needles.length === 0) return [];
  return artifacts.filter((artifact) => {
    const hay = foldForMatching(artifact);
    return needles.some((needle) => hay.includes(needle));
  });
}
