/**
 * A rule's dry run over stored evidence as a background job (docs/scan-client.md, "Testing a rule"):
 * its states, how long it may stay silent, and how long it is kept. Pure: the job itself is
 * application/rules/test-rule.ts.
 */

/**
 * `running` until it ends: `finished` (every stored document examined), `timed-out` (the time limit
 * passed; the matches so far are kept), `failed` (with a reason), `abandoned` (the instance running it
 * stopped: a restart or crash ends a test; the matches so far are kept).
 */
export const RULE_TEST_STATUSES = ['running', 'finished', 'timed-out', 'failed', 'abandoned'] as const;
export type RuleTestStatus = (typeof RULE_TEST_STATUSES)[number];

/** A running test writes its progress at least this often, even while one document takes long. */
export const RULE_TEST_HEARTBEAT_MS = 10_000;
/** Progress is written at most this often (and at the end). */
export const RULE_TEST_PROGRESS_EVERY_MS = 1_000;
/** A `running` test not written for this long is read as `abandoned`: no instance runs it any more. */
export const RULE_TEST_ABANDONED_AFTER_MS = 60_000;
/** Tests and their matches are removed by the daily retention run this many days after they ended. */
export const RULE_TEST_KEEP_DAYS = 7;
/** The most matches one page of a test lists. */
export const RULE_TEST_PAGE_LIMIT = 100;

export interface RuleTest {
  id: number;
  ruleId: number;
  status: RuleTestStatus;
  /** Stored evidence documents looked at so far. */
  examined: number;
  /** Stored evidence documents when the test started: the ones it will look at. */
  total: number;
  /** Documents the rule matches. */
  matched: number;
  /** Documents the evidence intake was too busy to judge twice in a row: not judged, not matched. */
  skipped: number;
  timeLimitSeconds: number;
  startedAt: number;
  /** The last progress write. */
  updatedAt: number;
  finishedAt: number | null;
  /** Why it ended other than `finished`, for people. */
  reason: string | null;
}

/** One matching scan: its findings' texts and how many more places the bounds left out. */
export interface RuleTestMatch {
  /** The document's place in the test's order (oldest first): the page cursor. */
  seq: number;
  pin: string;
  gameType: string;
  receivedAt: number;
  findings: string[];
  omitted: number;
}

export const ABANDONED_REASON =
  'The instance running this test stopped updating it (a server restart or crash ends a running test); the matches listed are those found before. Start the test again.';

/** The test as it stands at `now`: a `running` one nobody has written for a minute is abandoned. */
export function ruleTestAt(test: RuleTest, now: number): RuleTest {
  if (test.status !== 'running' || now - test.updatedAt < RULE_TEST_ABANDONED_AFTER_MS) return test;
  return { ...test, status: 'abandoned', reason: ABANDONED_REASON };
}

/** Whether its list of matches may lack some: anything but a finished test. */
export function isPartial(test: Pick<RuleTest, 'status'>): boolean {
  return test.status !== 'finished';
}

export function timedOutReason(test: Pick<RuleTest, 'examined' | 'total' | 'timeLimitSeconds'>): string {
  return `The time limit (RULE_TEST_TIME_LIMIT_SECONDS, ${test.timeLimitSeconds} s) passed after ${test.examined} of ${test.total} documents; the matches listed are those found before.`;
}
