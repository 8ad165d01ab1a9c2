import type { Pin } from '../../domain/pin.js';
import { finish, observe } from '../../domain/pin-lifecycle.js';
import { sha256Hex } from '../../lib/crypto.js';
import type { UseCaseContext } from '../context.js';
import { refuse } from '../failures.js';
import { lifecycleSettings } from '../settings.js';
import { refusalFailure } from './apply-move.js';

/**
 * The open scan a session token was issued for (only its hash is stored). Checked before a scanner
 * call's body is read (docs/security.md, "Evidence uploads"): an unknown token is
 * invalid_session_token, and a scan that is finished, failed or expired answers scan_closed or
 * pin_expired at once, whatever the body would have held, since a session token dies with its scan.
 */
export async function openScanOfSession(ctx: UseCaseContext, token: string | null): Promise<Pin> {
  const pin = token === null ? undefined : await ctx.repos.pins.findBySessionHash(sha256Hex(token));
  if (pin === undefined) refuse({ code: 'invalid_session_token' });
  refuseUnlessOpen(ctx, pin);
  return pin;
}

/** scan_closed or pin_expired unless the scan could still be finished now: a scan is open exactly then. */
export function refuseUnlessOpen(ctx: UseCaseContext, pin: Pin): void {
  const now = ctx.clock();
  const open = finish(observe(pin.state, now, lifecycleSettings(ctx.config)), 'legit', now);
  if (!open.ok) refuse(refusalFailure(open.refusal, pin.code));
}
