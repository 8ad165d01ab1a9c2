import { observe } from '../../domain/pin-lifecycle.js';
import type { UseCaseContext } from '../context.js';
import { shareFinishedPin } from '../dashboard/share-links.js';
import { refuse } from '../failures.js';
import { lifecycleSettings } from '../settings.js';
import { authorizeDiscordStaff, type InteractionOrigin } from './staff.js';

/**
 * The "Share link" button on a finished scan's message: a staff member of the server gets a new
 * share link (docs/dashboard.md, "Sharing") for that scan, answered only to them, and the audit trail
 * names them. Who pressed it and where is checked as for a command.
 */
export async function shareFromDiscord(
  ctx: UseCaseContext,
  origin: InteractionOrigin,
  button: { pinId: number; onMessage: boolean },
): Promise<{ url: string; expiresAt: number; pin: string }> {
  const staff = await authorizeDiscordStaff(ctx, origin);
  // A button id is the presser's to write: only one on a scan message `/scan` made in this server
  // counts, so no other PIN (another Enterprise's, or one made outside Discord) can be named. And the
  // PIN must be the presser's Enterprise's: a server moved to another Enterprise keeps its old
  // messages, whose PINs stay their Enterprise's (docs/discord.md, "Security").
  const followed = await ctx.repos.discord.findScanMessageOf(button.pinId);
  const pin = await ctx.repos.pins.findById(button.pinId);
  if (
    !button.onMessage ||
    followed?.guildId !== staff.guildId ||
    pin === undefined ||
    pin.enterpriseId !== staff.enterprise.id
  )
    refuse({ code: 'discord_unknown_button' });
  const state = observe(pin.state, ctx.clock(), lifecycleSettings(ctx.config));
  const { link, url } = await shareFinishedPin(
    ctx,
    { pin, state },
    staff.enterprise.ownerAccountId,
    {},
    staff.actor,
  );
  return { url, expiresAt: link.expiresAt, pin: pin.code };
}
