import type { Pin } from '../../domain/pin.js';
import type { UseCaseContext } from '../context.js';

/**
 * Whether the scanner may show the player the verdict of this PIN's scan (docs/dashboard.md,
 * "Showing players their verdict"). Off unless the PIN's Enterprise turned it on: a player who sees
 * the verdict at once learns whether a bypass worked, so by default the scanner only says that the
 * scan is complete and that the community's staff have the result.
 */
export function verdictShownToPlayer(
  ctx: Pick<UseCaseContext, 'repos'>,
  pin: Pick<Pin, 'enterpriseId'>,
): Promise<boolean> {
  return ctx.repos.enterprises.verdictToPlayers(pin.enterpriseId);
}
