import type { ServiceLog } from '../logger.js';
import type { UseCaseContext } from './context.js';
import { deliverDueScanMessages } from './discord/deliver-scan-messages.js';
import { forgetRunOutSignInStates } from './people/discord-sign-in.js';
import { forgetRunOutPasskeyChallenges } from './people/passkeys.js';
import { sweepDuePins } from './pins/sweep-due-pins.js';
import { dailyRetention } from './privacy/retention.js';
import { pollDueRulePackSources } from './rules/rule-pack-sources.js';
import { forgetStaleSignatures } from './scanner-clients/identify-caller.js';
import { storeFailureOf } from './store-faults.js';
import { deliverDueWebhooks } from './webhooks/deliver-due.js';

export interface BackgroundJobs {
  stop(): Promise<void>;
}

/** How often each job runs: expiry is written within ~5 s of being due; deliveries go out within ~1 s. */
const SWEEP_EVERY_MS = 2_000;
const DELIVER_EVERY_MS = 500;
/** Discord scan messages: at most one claim query per this gap, however many PINs change. */
const DISCORD_MIN_GAP_MS = 250;
const DISCORD_MAX_RUNS = 4;
/** Retention runs once a UTC day; each instance checks every few minutes whether today's run is unclaimed. */
const RETENTION_CHECK_EVERY_MS = 300_000;

/** The states of Discord sign-in attempts that ran out are removed this often (they last 10 minutes). */
const SIGN_IN_STATES_EVERY_MS = 600_000;

/** Scanner signatures whose timestamps left the window are forgotten this often (the window is 5 minutes). */
const SIGNATURES_EVERY_MS = 60_000;

/**
 * Subscribed pack URLs are looked for at least this often; each is fetched only once its own
 * RULE_PACK_POLL_SECONDS have passed (docs/rules.md, "Subscribing to a pack URL").
 */
const RULE_PACK_SOURCES_CHECK_EVERY_MS = 60_000;

/** While the database is away, each job says so at most this often instead of at every run. */
const STORE_FAULT_LOG_EVERY_MS = 30_000;

/** Logs a job's failure; while the database is away, says so at most every STORE_FAULT_LOG_EVERY_MS. */
function failureLog(name: string, log: ServiceLog): (err: unknown) => void {
  let quietUntil = 0;
  return (err) => {
    const fault = storeFailureOf(err);
    if (fault === null) return log.warn({ err }, `${name} failed; retrying`);
    // docs/operations.md, "When things fail": the job resumes by itself once the database is back.
    if (Date.now() < quietUntil) return;
    quietUntil = Date.now() + STORE_FAULT_LOG_EVERY_MS;
    log.warn({ storeFault: fault }, `${name}: the database is unavailable; retrying until it is back`);
  };
}

/** A job run every `everyMs`, and sooner when poked; never two runs at once. */
interface Periodic {
  stop(): Promise<void>;
  /** Runs the job now (or right after the run under way), instead of at its next tick. */
  poke(): void;
}

/** Runs `job` every `everyMs`, never two at once, logging (not throwing) its failures. */
function every(everyMs: number, name: string, job: () => Promise<unknown>, log: ServiceLog): Periodic {
  let running: Promise<unknown> | null = null;
  let again = false;
  const failed = failureLog(name, log);
  let stopped = false;
  const run = () => {
    if (stopped) return;
    if (running !== null) {
      again = true;
      return;
    }
    running = job()
      .catch(failed)
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          run();
        }
      });
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
    poke: run,
  };
}

/**
 * Like `every`, but a run that waits on something slow (Discord waiting out a 429) does not hold back
 * the next: up to `maxRuns` at once, each started at least `minGapMs` after the one before, so a burst
 * of pokes costs one store query per gap, not one per poke. The job must not take what a run under way
 * holds (the Discord outbox claims each message in the store).
 */
function overlapping(
  everyMs: number,
  minGapMs: number,
  maxRuns: number,
  name: string,
  job: () => Promise<unknown>,
  log: ServiceLog,
): Periodic {
  const running = new Set<Promise<unknown>>();
  const failed = failureLog(name, log);
  let lastStart = 0;
  let later: NodeJS.Timeout | null = null;
  let stopped = false;
  const run = () => {
    if (stopped || running.size >= maxRuns) return;
    const wait = lastStart + minGapMs - Date.now();
    if (wait > 0) {
      later ??= setTimeout(() => {
        later = null;
        run();
      }, wait);
      later.unref();
      return;
    }
    lastStart = Date.now();
    const one: Promise<unknown> = job()
      .catch(failed)
      .finally(() => running.delete(one));
    running.add(one);
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (later !== null) clearTimeout(later);
      await Promise.all(running);
    },
    poke: run,
  };
}

/**
 * The sweeper, the webhook worker, retention, the sign-in state sweep, the rule pack sources' poll
 * and the Discord scan messages, started with the server and stopped before the store closes.
 */
export function startBackgroundJobs(ctx: UseCaseContext, log: ServiceLog): BackgroundJobs {
  const jobs = [
    every(SWEEP_EVERY_MS, 'PIN sweeper', () => sweepDuePins(ctx), log),
    every(DELIVER_EVERY_MS, 'webhook worker', () => deliverDueWebhooks(ctx), log),
    every(
      RETENTION_CHECK_EVERY_MS,
      'retention job',
      async () => {
        const run = await dailyRetention(ctx);
        if (run !== null) log.info({ retention: run }, 'retention applied (docs/privacy.md)');
      },
      log,
    ),
    every(
      SIGN_IN_STATES_EVERY_MS,
      'sign-in state sweep',
      async () => (await forgetRunOutSignInStates(ctx)) + (await forgetRunOutPasskeyChallenges(ctx)),
      log,
    ),
    every(SIGNATURES_EVERY_MS, 'scanner signature sweep', () => forgetStaleSignatures(ctx), log),
    every(
      Math.min(RULE_PACK_SOURCES_CHECK_EVERY_MS, ctx.config.rulePackPollSeconds * 1_000),
      'rule pack sources',
      () => pollDueRulePackSources(ctx),
      log,
    ),
  ];
  const unfollow: Array<() => void> = [];
  // Only with the built-in Discord app set up (docs/discord.md, "The scan message"): run on every
  // PIN change any instance announces, so a message follows its scan at once; the tick is the net
  // for what a notice missed.
  if (ctx.discord !== null) {
    const messages = overlapping(
      DELIVER_EVERY_MS,
      DISCORD_MIN_GAP_MS,
      DISCORD_MAX_RUNS,
      'Discord scan messages',
      () => deliverDueScanMessages(ctx, log),
      log,
    );
    jobs.push(messages);
    unfollow.push(ctx.pinChanges.followAll(() => messages.poke()));
  }
  return {
    async stop() {
      for (const stop of unfollow) stop();
      await Promise.all(jobs.map((job) => job.stop()));
    },
  };
}
