/*
 * The PIN state machine (docs/api.md, "Lifecycle"), in one place and free of I/O:
 *
 *   pending ──start──▶ scanning ──finish──▶ finished
 *      │                  │ └──────fail/idle──▶ error
 *      ├──────────────────┴──time passes expiresAt──▶ expired
 *      └──cancel (staff, or the creator's key)──────▶ expired, said so in statusMessage
 *
 * Time-driven moves (expiry, idle timeout) are derived on read by `observe`, so readers see them at
 * once without waiting for a sweep; the caller persists them only when it writes anyway.
 */

import { plural } from './plural.js';

export const PIN_STATUSES = ['pending', 'scanning', 'finished', 'expired', 'error'] as const;
export type PinStatus = (typeof PIN_STATUSES)[number];
export type Verdict = 'legit' | 'suspicious' | 'cheating';

export interface PinState {
  status: PinStatus;
  progress: number;
  statusMessage: string | null;
  result: Verdict | null;
  used: boolean;
  lastStatusUpdate: number | null;
  expiresAt: number;
  /** Last time the scan client was heard from (scanning only). */
  lastActivityAt: number | null;
}

export interface LifecycleSettings {
  idleTimeoutMs: number;
}

export const EXPIRED_MESSAGE = 'The PIN expired before the scan finished. Create a new PIN to scan again.';

/**
 * A cancelled PIN is `expired` (the published statuses have no other final state for a PIN nobody
 * used, and every client already treats `expired` as final); this message tells it apart
 * (docs/api.md, "Cancelling a PIN").
 */
export const CANCELLED_MESSAGE =
  'The PIN was cancelled before the scan started. Create a new PIN to scan again.';

export function idleMessage(idleTimeoutMs: number): string {
  const minutes = Math.round(idleTimeoutMs / 60_000);
  const span = minutes >= 1 ? plural(minutes, 'minute') : plural(idleTimeoutMs / 1000, 'second');
  return `The scan client sent nothing for ${span}, so the scan was abandoned. Create a new PIN to scan again.`;
}

export function isActive(status: PinStatus): boolean {
  return status === 'pending' || status === 'scanning';
}

/** The state as of `now`, after any expiry or idle timeout that has come due. */
export function observe(pin: PinState, now: number, settings: LifecycleSettings): PinState {
  if (!isActive(pin.status)) return pin;
  const idleAt =
    pin.status === 'scanning' && pin.lastActivityAt !== null
      ? pin.lastActivityAt + settings.idleTimeoutMs
      : Number.POSITIVE_INFINITY;
  const dueAt = Math.min(pin.expiresAt, idleAt);
  if (now < dueAt) return pin;
  if (pin.expiresAt <= idleAt) {
    return {
      ...pin,
      status: 'expired',
      result: null,
      statusMessage: EXPIRED_MESSAGE,
      lastStatusUpdate: pin.expiresAt,
    };
  }
  return {
    ...pin,
    status: 'error',
    result: null,
    statusMessage: idleMessage(settings.idleTimeoutMs),
    lastStatusUpdate: idleAt,
  };
}

/** Why a scan-client call (or a cancel) cannot be applied to the PIN in its current state. */
export type Refusal =
  | { code: 'pin_already_used'; status: PinStatus }
  | { code: 'pin_not_cancellable'; status: PinStatus }
  | { code: 'pin_expired' }
  | { code: 'scan_closed'; status: PinStatus }
  | { code: 'progress_backwards'; current: number };

export type Transition = { ok: true; state: PinState } | { ok: false; refusal: Refusal };

function refuse(refusal: Refusal): Transition {
  return { ok: false, refusal };
}

/** Refusal for a call that needs a scan in progress, or null when the scan is in progress. */
function requireScanning(pin: PinState): Refusal | null {
  if (pin.status === 'scanning') return null;
  if (pin.status === 'expired') return { code: 'pin_expired' };
  return { code: 'scan_closed', status: pin.status };
}

export function start(pin: PinState, now: number): Transition {
  if (pin.status === 'expired') return refuse({ code: 'pin_expired' });
  if (pin.status !== 'pending') return refuse({ code: 'pin_already_used', status: pin.status });
  return {
    ok: true,
    state: {
      ...pin,
      status: 'scanning',
      used: true,
      progress: 0,
      statusMessage: 'Scan started',
      lastStatusUpdate: now,
      lastActivityAt: now,
    },
  };
}

export function progress(pin: PinState, progress: number, message: string, now: number): Transition {
  const refusal = requireScanning(pin);
  if (refusal) return refuse(refusal);
  if (progress < pin.progress) return refuse({ code: 'progress_backwards', current: pin.progress });
  return {
    ok: true,
    state: { ...pin, progress, statusMessage: message, lastStatusUpdate: now, lastActivityAt: now },
  };
}

export function finish(pin: PinState, verdict: Verdict, now: number): Transition {
  const refusal = requireScanning(pin);
  if (refusal) return refuse(refusal);
  return {
    ok: true,
    state: {
      ...pin,
      status: 'finished',
      progress: 100,
      result: verdict,
      statusMessage: 'Scan complete',
      lastStatusUpdate: now,
      lastActivityAt: now,
    },
  };
}

export function fail(pin: PinState, message: string, now: number): Transition {
  const refusal = requireScanning(pin);
  if (refusal) return refuse(refusal);
  return {
    ok: true,
    state: {
      ...pin,
      status: 'error',
      result: null,
      statusMessage: message,
      lastStatusUpdate: now,
      lastActivityAt: now,
    },
  };
}

/**
 * pending → expired, at once: a PIN nobody started. A scan in progress is not cancelled: the player
 * agreed to it and is sending evidence, and a scan that could be stopped halfway would let a friendly
 * moderator spare a cheater the verdict; it ends on its own (finish, fail or idle timeout).
 */
export function cancel(pin: PinState, now: number): Transition {
  if (pin.status !== 'pending') return refuse({ code: 'pin_not_cancellable', status: pin.status });
  return {
    ok: true,
    state: {
      ...pin,
      status: 'expired',
      result: null,
      statusMessage: CANCELLED_MESSAGE,
      lastStatusUpdate: now,
    },
  };
}
