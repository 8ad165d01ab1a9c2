import { SIGNATURE_WINDOW_SECONDS } from '../../domain/discord.js';
import type { DiscordMessageBody } from '../../lib/discord-rest.js';
import type { UseCaseContext } from '../context.js';
import { discordAppOf } from './discord-app.js';

/** An interaction id is remembered a minute longer than its signature stays fresh. */
const REMEMBER_MS = (SIGNATURE_WINDOW_SECONDS + 60) * 1000;

/**
 * Whether this is the first time any instance answers the interaction (docs/discord.md, "Security"):
 * a captured request sent again while its signature is still fresh is refused like a bad signature.
 */
export function isNewInteraction(ctx: UseCaseContext, interactionId: string): Promise<boolean> {
  const now = ctx.clock();
  return ctx.repos.discord.firstSightOfInteraction(interactionId, now, now - REMEMBER_MS);
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
