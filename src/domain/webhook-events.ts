import type { PinStatus } from './pin-lifecycle.js';

/*
 * Webhook events and their delivery rules (docs/webhooks.md): which events exist, which a PIN change
 * emits, who receives them, how often progress is sent, and the retry schedule.
 */

export const PIN_EVENT_TYPES = [
  'pin.created',
  'pin.started',
  'pin.progress',
  'pin.finished',
  'pin.expired',
  'pin.failed',
] as const;
export const EVENT_TYPES = [...PIN_EVENT_TYPES, 'ping'] as const;

export type PinEventType = (typeof PIN_EVENT_TYPES)[number];
export type EventType = (typeof EVENT_TYPES)[number];

/** An account may register this many endpoints. */
export const MAX_ENDPOINTS_PER_ACCOUNT = 10;
/** pin.progress goes out at most this often per PIN; the latest state wins. */
export const PROGRESS_EVERY_MS = 5_000;
/**
 * A receiver must answer 2xx within this long: the server's default (WEBHOOK_TIMEOUT_SECONDS), and
 * what `scanpin events listen` gives the local receiver it forwards to.
 */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** An endpoint that has failed every delivery for this long is disabled. */
export const DISABLE_AFTER_FAILING_MS = 3 * 24 * 3_600_000;
/** After a rotation the old secret keeps signing for this long, beside the new one. */
export const ROTATION_OVERLAP_MS = 24 * 3_600_000;
export const DEFAULT_RETRY_SCHEDULE = '5,30,120,600,1800,3600,7200,14400,28800';

/** The event a move into `status` emits; progress within a scan is pin.progress. */
export function eventForStatus(before: PinStatus | null, after: PinStatus): PinEventType {
  switch (after) {
    case 'pending':
      return 'pin.created';
    case 'scanning':
      return before === 'scanning' ? 'pin.progress' : 'pin.started';
    case 'finished':
      return 'pin.finished';
    case 'expired':
      return 'pin.expired';
    case 'error':
      return 'pin.failed';
  }
}

/** The events that end a PIN's story: no pin.progress is sent after one of them. */
export const FINAL_EVENTS = [
  'pin.finished',
  'pin.expired',
  'pin.failed',
] as const satisfies readonly EventType[];

export function isFinalEvent(type: EventType): boolean {
  return (FINAL_EVENTS as readonly EventType[]).includes(type);
}

/** An empty subscription list means every event. */
export function subscribes(events: readonly EventType[], type: EventType): boolean {
  return events.length === 0 || events.includes(type);
}

/** Seconds between attempts, e.g. "5,30,120"; the first attempt is immediate. */
export function parseRetrySchedule(text: string): number[] {
  return text.split(',').map((part) => Number.parseInt(part.trim(), 10));
}

/**
 * When to try again after `attempts` failed attempts, or null once the schedule is spent (the
 * delivery is then given up and shown as failed).
 */
export function nextAttemptAt(
  attempts: number,
  scheduleSeconds: readonly number[],
  now: number,
): number | null {
  const wait = scheduleSeconds[attempts - 1];
  return wait === undefined ? null : now + wait * 1000;
}

/** Whether an endpoint failing since `failingSince` (its first failure after a success) is to be disabled. */
export function shouldDisable(failingSince: number | null, now: number): boolean {
  return failingSince !== null && now - failingSince >= DISABLE_AFTER_FAILING_MS;
}
