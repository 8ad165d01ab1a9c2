import type { Config } from '../../config.js';
import { publicBaseUrl } from '../../config.js';
import { DISCORD_COMMANDS } from '../../domain/discord-commands.js';
import { discordRest } from '../../lib/discord-rest.js';

export interface Registered {
  commands: number;
  /** Global commands reach every server; one server's appear there at once (for trying them out). */
  scope: 'global' | { guildId: string };
  interactionsUrl: string;
}

/**
 * `scanpin discord register` (docs/discord.md, "Setting it up"): overwrites the application's commands
 * with ours in one request, globally or for one server. First checks that the bot token belongs to
 * DISCORD_APPLICATION_ID and that DISCORD_PUBLIC_KEY is that application's key, so a pasted value
 * from another application is found now, not when the first interaction is refused.
 */
export async function registerDiscordCommands(config: Config, guildId?: string): Promise<Registered> {
  const { discordApplicationId, discordPublicKey, discordBotToken } = config;
  if (discordApplicationId === undefined || discordPublicKey === undefined || discordBotToken === undefined)
    throw new Error(
      'The Discord app is not configured: set DISCORD_APPLICATION_ID, DISCORD_PUBLIC_KEY and DISCORD_BOT_TOKEN (docs/discord.md).',
    );
  const api = discordRest({ apiUrl: config.discordApiUrl, botToken: discordBotToken });
  try {
    const app = await api.currentApplication();
    if (app.id !== discordApplicationId)
      throw new Error(
        `DISCORD_BOT_TOKEN belongs to application ${app.id}, not DISCORD_APPLICATION_ID ${discordApplicationId}.`,
      );
    if (app.verifyKey.toLowerCase() !== discordPublicKey.toLowerCase())
      throw new Error(
        "DISCORD_PUBLIC_KEY is not this application's public key; copy it again from the developer portal (General Information).",
      );
    const commands = await api.putCommands(discordApplicationId, DISCORD_COMMANDS, guildId);
    return {
      commands,
      scope: guildId === undefined ? 'global' : { guildId },
      interactionsUrl: `${publicBaseUrl(config)}/discord/interactions`,
    };
  } finally {
    api.close();
  }
}
