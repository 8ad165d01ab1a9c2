import { REPORT_MAX_ENTRIES } from './evidence-report.js';

/**
 * A report list with the server's own entries added, each once, within the report's bounds
 * (docs/scanner.md, "The report"): the server's entries are never the ones cut. The finish adds its
 * assurance reasons to `integrity` and its hardware warnings to `warnings` this way, and bulk seeding
 * does the same so its rows are the finish's.
 */
export function withServerEntries(reported: readonly string[], added: readonly string[]): string[] {
  const own = [...new Set(added)];
  const room = Math.max(0, REPORT_MAX_ENTRIES - own.length);
  return [...new Set([...reported.filter((e) => !own.includes(e)).slice(0, room), ...own])];
}
