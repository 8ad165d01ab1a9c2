/** At most this many staff roles per server, as the server allows (src/domain/discord.ts). */
export const MAX_STAFF_ROLES = 50;

/** A Discord ID (snowflake): 15 to 20 digits, as the server's schema requires. */
const ROLE_ID = /^[0-9]{15,20}$/;

/**
 * Role IDs typed or pasted by a person, separated by commas, spaces or new lines, without repeats;
 * or the sentence saying what is wrong with them (docs/discord.md, "Connecting a server").
 */
export function parseRoleIds(text: string): { ids: string[] } | { error: string } {
  const words = text.split(/[\s,;]+/).filter((w) => w !== '');
  const bad = words.find((w) => !ROLE_ID.test(w));
  if (bad !== undefined) {
    const shown = bad.length > 30 ? `${bad.slice(0, 29)}…` : bad;
    return {
      error: `“${shown}” is not a role ID: a role ID is 15 to 20 digits (in Discord: Developer Mode, then right-click the role → Copy Role ID).`,
    };
  }
  const ids = [...new Set(words)];
  if (ids.length > MAX_STAFF_ROLES) {
    return { error: `A server has at most ${MAX_STAFF_ROLES} staff roles; this list has ${ids.length}.` };
  }
  return { ids };
}
