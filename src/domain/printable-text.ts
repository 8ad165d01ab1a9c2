/**
 * Printable text: what a name people choose may hold when it is shown in a terminal, the dashboard or
 * the audit trail. Refused: C0 and C1 controls, DEL, lone surrogates, and the bidirectional and
 * line-separator controls. A terminal acts on controls (`scanpin rules list`, `scanpin audit`), and a
 * bidirectional override makes a name read as another (docs/rules.md, "The pack format";
 * docs/dashboard.md, "Members and invites").
 */
const UNPRINTABLE = /\p{Cc}|\p{Cs}|[\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

/** The first unprintable character of `text` as U+XXXX, or null when it is all printable. */
export function firstUnprintable(text: string): string | null {
  const found = UNPRINTABLE.exec(text)?.[0];
  return found === undefined
    ? null
    : `U+${(found.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}
