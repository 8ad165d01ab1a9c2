import type { PinWithReport } from '../../domain/pin.js';
import { normalisePinCode } from '../../domain/pin-code.js';
import { observe, type PinState } from '../../domain/pin-lifecycle.js';
import { apiAccessTo } from '../../domain/pin-visibility.js';
import { type KeyCaller, liveAccountOf } from '../callers.js';
import type { UseCaseContext } from '../context.js';
import { refuse } from '../failures.js';
import { lifecycleSettings } from '../settings.js';

/** A PIN as of now: its stored record (with the report once finished) and its observed state. */
export interface ObservedPin {
  pin: PinWithReport;
  /** The state now, with any expiry or idle timeout that has come due applied. */
  state: PinState;
}

/**
 * The PIN behind GET /v1/pins/:pinCode/status and /results: it must exist (404) and be the caller's
 * (403), in the published order. The report comes in the same read, so a poll is one query, or none
 * while the PIN has not changed since it was last read (pin-record-cache.ts).
 */
export async function readPin(ctx: UseCaseContext, caller: KeyCaller, rawCode: string): Promise<ObservedPin> {
  const account = liveAccountOf(caller);
  const code = normalisePinCode(rawCode);
  const pin = await ctx.pinRecords.read(code, () => ctx.repos.pins.findByCode(code));
  if (pin === undefined) refuse({ code: 'pin_not_found', pin: code });
  if (apiAccessTo(pin, account.id) === 'forbidden') refuse({ code: 'pin_forbidden', pin: code });
  const state = observe(pin.state, ctx.clock(), lifecycleSettings(ctx.config));
  // A finished PIN without its report would be a broken invariant, not a caller's mistake.
  if (state.status === 'finished' && pin.report === null)
    throw new Error(`PIN ${pin.id} is finished but has no report`);
  return { pin, state };
}
