import type { CountedHit, SlidingWindow } from './rate-limit-counters.js';

/** Requests counted in one slot of a sliding window: `index` is the moment divided by the slot length. */
export interface Slot {
  index: number;
  count: number;
}

/**
 * One request against a sliding window (rate-limit-counters.ts, `SlidingWindow`). `slots` are the
 * bucket's, oldest first; they are updated in place: slots a whole window old are dropped, and an
 * allowed request is counted in the slot of `now`. The Lua script in redis.ts is this function
 * again, run inside Redis; test/storage/sliding-counters.test.ts holds both to the same answers.
 *
 * Counting the slot `now - windowMs` falls in whole (not the part of it inside the window) is what
 * makes the bound exact: a request still counts at least `windowMs` after it was made.
 */
export function countSliding(slots: Slot[], limit: number, window: SlidingWindow, now: number): CountedHit {
  const span = window.windowMs / window.slotMs;
  const current = Math.floor(now / window.slotMs);
  const oldest = current - span;
  let stale = 0;
  while (stale < slots.length && (slots[stale]?.index ?? 0) < oldest) stale++;
  slots.splice(0, stale);
  let total = 0;
  for (const slot of slots) total += slot.count;
  const allowed = total < limit;
  if (allowed) {
    total++;
    const at = slots.findIndex((slot) => slot.index >= current);
    const found = at === -1 ? undefined : slots[at];
    if (found?.index === current) found.count++;
    else slots.splice(at === -1 ? slots.length : at, 0, { index: current, count: 1 });
  }
  return {
    allowed,
    remaining: Math.max(0, limit - total),
    resetMs: untilFreed(slots, total, limit, window, now),
  };
}

/**
 * Milliseconds until the oldest slots have dropped enough for the total to be under the limit, and
 * at least the oldest one: when allowed, that is when Remaining grows; when refused, when one more
 * request would be allowed.
 */
function untilFreed(slots: Slot[], total: number, limit: number, window: SlidingWindow, now: number): number {
  const span = window.windowMs / window.slotMs;
  let freed = 0;
  for (const slot of slots) {
    freed += slot.count;
    if (total - freed < limit) return (slot.index + span + 1) * window.slotMs - now;
  }
  // Nothing counted (only with a limit below 1): nothing to wait for but the slot to end.
  return window.slotMs - (now % window.slotMs);
}

/** When the newest slot stops counting: the bucket can be forgotten from then on. */
export function slidingExpiry(slots: Slot[], window: SlidingWindow): number {
  const newest = slots.at(-1);
  return newest === undefined ? 0 : (newest.index + window.windowMs / window.slotMs + 1) * window.slotMs;
}
