import { interactionTokenExpiry, SCAN_MESSAGE_CONFIRM_AFTER_MS } from '../../domain/discord.js';
import type { GameType } from '../../domain/game-types.js';
import type { Pin } from '../../domain/pin.js';
import type { UseCaseContext } from '../context.js';
import { refuse } from '../failures.js';
import { createPin } from '../pins/create-pin.js';
import { authorizeDiscordPinCreation } from '../pins/staff-creation.js';
import { discordAppOf } from './discord-app.js';
import { authorizeDiscordStaff, type InteractionOrigin } from './staff.js';

/** A PIN's name is at most 50 characters (docs/api.md, "PINs"). */
const PIN_NAME_MAX = 50;

export interface DiscordScanInput {
  game: GameType;
  /** The player as Discord resolved the command's user option. */
  player: { id: string; username: string };
  private: boolean;
  /** The interaction: its token edits its first answer, the scan's message, for 15 minutes from its making. */
  interactionId: string;
  interactionToken: string;
}

/**
 * `/scan` (docs/discord.md, "Commands"): a staff member creates a PIN for the Enterprise, named after
 * the player, held by its owner's account, counted against the member's role's quota (docs/roles.md)
 * and audited naming the staff member. The PIN's
 * message is followed from then on; it is written with the PIN, so an acknowledged PIN always has
 * its message kept up to date. The first answer shows the PIN as created, and the outbox draws it
 * again a few seconds later in case that answer never reached Discord.
 */
export async function scanFromDiscord(
  ctx: UseCaseContext,
  origin: InteractionOrigin,
  input: DiscordScanInput,
): Promise<Pin> {
  const app = discordAppOf(ctx);
  const staff = await authorizeDiscordStaff(ctx, origin);
  // At least a moderator, or the member's higher role; the PIN counts against that role's quota
  // (docs/roles.md, "In Discord").
  const creator = await authorizeDiscordPinCreation(ctx, staff);
  // Interactions in a server always come from a channel; the message needs one to live in.
  if (origin.channelId === null) refuse({ code: 'discord_guild_not_connected' });
  const channelId = origin.channelId;
  return createPin(
    ctx,
    creator,
    {
      type: input.game,
      name: `@${input.player.username}`.slice(0, PIN_NAME_MAX),
      ramDump: false,
      private: input.private,
      // Named by the staff: only this account may prove the PIN, and only that proof shares the scan
      // with every community (docs/risk-score.md, "Whose scan it is").
      player: { discordId: input.player.id, username: input.player.username },
    },
    async (repos, pin) => {
      const now = ctx.clock();
      await repos.discord.addScanMessage({
        pinId: pin.id,
        guildId: staff.guildId,
        channelId,
        playerDiscordId: input.player.id,
        interactionTokenSealed: app.tokens.seal(input.interactionToken),
        tokenExpiresAt: interactionTokenExpiry(input.interactionId, now),
        dueAt: now + SCAN_MESSAGE_CONFIRM_AFTER_MS,
        now,
      });
    },
  );
}

/**
 * The first answer could not carry the PIN in time (it was deferred): the message is due now, so
 * the outbox edits it in as it edits every later state.
 */
export async function showScanMessageSoon(ctx: UseCaseContext, pinId: number): Promise<void> {
  await ctx.repos.discord.markScanMessageDue(pinId, ctx.clock());
}
