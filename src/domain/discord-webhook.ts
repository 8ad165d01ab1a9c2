/**
 * A Discord channel's incoming webhook as a webhook endpoint (docs/webhooks.md, "Discord channels"):
 * the simplest way to see results in Discord, without the app. Discord takes its own message shape,
 * not signed events, so such an endpoint has the `discord` format and receives one message per
 * finished scan: the result as an embed.
 */

export const WEBHOOK_FORMATS = ['standard', 'discord'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

/** The only event a Discord endpoint receives. */
export const DISCORD_WEBHOOK_EVENTS = ['pin.finished'] as const;

const DISCORD_HOSTS = new Set(['discord.com', 'discordapp.com', 'ptb.discord.com', 'canary.discord.com']);
const PATH = /^\/api\/(?:v\d+\/)?webhooks\/([0-9]{15,20})\/([A-Za-z0-9_-]{20,200})\/?$/;

/** Whether `url` is a Discord incoming webhook ("Execute Webhook" in Discord's API documentation). */
export function isDiscordWebhookUrl(url: URL): boolean {
  return url.protocol === 'https:' && DISCORD_HOSTS.has(url.hostname) && PATH.test(url.pathname);
}

/**
 * The URL as shown after it was saved: a Discord webhook's path ends in its token, which lets anyone
 * post to the channel, so only its id is shown (the store keeps the whole URL to send to it).
 */
export function shownWebhookUrl(url: string, format: WebhookFormat): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return '…';
  }
  // Whatever the format, a Discord webhook's token is never shown again.
  if (format !== 'discord' && !isDiscordWebhookUrl(parsed)) return url;
  try {
    const parts = parsed.pathname.split('/');
    const tokenAt = parts.length - (parts[parts.length - 1] === '' ? 2 : 1);
    if (tokenAt > 0) parts[tokenAt] = '…';
    parsed.pathname = parts.join('/');
    parsed.search = '';
    return decodeURI(parsed.toString());
  } catch {
    return '…';
  }
}
