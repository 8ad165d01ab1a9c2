import {
  INTERACTION_TOKEN_LIFETIME_MS,
  INTERACTION_TOKEN_MARGIN_MS,
  NEW_TOKEN_GRACE_MS,
  SCAN_MESSAGE_MIN_INTERVAL_MS,
  SCAN_MESSAGE_REFUSALS_TO_REPORT,
  scanMessageRetryDelayMs,
} from '../../domain/discord.js';
import { observe } from '../../domain/pin-lifecycle.js';
import { randomToken } from '../../lib/crypto.js';
import { DiscordRequestFailed } from '../../lib/discord-rest.js';
import type { ServiceLog } from '../../logger.js';
import type { ScanMessage } from '../../storage/repositories/discord.js';
import type { UseCaseContext } from '../context.js';
import { lifecycleSettings } from '../settings.js';
import type { DiscordApp } from './discord-app.js';
import { handoverMessage, isFinalStatus, scanMessage } from './scan-message.js';

/** Messages claimed per run. */
const BATCH = 10;
/**
 * A claim outlasts any edit: each is abandoned (retries and rate-limit waits included) after
 * SEND_DEADLINE_MS, well inside the claim, so a claim never runs out while its edit is under way.
 */
const CLAIM_HOLD_MS = 120_000;
const SEND_DEADLINE_MS = 60_000;

/**
 * Brings due scan messages up to their PINs' state (docs/discord.md, "The scan message"). The
 * message shows the PIN as it is when the edit is made, so moves in between are coalesced into one
 * edit, at most one per SCAN_MESSAGE_MIN_INTERVAL_MS; a message Discord did not take stays due and is
 * tried again, so the last state arrives, for as long as the PIN exists; one Discord refuses outright
 * (the bot may not post in the channel) is reported in the log once and still tried every 10 minutes. While the interaction's
 * token lives the first answer is edited; after it, the bot's own message in the channel. Runs may
 * overlap: each message is claimed in the store, so no two edit one message.
 */
export async function deliverDueScanMessages(ctx: UseCaseContext, log?: ServiceLog): Promise<number> {
  const app = ctx.discord;
  if (app === null) return 0;
  const claimed = await ctx.repos.discord.claimDueScanMessages(
    ctx.clock(),
    BATCH,
    CLAIM_HOLD_MS,
    randomToken(16),
  );
  await Promise.all(claimed.map((message) => deliver(ctx, app, message, log)));
  return claimed.length;
}

async function deliver(ctx: UseCaseContext, app: DiscordApp, message: ScanMessage, log?: ServiceLog) {
  const now = ctx.clock();
  const tokenUsable =
    message.interactionTokenSealed !== null && message.tokenExpiresAt - INTERACTION_TOKEN_MARGIN_MS > now;
  const signal = AbortSignal.timeout(SEND_DEADLINE_MS);
  let final = false;
  try {
    const stored = await ctx.repos.pins.findById(message.pinId);
    const pin = stored === undefined ? undefined : await ctx.repos.pins.findByCode(stored.code);
    // Removed meanwhile (retention); its message row went with it.
    if (pin === undefined) return;
    const state = observe(pin.state, now, lifecycleSettings(ctx.config));
    final = isFinalStatus(state.status);
    const body = scanMessage(ctx, pin, state, message.playerDiscordId);
    if (tokenUsable) {
      const token = app.tokens.open(message.interactionTokenSealed as string);
      await app.api.editOriginalResponse(app.applicationId, token, body, { signal });
    } else if (message.botMessageId !== null) {
      await app.api.editChannelMessage(message.channelId, message.botMessageId, body, { signal });
    } else {
      const posted = await app.api.createChannelMessage(message.channelId, body, { signal });
      await ctx.repos.discord.botMessagePosted(message.pinId, message.claimToken, posted.id);
      await pointFirstAnswerAt(ctx, app, message, signal);
    }
    const at = ctx.clock();
    await ctx.repos.discord.scanMessageSent({
      pinId: message.pinId,
      claimToken: message.claimToken,
      revision: pin.revision,
      final,
      nextAt: at + SCAN_MESSAGE_MIN_INTERVAL_MS,
      now: at,
    });
  } catch (err) {
    await failed(ctx, message, err, tokenUsable, log);
  }
}

/**
 * The token is about to run out while the scan goes on in the bot's own message: the first answer
 * says so, while it still can (a minute is left). Best effort: nothing depends on it.
 */
async function pointFirstAnswerAt(
  ctx: UseCaseContext,
  app: DiscordApp,
  message: ScanMessage,
  signal: AbortSignal,
): Promise<void> {
  if (message.interactionTokenSealed === null || message.tokenExpiresAt <= ctx.clock()) return;
  try {
    const token = app.tokens.open(message.interactionTokenSealed);
    await app.api.editOriginalResponse(app.applicationId, token, handoverMessage(), { signal });
  } catch {
    // The continuation is posted; a first answer left as it was is only less tidy.
  }
}

async function failed(
  ctx: UseCaseContext,
  message: ScanMessage,
  err: unknown,
  tokenUsed: boolean,
  log?: ServiceLog,
): Promise<void> {
  const now = ctx.clock();
  const failure = err instanceof DiscordRequestFailed ? err : null;
  const tokenAge = now - (message.tokenExpiresAt - INTERACTION_TOKEN_LIFETIME_MS);
  // Gone: the token expired early, or the bot's message was deleted; both are replaced at once. Right
  // after a deferred answer Discord may not know the token yet, so that is tried again instead.
  const gone =
    failure?.gone === true && (tokenUsed ? tokenAge > NEW_TOKEN_GRACE_MS : message.botMessageId !== null);
  // Refused outright (no permission in the channel, a channel gone): still tried again while the scan
  // exists, since a permission may be granted (at most every 10 minutes, well inside Discord's
  // invalid-request limit), and the operator is told once.
  const refused = failure !== null && !failure.retryable && !gone;
  const report = refused && message.attempts + 1 === SCAN_MESSAGE_REFUSALS_TO_REPORT;
  // Never the token or a URL holding it: DiscordRequestFailed words its message without them.
  const error = failure?.message ?? 'the message could not be built or sent';
  await ctx.repos.discord.scanMessageFailed({
    pinId: message.pinId,
    claimToken: message.claimToken,
    error,
    nextAt: gone ? now : now + scanMessageRetryDelayMs(message.attempts + 1),
    tokenGone: gone && tokenUsed,
    botMessageGone: gone && !tokenUsed,
  });
  if (failure === null) log?.warn({ err, pinId: message.pinId }, 'a Discord scan message could not be built');
  else if (report)
    log?.warn(
      { pinId: message.pinId, discordError: error },
      'Discord keeps refusing a scan message; it is tried again every 10 minutes (docs/discord.md, "Troubleshooting")',
    );
}
