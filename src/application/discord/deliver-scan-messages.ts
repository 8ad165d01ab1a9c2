import {
  INTERACTION_TOKEN_MARGIN_MS,
  SCAN_MESSAGE_MIN_INTERVAL_MS,
  scanMessageRetryDelayMs,
} from '../../domain/discord.js';
import { observe } from '../../domain/pin-lifecycle.js';
import { DiscordRequestFailed } from '../../lib/discord-rest.js';
import type { ScanMessage } from '../../storage/repositories/discord.js';
import type { UseCaseContext } from '../context.js';
import { lifecycleSettings } from '../settings.js';
import type { DiscordApp } from './discord-app.js';
import { isFinalStatus, scanMessage } from './scan-message.js';

/** Messages edited per run; each run's edits go out in parallel (Discord's buckets are per message). */
const BATCH = 10;
/** A claim outlasts any edit, rate-limit waits included, so two instances never edit one message at once. */
const CLAIM_HOLD_MS = 120_000;

/**
 * Brings every due scan message up to its PIN's state (docs/discord.md, "The scan message"). The
 * message shows the PIN as it is when the edit is made, so moves in between are coalesced into one
 * edit, at most one per SCAN_MESSAGE_MIN_INTERVAL_MS; a message Discord did not take stays due and is
 * tried again, so the last state always arrives. While the interaction's token lives the first
 * answer is edited; after it, the bot's own message in the channel.
 */
export async function deliverDueScanMessages(ctx: UseCaseContext): Promise<number> {
  const app = ctx.discord;
  if (app === null) return 0;
  const claimed = await ctx.repos.discord.claimDueScanMessages(ctx.clock(), BATCH, CLAIM_HOLD_MS);
  await Promise.all(claimed.map((message) => deliver(ctx, app, message)));
  return claimed.length;
}

async function deliver(ctx: UseCaseContext, app: DiscordApp, message: ScanMessage): Promise<void> {
  const stored = await ctx.repos.pins.findById(message.pinId);
  const pin = stored === undefined ? undefined : await ctx.repos.pins.findByCode(stored.code);
  // Removed meanwhile (retention); its message row went with it.
  if (pin === undefined) return;
  const now = ctx.clock();
  const state = observe(pin.state, now, lifecycleSettings(ctx.config));
  const body = scanMessage(ctx, pin, state);
  const useToken =
    message.interactionTokenSealed !== null && message.tokenExpiresAt - INTERACTION_TOKEN_MARGIN_MS > now;
  try {
    let botMessageId = message.botMessageId;
    if (useToken) {
      const token = app.tokens.open(message.interactionTokenSealed as string);
      await app.api.editOriginalResponse(app.applicationId, token, body);
    } else if (botMessageId !== null) {
      await app.api.editChannelMessage(message.channelId, botMessageId, body);
    } else {
      botMessageId = (await app.api.createChannelMessage(message.channelId, body)).id;
    }
    const at = ctx.clock();
    await ctx.repos.discord.scanMessageSent({
      pinId: pin.id,
      revision: pin.revision,
      final: isFinalStatus(state.status),
      botMessageId,
      nextAt: at + SCAN_MESSAGE_MIN_INTERVAL_MS,
      now: at,
    });
  } catch (err) {
    const failure = err instanceof DiscordRequestFailed ? err : null;
    // Gone: the token expired early or the bot's message was deleted; a channel that is gone (or
    // that the bot may not post in) is not replaceable, so it is only tried again later.
    const gone = failure?.gone === true && (useToken || message.botMessageId !== null);
    await ctx.repos.discord.scanMessageFailed({
      pinId: pin.id,
      // Never the token or a URL holding it: DiscordRequestFailed words its message without them.
      error: failure?.message ?? 'the message could not be built or sent',
      // A target that is gone is replaced at once: the channel message follows the token.
      nextAt: gone ? ctx.clock() : ctx.clock() + scanMessageRetryDelayMs(message.attempts + 1),
      tokenGone: gone && useToken,
      botMessageGone: gone && !useToken,
    });
  }
}
