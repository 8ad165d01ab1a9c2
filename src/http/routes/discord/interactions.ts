import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import type { UseCaseContext } from '../../../application/context.js';
import { discordAppOf } from '../../../application/discord/discord-app.js';
import { connectWithCode } from '../../../application/discord/guilds.js';
import {
  completeDeferredAnswer,
  isNewInteraction,
} from '../../../application/discord/interaction-answers.js';
import { lookupFromDiscord, riskFromDiscord } from '../../../application/discord/player-commands.js';
import { scanFromDiscord, showScanMessageSoon } from '../../../application/discord/scan-command.js';
import { scanMessage } from '../../../application/discord/scan-message.js';
import { shareFromDiscord } from '../../../application/discord/share-button.js';
import {
  noteFromDiscord,
  sanctionFromDiscord,
  unbanFromDiscord,
} from '../../../application/moderation/from-discord.js';
import { cancelPinFromDiscord } from '../../../application/pins/cancel-pin.js';
import { isFreshTimestamp, parseScanButtonId } from '../../../domain/discord.js';
import { COMMAND, SUBCOMMAND } from '../../../domain/discord-commands.js';
import { isDiscordId } from '../../../domain/discord-id.js';
import { GAME_TYPES, type GameType } from '../../../domain/game-types.js';
import { MODERATION_LIMITS } from '../../../domain/moderation.js';
import { iso } from '../../../domain/time.js';
import type { DiscordMessageBody } from '../../../lib/discord-rest.js';
import { isDiscordSignature } from '../../../lib/discord-signature.js';
import { problems } from '../../problem.js';
import { problemResponses } from '../../schemas/common.js';
import {
  ephemeralText,
  lookupMessage,
  noteAnswer,
  refusalMessage,
  riskMessage,
  SOMETHING_WENT_WRONG,
  sanctionAnswer,
  unbanAnswer,
} from './answers.js';
import { INTERACTION_TYPE, type ParsedInteraction, parseInteraction } from './interaction.js';

/** Discord's interaction callback types ("Interaction Response Object"). */
const CALLBACK = { pong: 1, message: 4, deferredMessage: 5 } as const;
/**
 * Discord waits 3 seconds for the first answer; work not done in this much is answered "thinking…"
 * and its result edited in when it is (docs/discord.md, "The scan message").
 */
const ANSWER_WITHIN_MS = 2_300;
/** Discord's interaction bodies are a few kilobytes; more is not Discord. */
const BODY_LIMIT = 64 * 1024;

type Answer = { type: number; data?: DiscordMessageBody };
/** Work that may outlast the deadline: `run` makes the answer; `ephemeral` is what a deferral shows. */
interface Work {
  ephemeral: boolean;
  run: () => Promise<DiscordMessageBody>;
  /** Called instead of editing the answer in when the work ended after a deferral (a scan's message). */
  afterDeferral?: (message: DiscordMessageBody) => Promise<void>;
}

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: Buffer;
  }
}

/**
 * `POST /discord/interactions` (docs/discord.md): Discord's HTTP interactions endpoint. Every request
 * is verified before anything else, PING included (Discord sends bad signatures on purpose to check
 * that they are refused): an Ed25519 signature over the timestamp and the raw body, a timestamp
 * within five minutes, and an interaction id not seen before. Then one use case per command or
 * button, answered within Discord's three seconds.
 */
export function discordInteractionRoutes(ctx: UseCaseContext): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    // The signature covers the bytes as sent, so this route keeps them (only inside this plugin).
    // The limit is the route's, not the parser's: a 413 names the route's limit (plugins/errors.ts).
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
      request.rawBody = body as Buffer;
      done(null, null);
    });

    app.post(
      '/discord/interactions',
      {
        bodyLimit: BODY_LIMIT,
        schema: {
          tags: ['Discord'],
          summary: 'Discord interactions (called by Discord, signed)',
          description:
            'Set as the application’s Interactions Endpoint URL in Discord’s developer portal. Every request must carry Discord’s Ed25519 signature (`X-Signature-Ed25519`, `X-Signature-Timestamp`); anything else is `401`. See docs/discord.md.',
          response: {
            200: Type.Object({ type: Type.Integer() }, { additionalProperties: true }),
            ...problemResponses(400, 401, 404, 413),
          },
        },
      },
      async (request, reply) => {
        const discord = discordAppOf(ctx);
        const raw = request.rawBody ?? Buffer.alloc(0);
        const signature = request.headers['x-signature-ed25519'];
        const timestamp = request.headers['x-signature-timestamp'];
        const verified =
          typeof signature === 'string' &&
          typeof timestamp === 'string' &&
          isFreshTimestamp(timestamp, ctx.clock()) &&
          isDiscordSignature(discord.publicKey, signature, timestamp, raw);
        let body: unknown;
        try {
          body = verified ? JSON.parse(raw.toString('utf8')) : undefined;
        } catch {
          throw problems.invalidBody('The body is not valid JSON.');
        }
        const interaction = verified ? parseInteraction(body) : undefined;
        // Not counted against the sender's address: a signature cannot be guessed, and Discord sends
        // bad ones on purpose, which must always get their 401 (a 429 would cost the endpoint).
        if (!verified) throw problems.invalidDiscordSignature();
        // A PING changes nothing, so only other interactions must be new.
        if (
          interaction !== undefined &&
          interaction.type !== INTERACTION_TYPE.ping &&
          !(await isNewInteraction(ctx, interaction.id, timestamp as string))
        )
          throw problems.invalidDiscordSignature();
        if (interaction === undefined) throw problems.invalidBody('The body is not a Discord interaction.');
        const answer = await answerInteraction(ctx, interaction, request.log);
        return reply.header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(answer));
      },
    );
  };
}

type Log = { error: (obj: object, msg: string) => void };

async function answerInteraction(
  ctx: UseCaseContext,
  interaction: ParsedInteraction,
  log: Log,
): Promise<Answer> {
  if (interaction.type === INTERACTION_TYPE.ping) return { type: CALLBACK.pong };
  const work = workFor(ctx, interaction);
  if (work === undefined)
    return {
      type: CALLBACK.message,
      data: ephemeralText(
        'This command is not one scanpin knows. Ask the server’s owner to update the app’s commands.',
      ),
    };
  const settled = settle(work, log);
  const early = await Promise.race([settled, delay(ANSWER_WITHIN_MS)]);
  if (early !== undefined) return { type: CALLBACK.message, data: early };
  // Deferred: Discord shows "thinking…" until the result is edited into the answer.
  void settled.then(async (message) => {
    try {
      if (work.afterDeferral !== undefined && message.flags === undefined) await work.afterDeferral(message);
      else await completeDeferredAnswer(ctx, interaction.token, message);
    } catch (err) {
      log.error(
        { discordError: err instanceof Error ? err.message : 'unknown' },
        'a deferred Discord answer was not delivered',
      );
    }
  });
  return { type: CALLBACK.deferredMessage, data: work.ephemeral ? { flags: 64 } : {} };
}

/** The work's answer, a refusal's words, or, for a fault of ours, a plain apology (the fault is logged). */
async function settle(work: Work, log: Log): Promise<DiscordMessageBody> {
  try {
    return await work.run();
  } catch (err) {
    const refusal = refusalMessage(err);
    if (refusal !== undefined) return refusal;
    log.error({ err }, 'a Discord interaction failed');
    return SOMETHING_WENT_WRONG;
  }
}

function delay(ms: number): Promise<undefined> {
  return new Promise((resolve) => setTimeout(() => resolve(undefined), ms).unref());
}

function playerOf(interaction: ParsedInteraction): { id: string; username: string } | undefined {
  const id = interaction.command?.options.player;
  if (typeof id !== 'string' || !isDiscordId(id)) return undefined;
  return interaction.command?.users[id] ?? { id, username: id };
}

function workFor(ctx: UseCaseContext, interaction: ParsedInteraction): Work | undefined {
  const { origin } = interaction;
  if (interaction.customId !== undefined) {
    const customId = interaction.customId;
    const button = parseScanButtonId(customId);
    if (button === undefined) return undefined;
    return {
      ephemeral: true,
      run: async () => {
        const share = await shareFromDiscord(ctx, origin, {
          pinId: button.pinId,
          // Discord sends the message the button is on: a button it does not carry was never pressed.
          onMessage: interaction.messageCustomIds?.includes(customId) === true,
        });
        return ephemeralText(
          `Share link for the scan of PIN ${share.pin}, valid until ${iso(share.expiresAt).slice(0, 10)}: ${share.url}\nAnyone with the link sees the redacted result; revoke it in the dashboard.`,
        );
      },
    };
  }
  const command = interaction.command;
  if (command === undefined) return undefined;
  switch (command.name) {
    case COMMAND.scan: {
      const game = command.options.game;
      const player = playerOf(interaction);
      if (
        typeof game !== 'string' ||
        !(GAME_TYPES as readonly string[]).includes(game) ||
        player === undefined
      )
        return { ephemeral: true, run: async () => ephemeralText('Choose a game and a player.') };
      let pinId = 0;
      return {
        ephemeral: false,
        run: async () => {
          const pin = await scanFromDiscord(ctx, origin, {
            game: game as GameType,
            player,
            private: command.options.private === true,
            interactionId: interaction.id,
            interactionToken: interaction.token,
          });
          pinId = pin.id;
          return scanMessage(ctx, { ...pin, report: null }, pin.state, player.id);
        },
        // The outbox draws the message, so a failed edit is retried like any later state.
        afterDeferral: () => showScanMessageSoon(ctx, pinId),
      };
    }
    case COMMAND.cancel: {
      const code = command.options.pin;
      return {
        ephemeral: true,
        run: async () => {
          const { pin } = await cancelPinFromDiscord(ctx, origin, typeof code === 'string' ? code : '');
          return ephemeralText(
            `PIN ${pin.code} is cancelled: it can no longer start a scan, and its slot is free. Create a new PIN to scan the player again.`,
          );
        },
      };
    }
    case COMMAND.lookup:
    case COMMAND.risk: {
      const player = playerOf(interaction);
      if (player === undefined)
        return { ephemeral: true, run: async () => ephemeralText('Choose a player.') };
      return {
        ephemeral: true,
        run: async () =>
          command.name === COMMAND.lookup
            ? lookupMessage(await lookupFromDiscord(ctx, origin, player.id))
            : riskMessage(await riskFromDiscord(ctx, origin, player.id)),
      };
    }
    case COMMAND.ban:
    case COMMAND.warn: {
      const player = playerOf(interaction);
      const { reason, days } = command.options;
      const validDays =
        days === undefined ||
        (typeof days === 'number' && Number.isInteger(days) && days >= 1 && days <= MODERATION_LIMITS.days);
      if (player === undefined || typeof reason !== 'string' || !validDays)
        return {
          ephemeral: true,
          run: async () =>
            ephemeralText(
              `Choose a player, give a reason, and optionally the days it lasts (1 to ${MODERATION_LIMITS.days}).`,
            ),
        };
      return {
        ephemeral: true,
        run: async () =>
          sanctionAnswer(
            await sanctionFromDiscord(ctx, origin, {
              kind: command.name === COMMAND.ban ? 'ban' : 'warning',
              discordId: player.id,
              reason,
              ...(typeof days === 'number' ? { days } : {}),
            }),
            player.username,
          ),
      };
    }
    case COMMAND.note: {
      const player = playerOf(interaction);
      const text = command.options.text;
      if (player === undefined || typeof text !== 'string')
        return { ephemeral: true, run: async () => ephemeralText('Choose a player and write the note.') };
      return {
        ephemeral: true,
        run: async () =>
          noteAnswer(await noteFromDiscord(ctx, origin, { discordId: player.id, text }), player.username),
      };
    }
    case COMMAND.unban: {
      const player = playerOf(interaction);
      if (player === undefined)
        return { ephemeral: true, run: async () => ephemeralText('Choose a player.') };
      return {
        ephemeral: true,
        run: async () => unbanAnswer(await unbanFromDiscord(ctx, origin, player.id), player.username),
      };
    }
    case COMMAND.scanpin: {
      if (command.subcommand !== SUBCOMMAND.connect) return undefined;
      const code = command.options.code;
      return {
        ephemeral: true,
        run: async () => {
          const { guild, enterpriseName } = await connectWithCode(
            ctx,
            origin,
            typeof code === 'string' ? code : '',
          );
          return ephemeralText(
            `This server is now connected to ${enterpriseName}. Members with Manage Server may use /scan, /cancel, /lookup, /risk, /ban, /warn, /note and /unban; the Enterprise’s owner chooses staff roles in the dashboard (Settings → Discord). Server ID ${guild.guildId}.`,
          );
        },
      };
    }
    default:
      return undefined;
  }
}
