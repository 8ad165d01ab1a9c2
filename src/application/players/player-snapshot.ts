import type { BanFacts } from '../../domain/player-status.js';
import type { BanRow } from '../../storage/schema.js';
import type { AccountCaller } from '../callers.js';
import type { UseCaseContext } from '../context.js';
import { authorizePlayerRead } from './authorize-player-read.js';

export function toBanFacts(ban: Pick<BanRow, 'status' | 'expires_at' | 'lifted_at'>): BanFacts {
  return { status: ban.status, expiresAt: ban.expires_at, liftedAt: ban.lifted_at };
}

/**
 * Runs `read` on the player's facts, after the licence check. The facts come from one statement
 * (storage/repositories/player-snapshots.ts), so a scan finishing meanwhile cannot make parts of an
 * answer disagree: a single statement sees one snapshot on both stores.
 */
export async function readPlayerSnapshot<Facts, T>(
  ctx: UseCaseContext,
  caller: AccountCaller,
  discordId: string,
  load: () => Promise<Facts | undefined>,
  read: (facts: Facts, now: number) => T,
): Promise<T | { found: false; discordId: string }> {
  await authorizePlayerRead(ctx, caller);
  const now = ctx.clock();
  const facts = await load();
  if (facts === undefined) return { found: false as const, discordId };
  return read(facts, now);
}
