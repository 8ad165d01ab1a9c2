import { setTimeout as sleep } from 'node:timers/promises';

/** Seconds as `m:ss`, as a countdown shows them. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** How often a wait tells the server the scan is still alive (it closes a scan that goes quiet). */
export const KEEPALIVE_MS = 10_000;
/** Without a terminal to redraw a line on, the countdown prints a line this often. */
const PRINT_EVERY_S = 15;

/**
 * A visible countdown on stderr: one line redrawn each time on a terminal; elsewhere (a log, a test)
 * a line when it starts, every 15 seconds and when it ends, so the output stays short.
 */
export function countdownLine(render: (left: string) => string) {
  const tty = process.stderr.isTTY === true;
  let lastBucket: number | null = null;
  let drawn = false;
  return {
    show(leftSeconds: number): void {
      const text = render(clock(leftSeconds));
      if (tty) {
        process.stderr.write(`\r${text}\x1b[K`);
        drawn = true;
        return;
      }
      const bucket = Math.ceil(Math.max(0, leftSeconds) / PRINT_EVERY_S);
      if (bucket === lastBucket) return;
      lastBucket = bucket;
      process.stderr.write(`${text}\n`);
    },
    end(): void {
      if (tty && drawn) process.stderr.write('\n');
    },
  };
}

export interface TickedWait {
  seconds: number;
  /** Between two checks. */
  everyMs: number;
  /** Shows the time left; true ends the wait early. */
  tick(leftSeconds: number): Promise<boolean> | boolean;
  /** Resolves when something other than the clock ends the wait, such as Enter. */
  interrupt?: Promise<void>;
}

/** Waits up to `seconds`, ticking every `everyMs`; says whether a tick or the interrupt ended it. */
export async function tickedWait(w: TickedWait): Promise<{ ended: boolean; waitedMs: number }> {
  const started = Date.now();
  const deadline = started + w.seconds * 1000;
  let interrupted = false;
  void w.interrupt?.then(() => {
    interrupted = true;
  });
  for (;;) {
    const leftMs = deadline - Date.now();
    if (await w.tick(leftMs / 1000)) return { ended: true, waitedMs: Date.now() - started };
    if (interrupted) return { ended: true, waitedMs: Date.now() - started };
    if (leftMs <= 0) return { ended: false, waitedMs: Date.now() - started };
    const pause = Math.min(w.everyMs, leftMs);
    await (w.interrupt === undefined ? sleep(pause) : Promise.race([sleep(pause), w.interrupt]));
  }
}
