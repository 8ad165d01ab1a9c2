import {
  DefaultUserAgentAppendix,
  DiscordAPIError,
  HTTPError,
  RateLimitError,
  REST,
  RESTEvents,
  RequestMethod,
  type RouteLike,
} from '@discordjs/rest';
import {
  type APIActionRowComponent,
  type APIComponentInMessageActionRow,
  type APIEmbed,
  type RESTPutAPIApplicationCommandsJSONBody,
  Routes,
} from 'discord-api-types/v10';

/**
 * The Discord REST calls the built-in Discord application makes, over @discordjs/rest, which keeps
 * Discord's per-route buckets and the global limit, waits out a 429's `retry_after` and sends the
 * request again, retries a 5xx or a timeout, and aborts a request that takes too long (Discord's API
 * documentation, "Rate Limits"). What this module adds: the routes, `allowed_mentions` so a message
 * never pings anyone, and errors that say what failed without the bot token or an interaction token.
 */

export interface DiscordMessageBody {
  content?: string;
  embeds?: APIEmbed[];
  components?: APIActionRowComponent<APIComponentInMessageActionRow>[];
  flags?: number;
  allowed_mentions?: { parse: [] };
}

export interface DiscordApi {
  /** GET /applications/@me (bot token): the application's id and verify_key (hex public key). */
  currentApplication(): Promise<{ id: string; verifyKey: string }>;
  /** Bulk overwrite: PUT /applications/{app}/commands, or /applications/{app}/guilds/{guild}/commands. Returns how many commands Discord now has. */
  putCommands(
    applicationId: string,
    commands: RESTPutAPIApplicationCommandsJSONBody,
    guildId?: string,
  ): Promise<number>;
  /** PATCH /webhooks/{app}/{interactionToken}/messages/@original (no bot auth: the token is the credential). */
  editOriginalResponse(
    applicationId: string,
    interactionToken: string,
    body: DiscordMessageBody,
    options?: SendOptions,
  ): Promise<{ id: string; channelId: string }>;
  /** POST /channels/{channel}/messages (bot token). */
  createChannelMessage(
    channelId: string,
    body: DiscordMessageBody,
    options?: SendOptions,
  ): Promise<{ id: string }>;
  /** PATCH /channels/{channel}/messages/{message} (bot token). */
  editChannelMessage(
    channelId: string,
    messageId: string,
    body: DiscordMessageBody,
    options?: SendOptions,
  ): Promise<{ id: string }>;
}

/** `signal` ends the request, retries and rate-limit waits included, when the caller stops waiting. */
export interface SendOptions {
  signal?: AbortSignal;
}

/**
 * A Discord request that did not succeed. Neither the message nor any property holds a token or a URL:
 * an interaction token is part of the webhook path, and @discordjs/rest's own errors keep the whole URL.
 */
export class DiscordRequestFailed extends Error {
  /** The HTTP status Discord answered, or null when there was no answer (or nothing was sent). */
  readonly status: number | null;
  /** Discord's JSON error code ("JSON Error Codes" in Discord's API documentation), when it sent one. */
  readonly code: number | null;
  /** true: worth trying again later (network error, timeout, 5xx, 429 left over). false: Discord refused (4xx other than 429). */
  readonly retryable: boolean;
  /** 404 Unknown Webhook / 401 Invalid Webhook Token (50027) / 10015 / 10008: the target is gone; stop using it. */
  readonly gone: boolean;

  constructor(
    message: string,
    details: { status: number | null; code: number | null; retryable: boolean; gone?: boolean },
  ) {
    super(message);
    this.name = 'DiscordRequestFailed';
    this.status = details.status;
    this.code = details.code;
    this.retryable = details.retryable;
    this.gone = details.gone ?? false;
  }
}

export interface DiscordRestOptions {
  /** DISCORD_API_URL, e.g. https://discord.com/api/v10. */
  apiUrl: string;
  botToken: string | null;
  /** Per attempt (@discordjs/rest's `timeout`, default 15 s). */
  timeoutMs?: number;
  /** Further attempts after a 5xx, a timeout or a reset connection (@discordjs/rest's default 3). */
  retries?: number;
  userAgentSuffix?: string;
  onRateLimited?: (info: { route: string; retryAfterMs: number; global: boolean }) => void;
}

/**
 * JSON error codes meaning the thing addressed no longer exists, or the interaction token stopped
 * working (an interaction token is valid for 15 minutes: "Receiving and Responding", Discord's API
 * documentation). Sending again cannot help.
 */
const GONE_CODES = new Set([
  10003, // Unknown Channel
  10008, // Unknown Message
  10015, // Unknown Webhook
  50027, // Invalid Webhook Token
]);

/** @discordjs/rest wants the API base and the version apart: it builds `${api}/v${version}${route}`. */
function splitApiUrl(apiUrl: string): { api: string; version: string } {
  const base = apiUrl.replace(/\/+$/, '');
  const versioned = /^(.*)\/v(\d+)$/.exec(base);
  if (versioned?.[1] !== undefined && versioned[2] !== undefined)
    return { api: versioned[1], version: versioned[2] };
  return { api: base, version: '10' };
}

/** A route as @discordjs/rest names its bucket, with the token of a webhook path replaced. */
function redactRoute(route: string): string {
  return route.replace(/^\/webhooks\/([^/]+)\/[^/?]+/, '/webhooks/$1/:token');
}

interface Call {
  /** e.g. "PATCH the interaction's original message": for error messages; never holds a token. */
  what: string;
  method: RequestMethod;
  route: RouteLike;
  /** false: the interaction webhook, whose token is in the path (no Authorization header). */
  bot: boolean;
  body?: unknown;
  /** The interaction token, to keep it out of anything quoted from Discord's answer. */
  token?: string;
  signal?: AbortSignal | undefined;
}

function withoutMentions(body: DiscordMessageBody): DiscordMessageBody {
  // "Allowed Mentions Object", Discord's API documentation: an empty `parse` pings nobody, even if
  // the content holds a user, role or @everyone mention.
  return { ...body, allowed_mentions: body.allowed_mentions ?? { parse: [] } };
}

function field(value: unknown, name: string): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const found = (value as Record<string, unknown>)[name];
  return typeof found === 'string' && found !== '' ? found : undefined;
}

export function discordRest(options: DiscordRestOptions): DiscordApi & { close(): void } {
  const { api, version } = splitApiUrl(options.apiUrl);
  const rest = new REST({
    api,
    version,
    timeout: options.timeoutMs ?? 15_000,
    retries: options.retries ?? 3,
    userAgentAppendix: options.userAgentSuffix
      ? `${options.userAgentSuffix} ${DefaultUserAgentAppendix}`.trim()
      : DefaultUserAgentAppendix,
    // Wait out every 429 and send again rather than fail: the request is not lost, only late.
    rejectOnRateLimit: null,
  });
  if (options.botToken !== null) rest.setToken(options.botToken);
  // After a 401 on a bot route @discordjs/rest forgets the token; so do we, and say why instead of
  // sending unauthenticated requests ("Invalid Request Limit": many 401s get the address blocked).
  let botTokenRefused = false;

  /** Text from Discord's answer may be quoted, but never a token (it should hold none; make sure). */
  const scrub = (text: string, token?: string): string => {
    let out = text;
    for (const secret of [options.botToken, token]) if (secret) out = out.split(secret).join('[redacted]');
    return out.length > 300 ? `${out.slice(0, 300)}…` : out;
  };
  const attempts = () => `${rest.options.retries + 1} attempt${rest.options.retries === 0 ? '' : 's'}`;

  // Emitted when a request waits for its bucket or the global limit to reset, which includes the
  // wait after a 429 that emptied them.
  rest.on(RESTEvents.RateLimited, (info) => {
    try {
      options.onRateLimited?.({
        route: scrub(redactRoute(info.route)),
        retryAfterMs: info.retryAfter,
        global: info.global,
      });
    } catch {
      // An observer's failure must not fail the request it observes (@discordjs/rest would reject it).
    }
  });

  function failure(call: Call, err: unknown): DiscordRequestFailed {
    if (err instanceof DiscordAPIError) {
      // A 4xx other than 429 (those are waited out). `err.url` and `err.requestBody` are left behind:
      // the URL of an interaction webhook holds its token.
      const code = typeof err.code === 'number' ? err.code : null;
      const said =
        err.message === 'No Description'
          ? 'no error details'
          : scrub(err.message.split('\n').join('; '), call.token);
      const detail = code === null ? said : `${said}, code ${code}`;
      if (call.bot && err.status === 401) botTokenRefused = true;
      return new DiscordRequestFailed(`Discord answered ${err.status} (${detail}) to ${call.what}`, {
        status: err.status,
        code,
        retryable: false,
        gone: code !== null && GONE_CODES.has(code),
      });
    }
    if (err instanceof HTTPError) {
      // A 5xx still there after the retries.
      return new DiscordRequestFailed(
        `Discord answered ${err.status} to ${call.what}, in each of ${attempts()}`,
        { status: err.status, code: null, retryable: true },
      );
    }
    if (err instanceof RateLimitError) {
      // Only with rejectOnRateLimit, which is off; kept so a change there still fails cleanly.
      return new DiscordRequestFailed(`Discord rate-limited ${call.what} for ${err.retryAfter} ms`, {
        status: 429,
        code: null,
        retryable: true,
      });
    }
    const e = err as { name?: unknown; code?: unknown; cause?: { code?: unknown } } | null;
    if (call.signal?.aborted)
      return new DiscordRequestFailed(`Gave up on ${call.what}: no answer before the caller's deadline`, {
        status: null,
        code: null,
        retryable: true,
      });
    if (e?.name === 'AbortError' || e?.name === 'TimeoutError')
      return new DiscordRequestFailed(
        `Discord did not answer ${call.what} within ${rest.options.timeout} ms, in each of ${attempts()}`,
        { status: null, code: null, retryable: true },
      );
    // A network error: only its code is quoted (e.g. ECONNREFUSED); a message could hold the address.
    const netCode = [e?.code, e?.cause?.code].find((c) => typeof c === 'string' && /^[A-Z0-9_]+$/.test(c));
    return new DiscordRequestFailed(
      `The request to ${call.what} failed without an answer from Discord${netCode ? ` (${netCode})` : ''}`,
      { status: null, code: null, retryable: true },
    );
  }

  async function send(call: Call): Promise<unknown> {
    if (call.bot && (options.botToken === null || botTokenRefused))
      throw new DiscordRequestFailed(
        options.botToken === null
          ? `No Discord bot token is configured, so nothing was sent to ${call.what}`
          : `Discord refused the bot token earlier (401), so nothing was sent to ${call.what}`,
        { status: null, code: null, retryable: false },
      );
    try {
      return await rest.request({
        method: call.method,
        fullRoute: call.route,
        auth: call.bot,
        ...(call.body === undefined ? {} : { body: call.body }),
        ...(call.signal === undefined ? {} : { signal: call.signal }),
      });
    } catch (err) {
      // A request that started while a 401 was being read finds the token already dropped.
      if (call.bot && err instanceof Error && err.message.startsWith('Expected token to be set'))
        throw new DiscordRequestFailed(
          `Discord refused the bot token (401), so nothing was sent to ${call.what}`,
          { status: null, code: null, retryable: false },
        );
      throw failure(call, err);
    }
  }

  /** A 2xx whose JSON lacks what every such answer has is not Discord's; nothing to retry. */
  function malformed(call: Call, missing: string): DiscordRequestFailed {
    return new DiscordRequestFailed(`Discord's answer to ${call.what} has no ${missing}`, {
      status: null,
      code: null,
      retryable: false,
    });
  }

  return {
    async currentApplication() {
      const call: Call = {
        what: 'GET the current application',
        method: RequestMethod.Get,
        route: Routes.currentApplication(),
        bot: true,
      };
      const app = await send(call);
      const id = field(app, 'id');
      const verifyKey = field(app, 'verify_key');
      if (id === undefined) throw malformed(call, 'id');
      if (verifyKey === undefined) throw malformed(call, 'verify_key');
      return { id, verifyKey };
    },

    async putCommands(applicationId, commands, guildId) {
      const call: Call =
        guildId === undefined
          ? {
              what: 'PUT the global commands',
              method: RequestMethod.Put,
              route: Routes.applicationCommands(applicationId),
              bot: true,
              body: commands,
            }
          : {
              what: `PUT the commands of guild ${guildId}`,
              method: RequestMethod.Put,
              route: Routes.applicationGuildCommands(applicationId, guildId),
              bot: true,
              body: commands,
            };
      const answer = await send(call);
      if (!Array.isArray(answer)) throw malformed(call, 'list of commands');
      return answer.length;
    },

    async editOriginalResponse(applicationId, interactionToken, body, sendOptions) {
      const call: Call = {
        what: "PATCH the interaction's original message",
        method: RequestMethod.Patch,
        // Routes percent-encodes what is not URL-safe, but leaves its default message id `@original` as
        // Discord documents it (passed explicitly it would become %40original).
        route: Routes.webhookMessage(applicationId, interactionToken),
        bot: false,
        body: withoutMentions(body),
        token: interactionToken,
        signal: sendOptions?.signal,
      };
      const message = await send(call);
      const id = field(message, 'id');
      const channelId = field(message, 'channel_id');
      if (id === undefined) throw malformed(call, 'id');
      if (channelId === undefined) throw malformed(call, 'channel_id');
      return { id, channelId };
    },

    async createChannelMessage(channelId, body, sendOptions) {
      const call: Call = {
        what: `POST a message in channel ${channelId}`,
        method: RequestMethod.Post,
        route: Routes.channelMessages(channelId),
        bot: true,
        body: withoutMentions(body),
        signal: sendOptions?.signal,
      };
      const id = field(await send(call), 'id');
      if (id === undefined) throw malformed(call, 'id');
      return { id };
    },

    async editChannelMessage(channelId, messageId, body, sendOptions) {
      const call: Call = {
        what: `PATCH message ${messageId} in channel ${channelId}`,
        method: RequestMethod.Patch,
        route: Routes.channelMessage(channelId, messageId),
        bot: true,
        body: withoutMentions(body),
        signal: sendOptions?.signal,
      };
      const id = field(await send(call), 'id');
      if (id === undefined) throw malformed(call, 'id');
      return { id };
    },

    close() {
      rest.clearHashSweeper();
      rest.clearHandlerSweeper();
      rest.removeAllListeners();
    },
  };
}
