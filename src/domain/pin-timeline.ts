import type { PinState, PinStatus } from './pin-lifecycle.js';

/*
 * A PIN's timeline (docs/dashboard.md, "The dashboard API"): one entry per move of its lifecycle,
 * written with the move. Progress within a scan is an entry only when its message changes, so a scan
 * has a handful of entries rather than one per report.
 */

export const TIMELINE_KINDS = ['created', 'started', 'progress', 'finished', 'expired', 'failed'] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

export interface TimelineEntry {
  at: number;
  kind: TimelineKind;
  progress: number;
  message: string | null;
}

/** Progress entries kept per PIN when reading: a scan client that changes its message on every report still yields a bounded answer. */
export const TIMELINE_PROGRESS_LIMIT = 100;

function kindOf(before: PinStatus | null, after: PinStatus): TimelineKind {
  switch (after) {
    case 'pending':
      return 'created';
    case 'scanning':
      return before === 'scanning' ? 'progress' : 'started';
    case 'finished':
      return 'finished';
    case 'expired':
      return 'expired';
    case 'error':
      return 'failed';
  }
}

/**
 * The entry a move from `before` (null: the PIN is being created) to `after` adds, or null when it
 * adds none (a progress report with the same message as before).
 */
export function timelineEntryFor(
  before: PinState | null,
  after: PinState,
  createdAt: number,
): TimelineEntry | null {
  const kind = kindOf(before?.status ?? null, after.status);
  if (kind === 'progress' && before?.statusMessage === after.statusMessage) return null;
  return {
    at: kind === 'created' ? createdAt : (after.lastStatusUpdate ?? createdAt),
    kind,
    progress: after.progress,
    message: after.statusMessage,
  };
}

/**
 * The stored entries, plus the expiry or idle timeout that reads already see (`observed`, from
 * `observe`) but no write has recorded yet.
 */
export function timelineAsOf(
  stored: readonly TimelineEntry[],
  storedState: PinState,
  observed: PinState,
  createdAt: number,
): TimelineEntry[] {
  if (observed.status === storedState.status) return [...stored];
  const derived = timelineEntryFor(storedState, observed, createdAt);
  return derived === null ? [...stored] : [...stored, derived];
}
