import { isActive, type LifecycleSettings, observe, type PinState } from './pin-lifecycle.js';

/*
 * The active-PIN limit (docs/api.md, "PINs"): an account may hold at most `max` PINs that are still
 * pending or scanning as of now; expired and idle-timed-out ones no longer count. The number is
 * configuration (MAX_ACTIVE_PINS), 3 unless an operator says otherwise.
 */

export const DEFAULT_MAX_ACTIVE_PINS = 3;

export type ActivePinCheck = { ok: true; active: number } | { ok: false; active: number };

/** Whether one more PIN fits beside `open` (the account's pending and scanning PINs as stored). */
export function checkActivePinLimit(
  open: readonly PinState[],
  max: number,
  now: number,
  settings: LifecycleSettings,
): ActivePinCheck {
  const active = open.filter((pin) => isActive(observe(pin, now, settings).status)).length;
  return { ok: active < max, active };
}
