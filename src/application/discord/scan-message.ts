import { type DiscordEmbed, toDiscordEmbed } from '@scanpin/client';
import { ButtonStyle, ComponentType } from 'discord-api-types/v10';
import { publicBaseUrl } from '../../config.js';
import { scanButtonId } from '../../domain/discord.js';
import type { PinWithReport } from '../../domain/pin.js';
import { CANCELLED_MESSAGE, type PinState, type PinStatus } from '../../domain/pin-lifecycle.js';
import type { DiscordMessageBody } from '../../lib/discord-rest.js';
import type { UseCaseContext } from '../context.js';
import { resultsView } from '../pins/results-view.js';
import { statusView } from '../pins/status-view.js';
import { withAssurance } from './assurance-embed.js';

/** The states after which a scan's message changes no more. */
export function isFinalStatus(status: PinStatus): boolean {
  return status === 'finished' || status === 'expired' || status === 'error';
}

const HEADLINE: Record<PinStatus, string> = {
  pending: 'Give the player this PIN and the link below: its download needs nothing typed.',
  scanning: 'The scan is running.',
  finished: 'The scan has finished.',
  expired: 'The PIN expired before a scan finished.',
  error: 'The scan failed.',
};

/**
 * A scan's message in Discord (docs/discord.md, "The scan message"): one message per PIN, edited as
 * the PIN moves. The embed is the SDK's rendering of the API's own bodies, within Discord's limits:
 * the status while the scan runs, the results once it finished (verdict, assurance, counts, the
 * findings that fit). Buttons: the scanner's page while it waits, the full result in the dashboard
 * and a share link once finished (the share button is an interaction, checked like a command).
 */
export function scanMessage(
  ctx: Pick<UseCaseContext, 'config'>,
  pin: PinWithReport,
  state: PinState,
  /** The player `/scan` named: mentioned by id, so Discord shows their current name (and pings nobody). */
  playerDiscordId: string | null,
): DiscordMessageBody {
  const base = publicBaseUrl(ctx.config);
  const embed: DiscordEmbed =
    state.status === 'finished'
      ? withAssurance(toDiscordEmbed(resultsView(pin, state)), pin.report?.assurance)
      : toDiscordEmbed(statusView(pin, state, pin.report));
  const who = playerDiscordId === null ? '' : ` for <@${playerDiscordId}>`;
  // A cancelled PIN is `expired`; its headline says which (docs/roles.md, "Cancelling a PIN").
  const headline =
    state.status === 'expired' && state.statusMessage === CANCELLED_MESSAGE
      ? 'The PIN was cancelled before a scan started.'
      : HEADLINE[state.status];
  const content = `Scan PIN${who}: **${pin.code}** (${pin.type}). ${headline}`;
  const buttons =
    state.status === 'finished'
      ? [
          {
            type: ComponentType.Button as const,
            style: ButtonStyle.Link as const,
            label: 'Full result',
            url: `${base}/pins/${pin.code}`,
          },
          {
            type: ComponentType.Button as const,
            style: ButtonStyle.Secondary as const,
            label: 'Share link',
            custom_id: scanButtonId({ action: 'share', pinId: pin.id }),
          },
        ]
      : isFinalStatus(state.status)
        ? []
        : [
            {
              type: ComponentType.Button as const,
              style: ButtonStyle.Link as const,
              label: 'Scanner download',
              // The player's own link: the download carries this server and the PIN
              // (docs/scan-client.md, "Your scan link").
              url: `${base}/scan/${pin.code}`,
            },
          ];
  return {
    content,
    embeds: [embed],
    components: buttons.length === 0 ? [] : [{ type: ComponentType.ActionRow, components: buttons }],
    allowed_mentions: { parse: [] },
  };
}

/**
 * What the first answer says once the scan goes on in the bot's own message (its token runs out
 * after 15 minutes): where to look.
 */
export function handoverMessage(): DiscordMessageBody {
  return {
    content:
      'This scan is followed in a new message below: Discord lets an answer be edited for 15 minutes only.',
    embeds: [],
    components: [],
    allowed_mentions: { parse: [] },
  };
}
