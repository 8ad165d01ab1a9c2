import type { Pin } from '../../domain/pin.js';
import { observe, type PinState, type Refusal, type Transition } from '../../domain/pin-lifecycle.js';
import type { UseCaseContext } from '../context.js';
import { type Failure, refuse } from '../failures.js';
import { lifecycleSettings } from '../settings.js';

/** A lifecycle refusal, as the failure the scan client gets. */
export function refusalFailure(refusal: Refusal, pin: string): Failure {
  switch (refusal.code) {
    case 'pin_already_used':
      return { code: 'pin_already_used', pin, status: refusal.status };
    case 'pin_expired':
      return { code: 'pin_expired', pin };
    case 'scan_closed':
      return { code: 'scan_closed', pin, status: refusal.status };
    case 'progress_backwards':
      return { code: 'progress_backwards', current: refusal.current };
    case 'pin_not_cancellable':
      return { code: 'pin_not_cancellable', pin, status: refusal.status };
  }
}

/** Another write can only come first a handful of times (a start, a finish, a timeout); then it settles. */
const ATTEMPTS = 5;

/**
 * Decides a scanner call with the lifecycle rules (domain/pin-lifecycle) on the PIN's state as of
 * now, and writes it only if the PIN is still at the revision it was decided on. If another write
 * came first, the PIN is read again and the call decided afresh, so the answer is always the one
 * the rules give for the state the call really met.
 */
export async function applyMove(
  ctx: UseCaseContext,
  pin: Pin,
  move: (state: PinState, now: number) => Transition,
  write: (pin: Pin, state: PinState, now: number) => Promise<boolean>,
): Promise<PinState> {
  const settings = lifecycleSettings(ctx.config);
  let current = pin;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const now = ctx.clock();
    const decided = move(observe(current.state, now, settings), now);
    if (!decided.ok) refuse(refusalFailure(decided.refusal, current.code));
    if (await write(current, decided.state, now)) {
      ctx.pinChanges.publish(current.id);
      return decided.state;
    }
    const fresh = await ctx.repos.pins.findById(current.id);
    if (fresh === undefined) throw new Error(`PIN ${current.id} disappeared during a scanner call`);
    current = fresh;
  }
  throw new Error(`PIN ${pin.id}: a scanner call lost ${ATTEMPTS} races in a row`);
}
