import { DISCORD_ID_PATTERN } from '@scanpin/evidence';

/**
 * Player IDs (docs/api.md, "Players"): a chat-platform (Discord) user ID is 17 to 20 decimal digits.
 * The pattern is held in packages/evidence, whose schema checks the Discord accounts a scan found.
 */
export { DISCORD_ID_PATTERN };

const DISCORD_ID = new RegExp(DISCORD_ID_PATTERN);

export function isDiscordId(value: string): boolean {
  return DISCORD_ID.test(value);
}
