import {
  ApplicationCommandOptionType,
  ApplicationCommandType,
  ApplicationIntegrationType,
  InteractionContextType,
  type RESTPutAPIApplicationCommandsJSONBody,
} from 'discord-api-types/v10';
import { GAME_TYPES } from './game-types.js';
import { MODERATION_LIMITS } from './moderation.js';
import { PIN_LENGTH } from './pin-code.js';

/**
 * The application's slash commands (docs/discord.md, "Commands"), as `scanpin discord register`
 * sends them to Discord in one bulk overwrite. Servers only (no DMs), installed to servers only.
 * Who may use them is decided by scanpin on every use (staff roles or Manage Server), so the staff
 * commands are visible to everyone; Discord's own visibility setting is advice a server admin can
 * change, never the check.
 */
export const COMMAND = {
  scan: 'scan',
  cancel: 'cancel',
  lookup: 'lookup',
  risk: 'risk',
  ban: 'ban',
  warn: 'warn',
  note: 'note',
  unban: 'unban',
  scanpin: 'scanpin',
} as const;
export const SUBCOMMAND = { connect: 'connect' } as const;

const serverOnly = {
  contexts: [InteractionContextType.Guild],
  integration_types: [ApplicationIntegrationType.GuildInstall],
};

const player = (description: string) => ({
  type: ApplicationCommandOptionType.User as const,
  name: 'player',
  description,
  required: true,
});

export const DISCORD_COMMANDS: RESTPutAPIApplicationCommandsJSONBody = [
  {
    type: ApplicationCommandType.ChatInput,
    name: COMMAND.scan,
    description: 'Create a scan PIN for a player and follow the scan in this channel.',
    options: [
      {
        type: ApplicationCommandOptionType.String,
        name: 'game',
        description: 'The game the player is checked for.',
        required: true,
        choices: GAME_TYPES.map((game) => ({ name: game, value: game })),
      },
      player('The player who will run the scanner.'),
      {
        type: ApplicationCommandOptionType.Boolean,
        name: 'private',
        description: 'Only your Enterprise sees the result (default: no).',
        required: false,
      },
    ],
    ...serverOnly,
  },
  {
    type: ApplicationCommandType.ChatInput,
    name: COMMAND.cancel,
    description: 'Cancel a pending scan PIN (a player who never showed up), freeing its slot.',
    options: [
      {
        type: ApplicationCommandOptionType.String,
        name: 'pin',
        description: 'The PIN shown in its scan message.',
        required: true,
        min_length: PIN_LENGTH,
        max_length: PIN_LENGTH,
      },
    ],
    ...serverOnly,
  },
  {
    type: ApplicationCommandType.ChatInput,
    name: COMMAND.lookup,
    description: "A player's scans, bans, notes and related accounts (only you see the answer).",
    options: [player('The player to look up.')],
    ...serverOnly,
  },
  {
    type: ApplicationCommandType.ChatInput,
    name: COMMAND.risk,
    description: "A player's risk score (only you see the answer).",
    options: [player('The player to score.')],
    ...serverOnly,
  },
  ...(['ban', 'warn'] as const).map((kind) => ({
    type: ApplicationCommandType.ChatInput as const,
    name: COMMAND[kind],
    description:
      kind === 'ban'
        ? 'Ban a player for your community; every community sees it once the player has proven their account.'
        : 'Warn a player for your community; every community sees it once the player has proven their account.',
    options: [
      player(kind === 'ban' ? 'The player to ban.' : 'The player to warn.'),
      {
        type: ApplicationCommandOptionType.String as const,
        name: 'reason',
        description: 'Why: shown with it wherever it shows.',
        required: true,
        min_length: 1,
        max_length: MODERATION_LIMITS.reason,
      },
      {
        type: ApplicationCommandOptionType.Integer as const,
        name: 'days',
        description: 'How many days it lasts (default: until lifted with /unban).',
        required: false,
        min_value: 1,
        max_value: MODERATION_LIMITS.days,
      },
    ],
    ...serverOnly,
  })),
  {
    type: ApplicationCommandType.ChatInput,
    name: COMMAND.note,
    description: 'Add a note on a player that only your community reads (in /lookup).',
    options: [
      player('The player the note is about.'),
      {
        type: ApplicationCommandOptionType.String,
        name: 'text',
        description: 'The note.',
        required: true,
        min_length: 1,
        max_length: MODERATION_LIMITS.note,
      },
    ],
    ...serverOnly,
  },
  {
    type: ApplicationCommandType.ChatInput,
    name: COMMAND.unban,
    description: "Lift your community's bans and warnings on a player.",
    options: [player('The player whose bans and warnings to lift.')],
    ...serverOnly,
  },
  {
    type: ApplicationCommandType.ChatInput,
    name: COMMAND.scanpin,
    description: 'Connect this server to your scanpin Enterprise.',
    // Manage Server: the person connecting must be able to manage the server.
    default_member_permissions: '32',
    options: [
      {
        type: ApplicationCommandOptionType.Subcommand,
        name: SUBCOMMAND.connect,
        description: 'Connect this server with the one-time code from the dashboard.',
        options: [
          {
            type: ApplicationCommandOptionType.String,
            name: 'code',
            description: 'The connect code shown in the dashboard (Settings → Discord).',
            required: true,
            min_length: 8,
            max_length: 12,
          },
        ],
      },
    ],
    ...serverOnly,
  },
];
