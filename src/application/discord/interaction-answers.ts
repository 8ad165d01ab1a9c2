import { INTERACTION_MEMORY_MS, interactionMemoryFrom } from '../../domain/discord.js';
import type { DiscordMessageBody } from '../../lib/discord-rest.js';
import type { UseCaseContext } from '../context.js';
import { discordAppOf } from './discord-app.js';

/**
 * Whether this is the first time any instance answers the interaction (docs/discord.md, "Security"):
 * a captured request sent again while its signature is still fresh is refused like a bad signature.
 * Its id is remembered until its signature can no longer be fresh: a timestamp ahead of our clock
 * keeps it longer (`interactionMemoryFrom`).
 */
export function isNewInteraction(
  ctx: UseCaseContext,
  interactionId: string,
  /** The signed `X-Signature-Timestamp` (unix seconds), already checked fresh. */
  timestamp: string,
): Promise<boolean> {
  const now = ctx.clock();
  return ctx.repos.discord.firstSightOfInteraction(
    interactionId,
    interactionMemoryFrom(timestamp, now),
    now - INTERACTION_MEMORY_MS,
  );
}

/**
 * An answer that took longer than Discord waits was shown as "thinking…"; this edits it in. An edit
 * keeps the visibility the deferral chose, so the answer's own flags are not sent again.
 */
export async function completeDeferredAnswer(
  ctx: UseCaseContext,
  interactionToken: string,
  message: DiscordMessageBody,
): Promise<void> {
  const app = discordAppOf(ctx);
  const { flags: _visibility, ...edit } = message;
  await app.api.editOriginalResponse(app.applicationId, interactionToken, edit);
}
