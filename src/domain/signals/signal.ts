import type { EvidenceRef, Proof } from '../rules.js';
import { parseTimestamp } from '../timestamp-input.js';

/**
 * One fact the Windows sources give (docs/scan-client.md, "Cross-checks and anti-forensics"), before
 * a `signal` rule decides whether it is a finding. `Code` is the codes of the source that raises it,
 * so each source's file depends on this one only, not on the list of every code (windows-signals.ts).
 */
export interface Signal<Code extends string = string> {
  code: Code;
  proves: Proof;
  /** Where, as a finding shows it after the rule's name ("in …"). */
  where: string;
  ref: EvidenceRef;
}

/** A document's time in milliseconds; NaN when absent or not a time, so every comparison is false. */
export const ms = (value: string | null | undefined): number =>
  value === null || value === undefined ? Number.NaN : (parseTimestamp(value) ?? Number.NaN);

/** `2024-03-10 18:45:12 UTC`: the second is enough for a person comparing times. */
export function shownTime(value: string): string {
  const t = ms(value);
  return Number.isFinite(t) ? `${new Date(t).toISOString().slice(0, 19).replace('T', ' ')} UTC` : value;
}
