import type { Pin } from '../../domain/pin.js';
import { sha256Hex } from '../../lib/crypto.js';
import type { UseCaseContext } from '../context.js';
import { refuse } from '../failures.js';

/** The scan a session token was issued for (only its hash is stored), or invalid_session_token. */
export async function scanOfSession(ctx: UseCaseContext, token: string | null): Promise<Pin> {
  const pin = token === null ? undefined : await ctx.repos.pins.findBySessionHash(sha256Hex(token));
  if (pin === undefined) refuse({ code: 'invalid_session_token' });
  return pin;
}
