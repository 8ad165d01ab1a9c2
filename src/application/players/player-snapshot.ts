import type { BanFacts } from '../../domain/player-status.js';
import type { PlayersRepository } from '../../storage/repositories/players.js';
import type { BanRow, HwidRow, ScannedUserRow } from '../../storage/schema.js';
import type { AccountCaller } from '../callers.js';
import type { UseCaseContext } from '../context.js';
import { authorizePlayerRead } from './authorize-player-read.js';

/** What both player answers start from: the user, their hardware profiles and every ban on them. */
export interface PlayerSnapshot {
  players: PlayersRepository;
  user: ScannedUserRow;
  profiles: HwidRow[];
  bans: Array<BanRow & { hwid_ids: number[] }>;
  now: number;
}

export function toBanFacts(ban: Pick<BanRow, 'status' | 'expires_at' | 'lifted_at'>): BanFacts {
  return { status: ban.status, expiresAt: ban.expires_at, liftedAt: ban.lifted_at };
}

/**
 * Runs `read` on one consistent snapshot of a player (one transaction; REPEATABLE READ on PostgreSQL),
 * after the licence check, so a scan finishing meanwhile cannot make parts of an answer disagree.
 */
export async function readPlayerSnapshot<T>(
  ctx: UseCaseContext,
  caller: AccountCaller,
  discordId: string,
  read: (snapshot: PlayerSnapshot) => Promise<T>,
): Promise<T | { found: false; discordId: string }> {
  await authorizePlayerRead(ctx, caller);
  const now = ctx.clock();
  return ctx.transaction(
    async ({ players }) => {
      const user = await players.findUser(discordId);
      if (user === undefined) return { found: false as const, discordId };
      const profiles = await players.profiles(user.id);
      const bans = await players.bansOn(profiles.map((p) => p.id));
      return read({ players, user, profiles, bans, now });
    },
    { snapshot: true },
  );
}
