import { Command, InvalidArgumentError } from 'commander';
import { registerDiscordCommands } from '../application/discord/register-commands.js';
import { loadConfig } from '../config.js';
import { isSnowflake } from '../domain/discord.js';
import type { Output } from './admin.js';

function guildId(value: string): string {
  if (!isSnowflake(value)) throw new InvalidArgumentError('must be a Discord server ID (15 to 20 digits)');
  return value;
}

/**
 * `npx scanpin discord register [--guild ID]` (docs/discord.md, "Setting it up"): registers the
 * app's slash commands with Discord. Reads the same environment as the server.
 */
export function discordCommand(io: Output, env: NodeJS.ProcessEnv = process.env): Command {
  const discord = new Command('discord').description('the built-in Discord app');
  discord
    .command('register')
    .description("overwrite the Discord application's slash commands with scanpin's")
    .option('--guild <id>', 'register in this one server only (appear at once; for trying them out)', guildId)
    .action(async (opts: { guild?: string }) => {
      const done = await registerDiscordCommands(loadConfig(env), opts.guild);
      const where = done.scope === 'global' ? 'globally' : `in server ${done.scope.guildId}`;
      io.out(`Registered ${done.commands} commands ${where}.`);
      io.out(`Interactions Endpoint URL for the developer portal: ${done.interactionsUrl}`);
    });
  return discord;
}
