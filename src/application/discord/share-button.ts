import { observe } from '../../domain/pin-lifecycle.js';
import type { UseCaseContext } from '../context.js';
import { shareFinishedPin } from '../dashboard/share-links.js';
import { refuse } from '../failures.js';
import { lifecycleSettings } from '../settings.js';
import { authorizeDiscordStaff, type InteractionOrigin } from './staff.js';

/**
 * The "Share link" button on a finished scan's message: a staff member of the server gets a new
 * share link (docs/dashboard.md, "Sharing") for a PIN of the server's Enterprise, answered only to
 * them. The button names the PIN; who pressed it and where is checked as for a command.
 */
export async function shareFromDiscord(
  ctx: UseCaseContext,
  origin: InteractionOrigin,
  pinId: number,
): Promise<{ url: string; expiresAt: number; pin: string }> {
  const staff = await authorizeDiscordStaff(ctx, origin);
  const pin = await ctx.repos.pins.findById(pinId);
  if (pin === undefined || pin.enterpriseId !== staff.enterprise.id)
    refuse({ code: 'pin_forbidden', pin: pin?.code ?? String(pinId) });
  const state = observe(pin.state, ctx.clock(), lifecycleSettings(ctx.config));
  const { link, url } = await shareFinishedPin(ctx, { pin, state }, staff.enterprise.ownerAccountId, {});
  return { url, expiresAt: link.expiresAt, pin: pin.code };
}
