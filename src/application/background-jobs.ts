import type { ServiceLog } from '../logger.js';
import type { UseCaseContext } from './context.js';
import { deliverDueScanMessages } from './discord/deliver-scan-messages.js';
import { sweepDuePins } from './pins/sweep-due-pins.js';
import { dailyRetention } from './privacy/retention.js';
import { storeFailureOf } from './store-faults.js';
import { deliverDueWebhooks } from './webhooks/deliver-due.js';

export interface BackgroundJobs {
  stop(): Promise<void>;
}

/** How often each job runs: expiry is written within ~5 s of being due; deliveries go out within ~1 s. */
const SWEEP_EVERY_MS = 2_000;
const DELIVER_EVERY_MS = 500;
/** Retention runs once a UTC day; each instance checks every few minutes whether today's run is unclaimed. */
const RETENTION_CHECK_EVERY_MS = 300_000;

/** While the database is away, each job says so at most this often instead of at every run. */
const STORE_FAULT_LOG_EVERY_MS = 30_000;

/** Runs `job` every `everyMs`, never two at once, logging (not throwing) its failures. */
function every(everyMs: number, name: string, job: () => Promise<unknown>, log: ServiceLog) {
  let running: Promise<unknown> | null = null;
  let quietUntil = 0;
  const failed = (err: unknown) => {
    const fault = storeFailureOf(err);
    if (fault === null) return log.warn({ err }, `${name} failed; retrying`);
    // docs/operations.md, "When things fail": the job resumes by itself once the database is back.
    if (Date.now() < quietUntil) return;
    quietUntil = Date.now() + STORE_FAULT_LOG_EVERY_MS;
    log.warn({ storeFault: fault }, `${name}: the database is unavailable; retrying until it is back`);
  };
  const timer = setInterval(() => {
    if (running !== null) return;
    running = job()
      .catch(failed)
      .finally(() => {
        running = null;
      });
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

/** The sweeper, the webhook worker and the Discord scan messages, started with the server and stopped before the store closes. */
export function startBackgroundJobs(ctx: UseCaseContext, log: ServiceLog): BackgroundJobs {
  const stops = [
    every(SWEEP_EVERY_MS, 'PIN sweeper', () => sweepDuePins(ctx), log),
    every(DELIVER_EVERY_MS, 'webhook worker', () => deliverDueWebhooks(ctx), log),
    // Only with the built-in Discord app set up (docs/discord.md, "The scan message").
    ...(ctx.discord === null
      ? []
      : [every(DELIVER_EVERY_MS, 'Discord scan messages', () => deliverDueScanMessages(ctx), log)]),
    every(
      RETENTION_CHECK_EVERY_MS,
      'retention job',
      async () => {
        const run = await dailyRetention(ctx);
        if (run !== null) log.info({ retention: run }, 'retention applied (docs/privacy.md)');
      },
      log,
    ),
  ];
  return {
    async stop() {
      await Promise.all(stops.map((stop) => stop()));
    },
  };
}
