import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import {
  RULE_TEST_HEARTBEAT_MS,
  RULE_TEST_PROGRESS_EVERY_MS,
  type RuleTest,
  type RuleTestStatus,
  timedOutReason,
} from '../../domain/rule-test.js';
import type { Judgement, Rule } from '../../domain/rules.js';
import type {
  EvidenceKey,
  NewRuleTestMatch,
  RuleTestProgress,
} from '../../storage/repositories/rule-tests.js';
import type { UseCaseContext } from '../context.js';
import { refuse } from '../failures.js';
import { IntakeBusy, IntakeTooCostly } from '../scans/evidence-intake/pool.js';
import { storeFailureOf } from '../store-faults.js';

/** Stored documents' keys read per query: keys only, never documents (docs/security.md). */
const KEYS_PER_READ = 500;
/** A document the intake was too busy for is tried once more after this. */
const BUSY_RETRY_AFTER_MS = 1_000;
/** Matches kept in memory before they are written, whatever the time since the last write. */
const MATCHES_PER_WRITE = 100;

export interface RuleTestHooks {
  /** Told of an error that failed a test (the reason stored says only what kind it was). */
  onError?: (err: unknown) => void;
}

/** The test this instance runs, if any: one at a time per instance (docs/scan-client.md, "Testing a rule"). */
interface Running {
  /** The test's id once its row is written. */
  id: Promise<number>;
  stop: AbortController;
  done: Promise<void>;
}

// Keyed by the context, so each app (a server has one; the tests build many) has its own.
const runningTests = new WeakMap<UseCaseContext, Running>();

/**
 * Starts a rule's dry run over every stored evidence document as a background job (docs/scan-client.md,
 * "Testing a rule") and answers with the job at once. The rule runs enabled or not, in the evidence
 * intake's worker threads, one document at a time, and nothing is changed but the test's own rows: no
 * verdict moves. One test runs per instance at a time.
 */
export async function startRuleTest(
  ctx: UseCaseContext,
  ruleId: number,
  hooks: RuleTestHooks = {},
): Promise<RuleTest> {
  const rule = await ctx.repos.rules.find(ruleId);
  if (rule === undefined) refuse({ code: 'rule_not_found', ruleId });
  const busy = runningTests.get(ctx);
  if (busy !== undefined) refuse({ code: 'rule_test_running', testId: await busy.id });

  // Taken before the first write, so a second start arriving meanwhile is refused too.
  const stop = new AbortController();
  const started = (async () => {
    const extent = await ctx.repos.ruleTests.evidenceExtent();
    const test = await ctx.repos.ruleTests.start(
      { ruleId, total: extent.total, timeLimitSeconds: ctx.config.ruleTestTimeLimitSeconds },
      ctx.clock(),
    );
    return { test, last: extent.last };
  })();
  const running: Running = { id: started.then(({ test }) => test.id), stop, done: Promise.resolve() };
  // A failed start is answered to its own caller; a start refused meanwhile sees it through `id`.
  running.id.catch(() => {});
  runningTests.set(ctx, running);
  try {
    const { test, last } = await started;
    running.done = runRuleTest(ctx, rule, test, last, stop.signal, hooks).finally(() =>
      runningTests.delete(ctx),
    );
    return test;
  } catch (err) {
    runningTests.delete(ctx);
    throw err;
  }
}

/** Ends the test this instance runs, if any, as abandoned (the server is stopping), and waits for it. */
export async function stopRuleTest(ctx: UseCaseContext): Promise<void> {
  const running = runningTests.get(ctx);
  if (running === undefined) return;
  running.stop.abort();
  // A stop that lands before the test's row is written waits for that row, then for the job, which
  // sees the abort at once: the store is never closed under it.
  await running.id.catch(() => {});
  await running.done;
}

/** Stored evidence after `after`, up to `last`, oldest first: keys a page at a time. */
export async function* evidenceKeys(
  ctx: UseCaseContext,
  last: EvidenceKey | null,
): AsyncGenerator<EvidenceKey> {
  if (last === null) return;
  let after: EvidenceKey | null = null;
  for (;;) {
    const keys = await ctx.repos.ruleTests.evidenceKeys(after, last, KEYS_PER_READ);
    yield* keys;
    if (keys.length < KEYS_PER_READ) return;
    after = keys[keys.length - 1] ?? null;
  }
}

/** Resolves with `work`, or with `stopped` as soon as `signal` aborts (the work is left to end alone). */
async function unlessStopped<T>(work: Promise<T>, signal: AbortSignal): Promise<T | 'stopped'> {
  if (signal.aborted) return 'stopped';
  let onAbort = () => {};
  const aborted = new Promise<'stopped'>((resolve) => {
    onAbort = () => resolve('stopped');
    signal.addEventListener('abort', onAbort, { once: true });
  });
  // What it comes to once nobody waits for it is of no interest.
  work.catch(() => {});
  try {
    return await Promise.race([work, aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

/**
 * One document judged by the rule in the intake's workers. The event loop only reads its JSON text
 * and passes it on. A busy intake (every worker taken, or the document ran past the intake's time
 * limit) gets one more try; then the document is skipped rather than the test failed.
 */
export async function judge(
  ctx: UseCaseContext,
  task: Parameters<UseCaseContext['evidenceIntake']['evaluate']>[0],
  signal: AbortSignal,
): Promise<Judgement | 'skipped' | 'stopped'> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await unlessStopped(ctx.evidenceIntake.evaluate(task), signal);
    } catch (err) {
      // A stored document was read once already, so one too costly now is skipped, not fatal.
      if (err instanceof IntakeTooCostly) return 'skipped';
      if (!(err instanceof IntakeBusy)) throw err;
      if (attempt === 2) return 'skipped';
      if ((await unlessStopped(sleep(BUSY_RETRY_AFTER_MS), signal)) === 'stopped') return 'stopped';
    }
  }
}

function failureReason(err: unknown): string {
  const fault = storeFailureOf(err);
  if (fault !== null)
    return 'The database was unavailable during the test (docs/operations.md, "When things fail"); the matches listed are those found before. Start it again.';
  return 'An unexpected error stopped the test (the server log has it); the matches listed are those found before.';
}

/**
 * The job: every stored document up to the newest one at the start, oldest first, each read alone
 * and judged in a worker; progress and matches written at most about once a second, and at least
 * every few seconds while one document takes long, so every instance can follow it and tell a
 * stopped one. It yields between documents and ends at the time limit, keeping what it found.
 */
async function runRuleTest(
  ctx: UseCaseContext,
  rule: Rule,
  test: RuleTest,
  last: EvidenceKey | null,
  stop: AbortSignal,
  hooks: RuleTestHooks,
): Promise<void> {
  const limit = AbortSignal.timeout(test.timeLimitSeconds * 1000);
  const signal = AbortSignal.any([stop, limit]);
  const rules = {
    version: `test:${rule.id}:${rule.updatedAt}`,
    rules: [{ ...rule, enabled: true }],
  };
  const progress: RuleTestProgress = { examined: 0, matched: 0, skipped: 0 };
  let pending: NewRuleTestMatch[] = [];
  // Real time paces the writes (a test's clock may stand still); the rows carry the store's clock.
  let lastWrite = performance.now();
  // Writes one after another: the heartbeat may come while the loop writes.
  let writing: Promise<void> = Promise.resolve();
  const write = (end?: { status: Exclude<RuleTestStatus, 'running'>; reason: string | null }) => {
    const matches = pending;
    pending = [];
    const counts = { ...progress };
    // A failed write (told to its own caller) does not hold back the next.
    writing = writing
      .catch(() => {})
      .then(async () => {
        await ctx.transaction((repos) => repos.ruleTests.record(test.id, counts, matches, ctx.clock(), end), {
          durable: end !== undefined,
        });
        lastWrite = performance.now();
      });
    return writing;
  };
  const heartbeat = setInterval(() => {
    if (performance.now() - lastWrite >= RULE_TEST_HEARTBEAT_MS) write().catch(() => {});
  }, RULE_TEST_HEARTBEAT_MS / 2);
  heartbeat.unref();

  let end: { status: Exclude<RuleTestStatus, 'running'>; reason: string | null };
  // Whether it stopped before the last document: a limit that passes after it changes nothing.
  let stopped = false;
  try {
    end = { status: 'finished', reason: null };
    for await (const key of evidenceKeys(ctx, last)) {
      stopped = signal.aborted;
      if (stopped) break;
      const doc = await ctx.repos.ruleTests.evidenceToJudge(key.pinId);
      if (doc !== undefined) {
        const verdict = await judge(
          ctx,
          { documentJson: doc.documentJson, rules, gameType: doc.gameType },
          signal,
        );
        if (verdict === 'stopped') {
          stopped = true;
          break;
        }
        progress.examined++;
        if (verdict === 'skipped') progress.skipped++;
        else if (verdict.findings.length > 0) {
          progress.matched++;
          pending.push({
            seq: progress.examined,
            pinId: doc.pinId,
            receivedAt: doc.receivedAt,
            findings: verdict.findings.map((f) => f.text),
            omitted: verdict.omitted.reduce((sum, o) => sum + o.places, 0),
          });
        }
      } else {
        // Removed since the test started (retention, erasure): looked at, nothing to judge.
        progress.examined++;
      }
      if (pending.length >= MATCHES_PER_WRITE || performance.now() - lastWrite >= RULE_TEST_PROGRESS_EVERY_MS)
        await write();
      // Other requests get their turn between documents.
      await nextTurn();
    }
    if (stopped && stop.aborted)
      end = {
        status: 'abandoned',
        reason:
          'The server stopped while the test ran (a restart ends a running test); the matches listed are those found before. Start it again.',
      };
    else if (stopped)
      end = {
        status: 'timed-out',
        reason: timedOutReason({
          examined: progress.examined,
          total: test.total,
          timeLimitSeconds: test.timeLimitSeconds,
        }),
      };
  } catch (err) {
    hooks.onError?.(err);
    end = { status: 'failed', reason: failureReason(err) };
  } finally {
    clearInterval(heartbeat);
  }
  // The last write may fail too (the database gone): the test is then read as abandoned in a minute.
  await write(end).catch((err) => hooks.onError?.(err));
}
