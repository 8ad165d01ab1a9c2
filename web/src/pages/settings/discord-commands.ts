/**
 * The Discord app's commands, as the server registers them (src/domain/discord-commands.ts;
 * docs/discord.md, "Commands"): the one list the Discord settings show. The `staff` ones are refused
 * in a server once it is disconnected; `/scanpin connect` is how a server connects (again).
 */
export const DISCORD_APP_COMMANDS: ReadonlyArray<{ name: string; what: string; staff: boolean }> = [
  {
    name: '/scan',
    what: 'creates a scan PIN for a player; its message follows the scan until the verdict',
    staff: true,
  },
  { name: '/cancel', what: 'cancels the pending PIN of a player who never showed up', staff: true },
  { name: '/lookup', what: 'a player’s scans, bans, notes and related accounts', staff: true },
  { name: '/risk', what: 'a player’s risk score', staff: true },
  { name: '/ban', what: 'bans a player for this Enterprise', staff: true },
  { name: '/warn', what: 'warns a player for this Enterprise', staff: true },
  { name: '/note', what: 'adds a note on a player that only this Enterprise’s staff read', staff: true },
  { name: '/unban', what: 'lifts this Enterprise’s bans and warnings on a player', staff: true },
  {
    name: '/scanpin connect',
    what: 'ties the server to this Enterprise with a connect code (members with Manage Server)',
    staff: false,
  },
];

/** The commands a disconnected server's members can no longer use. */
export const STAFF_COMMANDS = DISCORD_APP_COMMANDS.filter((c) => c.staff).map((c) => c.name);
