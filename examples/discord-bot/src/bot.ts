/**
 * A Discord bot on @scanpin/client (packages/client/README.md):
 *   /scan game:<type>  creates a PIN, shows it, follows the scan live and posts the verdict;
 *   /risk user:<user>  posts a player's risk score.
 * Set DISCORD_TOKEN, DISCORD_APPLICATION_ID, SCANPIN_API_KEY and SCANPIN_URL (e.g. in .env).
 */

import { type GameType, ScanpinClient, ScanpinError, toDiscordEmbed } from '@scanpin/client';
import {
  type ChatInputCommandInteraction,
  Client,
  Events,
  GatewayIntentBits,
  REST,
  Routes,
  SlashCommandBuilder,
} from 'discord.js';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Set ${name} (see examples/discord-bot/README.md).`);
  return value;
}

const scanpin = new ScanpinClient({ apiKey: required('SCANPIN_API_KEY'), baseUrl: required('SCANPIN_URL') });

const GAMES: GameType[] = [
  'FiveM',
  'RedM',
  'Java',
  'Bedrock',
  'RageMP',
  'AltV',
  'Roblox',
  'SanAndreas',
  'Cod',
  'Rust',
];

const commands = [
  new SlashCommandBuilder()
    .setName('scan')
    .setDescription('Create a scan PIN for a player and post the verdict when the scan ends')
    .addStringOption((o) =>
      o
        .setName('game')
        .setDescription('The game to scan for')
        .setRequired(true)
        .addChoices(...GAMES.map((g) => ({ name: g, value: g }))),
    ),
  new SlashCommandBuilder()
    .setName('risk')
    .setDescription("A player's scanpin risk score")
    .addUserOption((o) => o.setName('user').setDescription('The player').setRequired(true)),
];

async function scan(interaction: ChatInputCommandInteraction): Promise<void> {
  const game = interaction.options.getString('game', true) as GameType;
  const pin = await scanpin.pins.create({ type: game, pinName: `Requested by ${interaction.user.username}` });
  await interaction.reply(`Run the scanner and enter PIN **${pin.pin}** (valid until ${pin.expiresAt}).`);
  // Discord allows about 5 edits per 5 seconds per message: show progress at most every 3 seconds.
  let lastEdit = 0;
  const results = await scanpin.waitForResult(pin.pin, {
    signal: AbortSignal.timeout(3 * 60 * 60 * 1000),
    onProgress: (status) => {
      if (Date.now() - lastEdit < 3000 || status.status === 'pending') return;
      lastEdit = Date.now();
      void interaction.editReply({
        content: `PIN **${pin.pin}**: ${status.status}`,
        embeds: [toDiscordEmbed(status)],
      });
    },
  });
  await interaction.editReply({ content: `PIN **${pin.pin}** is done.`, embeds: [toDiscordEmbed(results)] });
}

async function risk(interaction: ChatInputCommandInteraction): Promise<void> {
  const user = interaction.options.getUser('user', true);
  await interaction.reply({ embeds: [toDiscordEmbed(await scanpin.users.riskScore(user.id))] });
}

const client = new Client({ intents: [GatewayIntentBits.Guilds] });

client.on(Events.InteractionCreate, async (interaction) => {
  if (!interaction.isChatInputCommand()) return;
  try {
    if (interaction.commandName === 'scan') await scan(interaction);
    else if (interaction.commandName === 'risk') await risk(interaction);
  } catch (error) {
    // A ScanpinError's detail says what to do next; quote the request id when reporting it.
    const message =
      error instanceof ScanpinError
        ? `scanpin refused: ${error.detail} (request ${error.requestId})`
        : 'Something went wrong.';
    if (interaction.replied || interaction.deferred)
      await interaction.editReply({ content: message, embeds: [] });
    else await interaction.reply({ content: message, ephemeral: true });
  }
});

client.once(Events.ClientReady, (ready) => console.log(`Signed in to Discord as ${ready.user.tag}`));

const token = required('DISCORD_TOKEN');
await new REST().setToken(token).put(Routes.applicationCommands(required('DISCORD_APPLICATION_ID')), {
  body: commands.map((c) => c.toJSON()),
});
await client.login(token);
