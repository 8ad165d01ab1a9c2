/** Player IDs (docs/api.md, "Players"): a chat-platform (Discord) user ID is 17 to 20 decimal digits. */
export const DISCORD_ID_PATTERN = '^[0-9]{17,20}$';

const DISCORD_ID = new RegExp(DISCORD_ID_PATTERN);

export function isDiscordId(value: string): boolean {
  return DISCORD_ID.test(value);
}
