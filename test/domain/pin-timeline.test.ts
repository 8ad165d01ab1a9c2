import { describe, expect, it } from 'vitest';
import { observe, type PinState, progress, start } from '../../src/domain/pin-lifecycle.js';
import { timelineAsOf, timelineEntryFor } from '../../src/domain/pin-timeline.js';

const settings = { idleTimeoutMs: 900_000 };
const pending: PinState = {
  status: 'pending',
  progress: 0,
  statusMessage: null,
  result: null,
  used: false,
  lastStatusUpdate: null,
  expiresAt: 10_000_000,
  lastActivityAt: null,
};

function moved(t: ReturnType<typeof start>): PinState {
  if (!t.ok) throw new Error(t.refusal.code);
  return t.state;
}

describe('PIN timeline entries', () => {
  it('adds a progress entry only when the message changes', () => {
    const scanning = moved(start(pending, 1_000));
    const first = moved(progress(scanning, 10, 'Files', 2_000));
    const same = moved(progress(first, 20, 'Files', 3_000));
    expect(timelineEntryFor(null, pending, 500)).toEqual({
      at: 500,
      kind: 'created',
      progress: 0,
      message: null,
    });
    expect(timelineEntryFor(pending, scanning, 500)?.kind).toBe('started');
    expect(timelineEntryFor(scanning, first, 500)).toEqual({
      at: 2_000,
      kind: 'progress',
      progress: 10,
      message: 'Files',
    });
    expect(timelineEntryFor(first, same, 500)).toBeNull();
  });

  it('derives the expiry the stored state has not caught up with, and nothing once it has', () => {
    const stored = [{ at: 500, kind: 'created' as const, progress: 0, message: null }];
    const now = pending.expiresAt + 1;
    const observed = observe(pending, now, settings);
    expect(timelineAsOf(stored, pending, observed, 500)).toEqual([
      ...stored,
      { at: pending.expiresAt, kind: 'expired', progress: 0, message: observed.statusMessage },
    ]);
    expect(timelineAsOf(stored, observed, observe(observed, now, settings), 500)).toEqual(stored);
  });
});
