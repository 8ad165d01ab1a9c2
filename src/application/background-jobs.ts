import type { ServiceLog } from '../logger.js';
import type { UseCaseContext } from './context.js';
import { sweepDuePins } from './pins/sweep-due-pins.js';
import { deliverDueWebhooks } from './webhooks/deliver-due.js';

export interface BackgroundJobs {
  stop(): Promise<void>;
}

/** How often each job runs: expiry is written within ~5 s of being due; deliveries go out within ~1 s. */
const SWEEP_EVERY_MS = 2_000;
const DELIVER_EVERY_MS = 500;

/** Runs `job` every `everyMs`, never two at once, logging (not throwing) its failures. */
function every(everyMs: number, name: string, job: () => Promise<unknown>, log: ServiceLog) {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running !== null) return;
    running = job()
      .catch((err) => log.warn({ err }, `${name} failed; retrying`))
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

/** The sweeper and the webhook worker, started with the server and stopped before the store closes. */
export function startBackgroundJobs(ctx: UseCaseContext, log: ServiceLog): BackgroundJobs {
  const stops = [
    every(SWEEP_EVERY_MS, 'PIN sweeper', () => sweepDuePins(ctx), log),
    every(DELIVER_EVERY_MS, 'webhook worker', () => deliverDueWebhooks(ctx), log),
  ];
  return {
    async stop() {
      await Promise.all(stops.map((stop) => stop()));
    },
  };
}
