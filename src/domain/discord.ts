/**
 * The built-in Discord application's rules (docs/discord.md): who is staff in a connected server,
 * which signed requests are fresh enough, what a connect code and a button's id look like. Discord's
 * own values (permission bits, snowflakes) are as Discord's API documentation defines them.
 */

/** A Discord server connected to an Enterprise (docs/discord.md, "Connecting a server"). */
export interface DiscordGuild {
  guildId: string;
  enterpriseId: number;
  /** Members holding any of these roles are staff. */
  staffRoleIds: string[];
  connectedAt: number;
  updatedAt: number;
}

/** Discord's permission bits ("Permissions" in Discord's API documentation). */
export const DISCORD_PERMISSION = {
  administrator: 1n << 3n,
  manageGuild: 1n << 5n,
} as const;

/** A Discord snowflake as Discord sends it: a decimal string of up to 20 digits. */
export function isSnowflake(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9]{15,20}$/.test(value);
}

/** At most this many staff roles per server (a server has at most 250 roles). */
export const MAX_STAFF_ROLES = 50;

/**
 * Who may use the staff commands and buttons in a connected server: a member holding one of the
 * server's staff roles, or Discord's Manage Server permission (Administrator includes it). Both come
 * from the signed interaction, so a member cannot claim them.
 */
export function isDiscordStaff(
  member: { roles: readonly string[]; permissions: string },
  staffRoleIds: readonly string[],
): boolean {
  if (hasManageServer(member.permissions)) return true;
  return member.roles.some((role) => staffRoleIds.includes(role));
}

/** Whether a member's permission set (a decimal string of bits) includes Manage Server. */
export function hasManageServer(permissions: string): boolean {
  if (!/^[0-9]{1,30}$/.test(permissions)) return false;
  const bits = BigInt(permissions);
  return (bits & DISCORD_PERMISSION.administrator) !== 0n || (bits & DISCORD_PERMISSION.manageGuild) !== 0n;
}

/**
 * A signed request whose timestamp is further than this from our clock is refused, so a captured
 * request cannot be replayed later (Discord answers within seconds of signing).
 */
export const SIGNATURE_WINDOW_SECONDS = 300;

/** Whether `timestamp` (unix seconds, as Discord sends it) is within the window around `now` (ms). */
export function isFreshTimestamp(timestamp: string, now: number): boolean {
  if (!/^[0-9]{1,12}$/.test(timestamp)) return false;
  return Math.abs(Number(timestamp) * 1000 - now) <= SIGNATURE_WINDOW_SECONDS * 1000;
}

/**
 * How long an answered interaction's id must be remembered (docs/discord.md, "Security"): while its
 * signature is fresh, that is until its timestamp plus the window, and its timestamp may be up to the
 * window ahead of our clock. Counted from the later of its arrival and its timestamp, then the window
 * and a minute more for instances whose clocks differ a little.
 */
export const INTERACTION_MEMORY_MS = (SIGNATURE_WINDOW_SECONDS + 60) * 1000;

/** The moment an interaction's memory is counted from: the later of `now` and its signed timestamp. */
export function interactionMemoryFrom(timestamp: string, now: number): number {
  const signedAt = /^[0-9]{1,12}$/.test(timestamp) ? Number(timestamp) * 1000 : now;
  return Math.max(now, signedAt);
}

/** A connect code: eight characters from an alphabet without look-alikes, valid for this long. */
export const CONNECT_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const CONNECT_CODE_LENGTH = 8;
export const CONNECT_CODE_TTL_MS = 30 * 60_000;

/** The code as a person may type it (any case, spaces or dashes), or undefined when it cannot be one. */
export function normalizeConnectCode(input: string): string | undefined {
  const code = input.replace(/[\s-]/g, '').toUpperCase();
  if (code.length !== CONNECT_CODE_LENGTH) return undefined;
  for (const c of code) if (!CONNECT_CODE_ALPHABET.includes(c)) return undefined;
  return code;
}

/**
 * The buttons on a scan's message carry the PIN's row id, nothing else; a press is checked like a
 * command (the server, then staff), so the id tells nothing the presser may not see.
 */
export type ScanButton = { action: 'share'; pinId: number };

export function scanButtonId(button: ScanButton): string {
  return `scanpin:${button.action}:${button.pinId}`;
}

export function parseScanButtonId(customId: string): ScanButton | undefined {
  const match = /^scanpin:(share):([0-9]{1,15})$/.exec(customId);
  if (match === null) return undefined;
  return { action: match[1] as ScanButton['action'], pinId: Number(match[2]) };
}

/**
 * Interaction tokens let the first answer be edited for 15 minutes ("Receiving and Responding" in
 * Discord's API documentation); we stop using one a minute early, so an edit in flight never meets
 * an expired token, and go on with the bot's own message in the channel.
 */
export const INTERACTION_TOKEN_LIFETIME_MS = 15 * 60_000;
export const INTERACTION_TOKEN_MARGIN_MS = 60_000;

/** Discord's epoch: a snowflake's top bits are milliseconds since 2015 ("Snowflakes" in Discord's API documentation). */
const DISCORD_EPOCH_MS = 1_420_070_400_000n;

/** When Discord made the thing a snowflake names (an interaction: when it was sent), in epoch ms. */
export function snowflakeTime(id: string): number | undefined {
  if (!isSnowflake(id)) return undefined;
  return Number((BigInt(id) >> 22n) + DISCORD_EPOCH_MS);
}

/** When an interaction's token stops working: 15 minutes after Discord made the interaction. */
export function interactionTokenExpiry(interactionId: string, now: number): number {
  const made = snowflakeTime(interactionId);
  return Math.min(now, made ?? now) + INTERACTION_TOKEN_LIFETIME_MS;
}

/**
 * A scan's message is edited this long after `/scan` answered, even with nothing new: the first
 * answer may not have reached Discord (late, or the instance died before sending it).
 */
export const SCAN_MESSAGE_CONFIRM_AFTER_MS = 3_000;

/**
 * Discord may not know a token yet for a few seconds after a deferred answer ("thinking…"); an
 * "unknown" answer then is worth trying again rather than giving the token up.
 */
export const NEW_TOKEN_GRACE_MS = 10_000;

/** A message Discord refused outright (no permission in the channel) this many times in a row is reported in the log. */
export const SCAN_MESSAGE_REFUSALS_TO_REPORT = 5;

/**
 * A scan message is edited at most this often: each edit shows the latest state, so a fast scan's
 * many moves make a few edits, well within Discord's per-message limits.
 */
export const SCAN_MESSAGE_MIN_INTERVAL_MS = 1_500;

/** Retrying a message Discord did not take: doubling from 5 s up to 10 minutes, for as long as the PIN exists. */
export function scanMessageRetryDelayMs(attempts: number): number {
  return Math.min(10 * 60_000, 5_000 * 2 ** Math.max(0, attempts - 1));
}

/**
 * What the bot needs in a channel to post and edit a scan's message once the interaction's token ran
 * out: View Channel, Send Messages, Embed Links and Read Message History.
 */
export const DISCORD_BOT_PERMISSIONS = (1n << 10n) | (1n << 11n) | (1n << 14n) | (1n << 16n);

/** The link that adds the app to a server, with its commands and its bot ("OAuth2" in Discord's API documentation). */
export function discordInviteUrl(applicationId: string, permissions: bigint): string {
  const query = new URLSearchParams({
    client_id: applicationId,
    scope: 'bot applications.commands',
    permissions: permissions.toString(),
  });
  return `https://discord.com/oauth2/authorize?${query.toString()}`;
}
