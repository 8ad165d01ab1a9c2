import type { KeyObject } from 'node:crypto';
import type { DiscordApi } from '../../lib/discord-rest.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { UseCaseContext } from '../context.js';
import { refuse } from '../failures.js';

/**
 * The built-in Discord application (docs/discord.md), present when the operator configured its three
 * values: Discord calls us with signed interactions, and we call Discord's REST API.
 */
export interface DiscordApp {
  applicationId: string;
  /** The key Discord signs interactions with (lib/discord-signature.ts). */
  publicKey: KeyObject;
  api: DiscordApi & { close(): void };
  /** Seals the interaction tokens kept to edit a scan's message: each is a credential for 15 minutes. */
  tokens: SecretBox;
}

/** The app, or the discord_app_disabled refusal when the operator has not set it up. */
export function discordAppOf(ctx: UseCaseContext): DiscordApp {
  if (ctx.discord === null) refuse({ code: 'discord_app_disabled' });
  return ctx.discord;
}
