import { toDiscordEmbed } from '@scanpin/client';
import { observe } from '../../domain/pin-lifecycle.js';
import type { ClaimedDelivery } from '../../storage/repositories/webhooks.js';
import type { UseCaseContext } from '../context.js';
import { withAssurance } from '../discord/assurance-embed.js';
import { resultsView } from '../pins/results-view.js';
import { lifecycleSettings } from '../settings.js';

/**
 * The message a Discord channel's webhook is sent (docs/webhooks.md, "Discord channels"): the
 * finished scan's result and its assurance as an embed, within Discord's limits (the SDK's rules),
 * mentioning nobody. A test delivery (ping) says what the channel will receive. Built when sent,
 * from the PIN as stored.
 */
export async function discordWebhookBody(ctx: UseCaseContext, claimed: ClaimedDelivery): Promise<string> {
  const base = { username: 'scanpin', allowed_mentions: { parse: [] } };
  const code = (JSON.parse(claimed.payload) as { data?: { pin?: unknown } }).data?.pin;
  const pin = typeof code === 'string' ? await ctx.repos.pins.findByCode(code) : undefined;
  if (claimed.type !== 'pin.finished' || pin === undefined) {
    return JSON.stringify({
      ...base,
      content:
        pin === undefined && claimed.type === 'pin.finished'
          ? 'A scan finished, but its result has since been removed.'
          : 'scanpin is connected: this channel will receive the result of every finished scan.',
    });
  }
  const state = observe(pin.state, ctx.clock(), lifecycleSettings(ctx.config));
  const embed = withAssurance(toDiscordEmbed(resultsView(pin, state)), pin.report?.assurance);
  return JSON.stringify({ ...base, embeds: [embed] });
}
