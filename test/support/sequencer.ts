import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order test files start in. Two workers share the files, and the run ends when the last file
 * does: a file of a minute that starts last makes the run a minute longer while the other worker
 * idles. Vitest starts the files that took longest in the last run first, but a fresh clone (CI) has no
 * last run, and a partial run (one file, `-t`) leaves its own short durations in the cache; then the
 * biggest files go first, and the slowest ones are not the biggest. So these start first whatever the
 * cache says: their tests wait on real time (webhook retries, crash and restart cycles, expiries),
 * child processes or a browser, seconds to a minute per file (measured 2026-11-26).
 */
const SLOW = [
  'test/process/',
  'test/browser/',
  'test/fuzz/',
  'test/faults/',
  'test/scanner/wine.test.ts',
  'test/scanner/sea.test.ts',
  'test/scanner/game-wait.test.ts',
  'test/security/verdict-attacks.test.ts',
  'test/http/webhooks.test.ts',
  'test/http/scan-lifecycle.test.ts',
  'test/http/webhooks-instances.test.ts',
  'test/client/wait-for-result.test.ts',
  'test/cli/customer.test.ts',
  'test/storage/seed-finished-scans.test.ts',
];

function isSlow(spec: TestSpecification): boolean {
  const path = spec.moduleId.slice(spec.project.config.root.length + 1);
  return SLOW.some((prefix) => path.startsWith(prefix));
}

export default class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // A stable sort: within each group, vitest's own order (longest last time, else biggest) stands.
    return sorted.sort((a, b) => Number(isSlow(b)) - Number(isSlow(a)));
  }
}
