import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import {
  type APIApplicationCommandInteractionDataBasicOption,
  type APIApplicationCommandInteractionDataOption,
  type APIChatInputApplicationCommandDMInteraction,
  type APIChatInputApplicationCommandGuildInteraction,
  type APIInteractionGuildMember,
  type APIMessage,
  type APIMessageComponentButtonInteraction,
  type APIPingInteraction,
  type APIUser,
  ApplicationCommandOptionType,
  ApplicationCommandType,
  ChannelType,
  ComponentType,
  type GuildMemberFlags,
  InteractionContextType,
  InteractionResponseType,
  InteractionType,
  Locale,
  MessageType,
} from 'discord-api-types/v10';

/**
 * A local stand-in for Discord as the built-in Discord application meets it (HTTP interactions, no
 * gateway): it signs and delivers interactions to the server under test the way Discord does, and
 * answers the REST calls the server makes back, under `/api/v10`:
 *
 * - GET   /applications/@me                              bot auth; `{ id, verify_key, ... }`
 * - PUT   /applications/:app/commands                    bot auth; bulk overwrite, answers the commands
 * - PUT   /applications/:app/guilds/:guild/commands      the same for one guild
 * - PATCH /webhooks/:app/:token/messages/@original       no auth (the token is the credential)
 * - POST  /channels/:channel/messages                    bot auth
 * - PATCH /channels/:channel/messages/:id                bot auth
 *
 * Bot auth means `Authorization: Bot <botToken>`; anything else is 401 `{ code: 0 }`. An interaction
 * token is known once `sendInteraction` delivered a genuine interaction carrying it. Its original
 * message is what the server's answer to that delivery made: type 4 a message with the answer's data,
 * type 5 an empty ("thinking") one, types 6 and 7 (component interactions) the message the component
 * is on. PATCH @original with an unknown or expired token is 404 Unknown Webhook (10015); with a known
 * token whose delivery made no message (e.g. the server answered 401) it is 404 Unknown Message (10008).
 *
 * Every answer carries `X-RateLimit-*` headers: a bucket per route, limit 5 and always 4 remaining, so
 * @discordjs/rest never holds a request back on its own. Faults are scripted:
 *
 * - `rateLimitNext`: the next matching calls get 429 with Discord's body `{ message, retry_after,
 *   global }`, `Retry-After` in whole seconds rounded up (as Discord sends it), and for a route limit
 *   `X-RateLimit-Remaining: 0` and `X-RateLimit-Reset-After: <retry_after>` (scope `user`); for the
 *   global limit `X-RateLimit-Global: true` and scope `global` instead of the bucket headers.
 * - `failNext`: the next matching calls get that status with a Discord-shaped JSON error body.
 * - `outage(true)`: every REST call's connection is destroyed without an answer (a network failure,
 *   not a 5xx: `failNext` is for those), until `outage(false)`.
 * - `expireToken`: later uses of that interaction token are 404 Unknown Webhook, as after 15 minutes.
 *
 * Faults are checked in that order: outage, rate limit, failure.
 */

const DISCORD_EPOCH = 1_420_070_400_000n;
let sequence = 0n;
/** A snowflake for now (Discord's "Snowflakes": ms since 2015 << 22, plus an increment). */
export function snowflake(): string {
  sequence = (sequence + 1n) & 0xfffn;
  return (((BigInt(Date.now()) - DISCORD_EPOCH) << 22n) | sequence).toString();
}

/** One REST call the stand-in received. `path` is below `/api/v10`, e.g. `/channels/1/messages`. */
export interface StandInCall {
  method: string;
  path: string;
  /** Lower-case names; `authorization` shows only its scheme (`Bot <redacted>`), or is absent. */
  headers: Record<string, string>;
  /** The JSON body, or the raw text when it is not JSON, or undefined when empty. */
  body: unknown;
  /** What the stand-in answered; null when it destroyed the connection (outage). */
  status: number | null;
  /** performance.now() when it arrived. */
  at: number;
}

/** A message as the stand-in keeps it (the current state after every edit). */
export interface StandInMessage {
  id: string;
  channel_id: string;
  content: string;
  embeds: unknown[];
  components: unknown[];
  flags: number;
  /** The `allowed_mentions` of the last create or edit. */
  allowed_mentions: unknown;
  /** Set for a message made through an interaction token. */
  interaction_token: string | null;
  edits: number;
}

export interface StandInMember {
  userId?: string;
  username?: string;
  roles?: string[];
  /** The member's permissions in the channel, a decimal bit field. */
  permissions?: string;
}

/** A USER option's value: the user, resolved in `data.resolved.users` as Discord does. */
export interface UserOptionValue {
  user: { id: string; username: string; globalName?: string | null };
}
export type OptionValue = string | number | boolean | UserOptionValue;

export interface CommandInteractionInput {
  name: string;
  /** A sub-command (and group), wrapping `options` as Discord nests them. */
  subcommand?: string;
  subcommandGroup?: string;
  /** In order; a number is an INTEGER option when it is an integer, else NUMBER. */
  options?: Record<string, OptionValue>;
  /** null: in a DM (the payload has `user` instead of `member` and no guild). Default: `standIn.guildId`. */
  guildId?: string | null;
  channelId?: string;
  member?: StandInMember;
}

export interface ButtonInteractionInput {
  customId: string;
  guildId?: string;
  channelId?: string;
  member?: StandInMember;
  /** The message the button is on: one the stand-in keeps, or a new one of the bot's. */
  messageId?: string;
}

export interface SendOptions {
  /** Signed with another key: 128 hex characters that do not verify. */
  badSignature?: boolean;
  /** The timestamp (signed correctly) is this many seconds old. */
  staleBySeconds?: number;
  /** The signature is over the payload, but the body sent differs: the member's permissions become
   * ADMINISTRATOR (8), or without a member a field is added. */
  tamper?: boolean;
  /** Neither X-Signature-Ed25519 nor X-Signature-Timestamp is sent. */
  noHeaders?: boolean;
}

export interface InteractionAnswer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read the server's answer field by field
  body: any;
  headers: Record<string, string>;
}

export interface RouteMatch {
  method?: string;
  /** Part of the path below /api/v10, e.g. '/messages/@original' or '/commands'. */
  pathIncludes?: string;
}

export interface DiscordAppStandIn {
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  /** `${origin}/api/v10`, for DISCORD_API_URL. */
  apiUrl: string;
  applicationId: string;
  /** The raw Ed25519 public key as 64 hex characters, as the Developer Portal shows it. */
  publicKeyHex: string;
  botToken: string;
  /** Defaults for the interaction builders. */
  guildId: string;
  channelId: string;
  calls: StandInCall[];
  /** Signs `timestamp + body` as Discord signs an interaction ("Security and Authorization"). */
  sign(body: string, timestamp?: string): { signature: string; timestamp: string };
  /** POSTs the payload, signed, to `${serverBaseUrl}/discord/interactions`. */
  sendInteraction(serverBaseUrl: string, payload: object, opts?: SendOptions): Promise<InteractionAnswer>;
  commandInteraction(
    input: CommandInteractionInput,
  ): APIChatInputApplicationCommandGuildInteraction | APIChatInputApplicationCommandDMInteraction;
  buttonInteraction(input: ButtonInteractionInput): APIMessageComponentButtonInteraction;
  ping(): APIPingInteraction;
  /** The current original message of an interaction, or undefined when there is none. */
  originalMessage(token: string): StandInMessage | undefined;
  /** The messages in a channel, oldest first (those posted and those made through interactions). */
  channelMessages(channelId: string): StandInMessage[];
  /** The commands registered last, globally or for a guild. */
  commands(guildId?: string): unknown[];
  rateLimitNext(
    match: RouteMatch,
    retryAfterSeconds: number,
    opts?: { global?: boolean; times?: number },
  ): void;
  failNext(match: RouteMatch, status: number, times?: number): void;
  outage(on: boolean): void;
  expireToken(token: string): void;
  /** Forgets calls, scripted faults, the outage, messages, tokens and commands (not the keys). */
  reset(): void;
  close(): Promise<void>;
}

interface Fault {
  match: RouteMatch;
  times: number;
  answer: (res: ServerResponse, method: string, path: string) => number;
}

interface FormProblem {
  /** null: the body as a whole. */
  field: string | null;
  code: string;
  message: string;
}

interface IssuedToken {
  expired: boolean;
  /** The message @original refers to, once the server's answer made one. */
  originalId: string | null;
}

const random = (bytes: number) => randomBytes(bytes).toString('base64url');

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parse(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function matches(match: RouteMatch, method: string, path: string): boolean {
  if (match.method !== undefined && match.method.toUpperCase() !== method) return false;
  return match.pathIncludes === undefined || path.includes(match.pathIncludes);
}

/** The route with its ids and tokens generalised, as Discord's buckets are (for X-RateLimit-Bucket). */
function bucketOf(method: string, path: string): string {
  const route = path.replace(/\/webhooks\/(\d+)\/[^/]+/, '/webhooks/$1/:token').replace(/\/\d{5,}/g, '/:id');
  return createHash('sha1').update(`${method} ${route}`).digest('hex').slice(0, 32);
}

function rateLimitHeaders(bucket: string, remaining: number, resetAfter: number): Record<string, string> {
  return {
    'x-ratelimit-limit': '5',
    'x-ratelimit-remaining': String(remaining),
    'x-ratelimit-reset': ((Date.now() + resetAfter * 1000) / 1000).toFixed(3),
    'x-ratelimit-reset-after': resetAfter.toFixed(3),
    'x-ratelimit-bucket': bucket,
    'x-ratelimit-scope': 'user',
  };
}

const ERROR_BODIES: Record<number, { message: string; code: number }> = {
  400: { message: '400: Bad Request', code: 0 },
  401: { message: '401: Unauthorized', code: 0 },
  403: { message: 'Missing Permissions', code: 50013 },
  404: { message: '404: Not Found', code: 0 },
  500: { message: '500: Internal Server Error', code: 0 },
  502: { message: '502: Bad Gateway', code: 0 },
  503: { message: '503: Service Unavailable', code: 0 },
};

const ADMINISTRATOR = '8';
/** VIEW_CHANNEL | SEND_MESSAGES: an ordinary member. */
const ORDINARY_PERMISSIONS = String((1n << 10n) | (1n << 11n));
/** VIEW_CHANNEL | SEND_MESSAGES | EMBED_LINKS: the app in the channel. */
const APP_PERMISSIONS = String((1n << 10n) | (1n << 11n) | (1n << 14n));

export async function startDiscordAppStandIn(): Promise<DiscordAppStandIn> {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const x = publicKey.export({ format: 'jwk' }).x;
  if (x === undefined) throw new Error('Ed25519 JWK without x');
  const publicKeyHex = Buffer.from(x, 'base64url').toString('hex');
  const applicationId = snowflake();
  const botToken = `${Buffer.from(applicationId).toString('base64url')}.${random(6)}.${random(27)}`;
  const guildId = snowflake();
  const channelId = snowflake();
  const botUser: APIUser = {
    id: applicationId,
    username: 'scanpin-stand-in',
    discriminator: '0000',
    global_name: null,
    avatar: null,
    bot: true,
  };

  const calls: StandInCall[] = [];
  let faults: Fault[] = [];
  let down = false;
  const tokens = new Map<string, IssuedToken>();
  const messages = new Map<string, StandInMessage>();
  const commandSets = new Map<string, Array<Record<string, unknown>>>();

  function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
    return status;
  }

  function messageObject(m: StandInMessage): Record<string, unknown> {
    return {
      id: m.id,
      channel_id: m.channel_id,
      type: m.interaction_token === null ? MessageType.Default : MessageType.ChatInputCommand,
      content: m.content,
      embeds: m.embeds,
      components: m.components,
      flags: m.flags,
      author: botUser,
      attachments: [],
      mentions: [],
      mention_roles: [],
      mention_everyone: false,
      pinned: false,
      tts: false,
      timestamp: new Date().toISOString(),
      edited_timestamp: m.edits > 0 ? new Date().toISOString() : null,
      application_id: applicationId,
      ...(m.interaction_token === null ? {} : { webhook_id: applicationId }),
    };
  }

  /** Discord's checks that matter here: content at most 2000 characters, at most 10 embeds. */
  function invalidMessageBody(body: unknown): FormProblem | null {
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      return {
        field: null,
        code: 'DICT_TYPE_CONVERT',
        message: 'Only dictionaries may be used in a DictType',
      };
    const b = body as Record<string, unknown>;
    if (b.content !== undefined && (typeof b.content !== 'string' || b.content.length > 2000))
      return { field: 'content', code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 2000 or fewer in length.' };
    if (b.embeds !== undefined && (!Array.isArray(b.embeds) || b.embeds.length > 10))
      return { field: 'embeds', code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 10 or fewer in length.' };
    return null;
  }

  function apply(m: StandInMessage, body: Record<string, unknown>): void {
    if (typeof body.content === 'string') m.content = body.content;
    if (Array.isArray(body.embeds)) m.embeds = body.embeds;
    if (Array.isArray(body.components)) m.components = body.components;
    if (typeof body.flags === 'number') m.flags = body.flags;
    if ('allowed_mentions' in body) m.allowed_mentions = body.allowed_mentions;
  }

  function newMessage(channel: string, token: string | null, body: Record<string, unknown>): StandInMessage {
    const m: StandInMessage = {
      id: snowflake(),
      channel_id: channel,
      content: '',
      embeds: [],
      components: [],
      flags: 0,
      allowed_mentions: undefined,
      interaction_token: token,
      edits: 0,
    };
    apply(m, body);
    messages.set(m.id, m);
    return m;
  }

  function route(method: string, path: string, req: IncomingMessage, res: ServerResponse, body: unknown) {
    const bot = req.headers.authorization === `Bot ${botToken}`;
    const unauthorized = () => send(res, 401, ERROR_BODIES[401]);
    // "Error Messages" in Discord's API documentation: errors nested by field, `_errors` at the leaves.
    const invalid = ({ field, code, message }: FormProblem) => {
      const leaf = { _errors: [{ code, message }] };
      return send(res, 400, {
        message: 'Invalid Form Body',
        code: 50035,
        errors: field === null ? leaf : { [field]: leaf },
      });
    };
    const limits = rateLimitHeaders(bucketOf(method, path), 4, 1);
    let m: RegExpExecArray | null;

    if (method === 'GET' && path === '/applications/@me') {
      if (!bot) return unauthorized();
      return send(
        res,
        200,
        {
          id: applicationId,
          name: 'scanpin stand-in',
          icon: null,
          description: '',
          bot_public: false,
          bot_require_code_grant: false,
          verify_key: publicKeyHex,
          flags: 0,
          bot: botUser,
        },
        limits,
      );
    }

    m = /^\/applications\/([^/]+)(?:\/guilds\/([^/]+))?\/commands$/.exec(path);
    if (method === 'PUT' && m) {
      if (!bot) return unauthorized();
      if (m[1] !== applicationId) return send(res, 403, { message: 'Missing Access', code: 50001 });
      if (!Array.isArray(body))
        return invalid({
          field: null,
          code: 'LIST_TYPE_CONVERT',
          message: 'Only iterables may be used in a ListType',
        });
      const guild = m[2];
      const before = commandSets.get(guild ?? '') ?? [];
      const now = body.map((c: Record<string, unknown>) => ({
        // A bulk overwrite keeps the id of a command whose name stays ("Bulk Overwrite Global Application Commands").
        id: before.find((b) => b.name === c.name)?.id ?? snowflake(),
        application_id: applicationId,
        version: snowflake(),
        type: ApplicationCommandType.ChatInput,
        default_member_permissions: null,
        ...c,
        ...(guild === undefined ? {} : { guild_id: guild }),
      }));
      commandSets.set(guild ?? '', now);
      return send(res, 200, now, limits);
    }

    m = /^\/webhooks\/([^/]+)\/([^/]+)\/messages\/@original$/.exec(path);
    if (method === 'PATCH' && m) {
      const token = m[2] ?? '';
      const issued = tokens.get(token);
      if (m[1] !== applicationId || issued === undefined || issued.expired)
        return send(res, 404, { message: 'Unknown Webhook', code: 10015 }, limits);
      const original = issued.originalId === null ? undefined : messages.get(issued.originalId);
      if (original === undefined) return send(res, 404, { message: 'Unknown Message', code: 10008 }, limits);
      const problem = invalidMessageBody(body);
      if (problem !== null) return invalid(problem);
      apply(original, body as Record<string, unknown>);
      original.edits++;
      return send(res, 200, messageObject(original), limits);
    }

    m = /^\/channels\/([^/]+)\/messages$/.exec(path);
    if (method === 'POST' && m?.[1]) {
      if (!bot) return unauthorized();
      const problem = invalidMessageBody(body);
      if (problem !== null) return invalid(problem);
      const b = body as Record<string, unknown>;
      if (!b.content && !(Array.isArray(b.embeds) && b.embeds.length > 0) && !Array.isArray(b.components))
        return send(res, 400, { message: 'Cannot send an empty message', code: 50006 });
      return send(res, 200, messageObject(newMessage(m[1], null, b)), limits);
    }

    m = /^\/channels\/([^/]+)\/messages\/([^/]+)$/.exec(path);
    if (method === 'PATCH' && m) {
      if (!bot) return unauthorized();
      const existing = messages.get(m[2] ?? '');
      if (existing === undefined || existing.channel_id !== m[1])
        return send(res, 404, { message: 'Unknown Message', code: 10008 }, limits);
      const problem = invalidMessageBody(body);
      if (problem !== null) return invalid(problem);
      apply(existing, body as Record<string, unknown>);
      existing.edits++;
      return send(res, 200, messageObject(existing), limits);
    }

    return send(res, 404, ERROR_BODIES[404]);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    // Decoded segment by segment, as Discord reads `%40original` as `@original`.
    const pathname = new URL(req.url ?? '/', 'http://stand-in.invalid').pathname
      .split('/')
      .map((segment) => {
        try {
          return decodeURIComponent(segment);
        } catch {
          return segment;
        }
      })
      .join('/');
    const text = await readBody(req);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined) continue;
      headers[name] =
        name === 'authorization'
          ? `${String(value).split(' ')[0]} <redacted>`
          : Array.isArray(value)
            ? value.join(', ')
            : value;
    }
    const path = pathname.startsWith('/api/v10/') ? pathname.slice('/api/v10'.length) : pathname;
    const call: StandInCall = {
      method,
      path,
      headers,
      body: parse(text),
      status: null,
      at: performance.now(),
    };
    calls.push(call);

    if (!pathname.startsWith('/api/v10/')) {
      call.status = send(res, 404, ERROR_BODIES[404]);
      return;
    }
    if (down) {
      res.socket?.destroy();
      return;
    }
    const fault = faults.find((f) => f.times > 0 && matches(f.match, method, path));
    if (fault) {
      fault.times--;
      call.status = fault.answer(res, method, path);
      return;
    }
    call.status = route(method, path, req, res, call.body);
  }

  /** What the server's answer to a delivered interaction made of its original message. */
  function rememberAnswer(payload: Record<string, unknown>, status: number, answer: unknown): void {
    const token = payload.token;
    if (typeof token !== 'string') return;
    const issued: IssuedToken = { expired: false, originalId: null };
    tokens.set(token, issued);
    if (status < 200 || status >= 300 || typeof answer !== 'object' || answer === null) return;
    const { type, data } = answer as { type?: unknown; data?: unknown };
    const body = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
    const channel = typeof payload.channel_id === 'string' ? payload.channel_id : channelId;
    if (type === InteractionResponseType.ChannelMessageWithSource)
      issued.originalId = newMessage(channel, token, body).id;
    else if (type === InteractionResponseType.DeferredChannelMessageWithSource)
      issued.originalId = newMessage(channel, token, { flags: body.flags }).id;
    else if (
      type === InteractionResponseType.DeferredMessageUpdate ||
      type === InteractionResponseType.UpdateMessage
    ) {
      const on = (payload.message as { id?: unknown } | undefined)?.id;
      const target = typeof on === 'string' ? messages.get(on) : undefined;
      if (target === undefined) return;
      if (type === InteractionResponseType.UpdateMessage) {
        apply(target, body);
        target.edits++;
      }
      issued.originalId = target.id;
    }
  }

  function signWith(key: KeyObject, body: string, timestamp: string): string {
    return sign(null, Buffer.from(timestamp + body, 'utf8'), key).toString('hex');
  }

  function memberOf(input: StandInMember | undefined): APIInteractionGuildMember {
    const user: APIUser = {
      id: input?.userId ?? '222222222222222222',
      username: input?.username ?? 'stand_in_member',
      discriminator: '0',
      global_name: null,
      avatar: null,
    };
    return {
      user,
      roles: input?.roles ?? [],
      permissions: input?.permissions ?? ORDINARY_PERMISSIONS,
      joined_at: '2024-01-01T00:00:00.000000+00:00',
      deaf: false,
      mute: false,
      flags: 0 as GuildMemberFlags,
      nick: null,
      avatar: null,
      premium_since: null,
      pending: false,
      communication_disabled_until: null,
    };
  }

  function base(channel: string) {
    return {
      id: snowflake(),
      application_id: applicationId,
      token: `aW50ZXJhY3Rpb246${random(96)}`,
      version: 1 as const,
      app_permissions: APP_PERMISSIONS,
      locale: Locale.EnglishUS,
      entitlements: [],
      attachment_size_limit: 10 * 1024 * 1024,
      channel_id: channel,
      channel: { id: channel, type: ChannelType.GuildText as const },
    };
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) send(res, 500, ERROR_BODIES[500]);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const standIn: DiscordAppStandIn = {
    origin,
    apiUrl: `${origin}/api/v10`,
    applicationId,
    publicKeyHex,
    botToken,
    guildId,
    channelId,
    calls,

    sign(body, timestamp = String(Math.floor(Date.now() / 1000))) {
      return { signature: signWith(privateKey, body, timestamp), timestamp };
    },

    async sendInteraction(serverBaseUrl, payload, opts = {}) {
      const body = JSON.stringify(payload);
      const timestamp = String(Math.floor(Date.now() / 1000) - (opts.staleBySeconds ?? 0));
      const signature = opts.badSignature
        ? signWith(generateKeyPairSync('ed25519').privateKey, body, timestamp)
        : standIn.sign(body, timestamp).signature;
      let sent = body;
      if (opts.tamper) {
        const p = payload as { member?: Record<string, unknown> };
        sent = JSON.stringify(
          p.member
            ? { ...payload, member: { ...p.member, permissions: ADMINISTRATOR } }
            : { ...payload, x: 1 },
        );
      }
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'user-agent': 'Discord-Interactions/1.0 (+https://discord.com)',
      };
      if (!opts.noHeaders) {
        headers['x-signature-ed25519'] = signature;
        headers['x-signature-timestamp'] = timestamp;
      }
      const res = await fetch(`${serverBaseUrl.replace(/\/+$/, '')}/discord/interactions`, {
        method: 'POST',
        headers,
        body: sent,
      });
      const answer = parse(await res.text());
      const genuine = !opts.badSignature && !opts.staleBySeconds && !opts.tamper && !opts.noHeaders;
      if (genuine) {
        const message = (payload as { message?: APIMessage }).message;
        if (message && !messages.has(message.id)) {
          // The message a button is on: the bot's, posted before the stand-in was asked to keep it.
          messages.set(message.id, {
            id: message.id,
            channel_id: message.channel_id,
            content: message.content,
            embeds: message.embeds,
            components: message.components ?? [],
            flags: message.flags ?? 0,
            allowed_mentions: undefined,
            interaction_token: null,
            edits: 0,
          });
        }
        rememberAnswer(payload as Record<string, unknown>, res.status, answer);
      }
      return { status: res.status, body: answer, headers: Object.fromEntries(res.headers) };
    },

    commandInteraction(input) {
      const resolvedUsers: Record<string, APIUser> = {};
      const basic: APIApplicationCommandInteractionDataBasicOption[] = Object.entries(
        input.options ?? {},
      ).map(([name, value]): APIApplicationCommandInteractionDataBasicOption => {
        if (typeof value === 'string') return { name, type: ApplicationCommandOptionType.String, value };
        if (typeof value === 'boolean') return { name, type: ApplicationCommandOptionType.Boolean, value };
        if (typeof value === 'number')
          return Number.isInteger(value)
            ? { name, type: ApplicationCommandOptionType.Integer, value }
            : { name, type: ApplicationCommandOptionType.Number, value };
        resolvedUsers[value.user.id] = {
          id: value.user.id,
          username: value.user.username,
          global_name: value.user.globalName ?? null,
          discriminator: '0',
          avatar: null,
        };
        return { name, type: ApplicationCommandOptionType.User, value: value.user.id };
      });
      let options: APIApplicationCommandInteractionDataOption[] = basic;
      if (input.subcommand !== undefined)
        options = [{ name: input.subcommand, type: ApplicationCommandOptionType.Subcommand, options: basic }];
      if (input.subcommandGroup !== undefined && input.subcommand !== undefined)
        options = [
          {
            name: input.subcommandGroup,
            type: ApplicationCommandOptionType.SubcommandGroup,
            options: [
              { name: input.subcommand, type: ApplicationCommandOptionType.Subcommand, options: basic },
            ],
          },
        ];
      const registered = [
        ...(commandSets.get(input.guildId ?? '') ?? []),
        ...(commandSets.get('') ?? []),
      ].find((c) => c.name === input.name);
      const data = {
        id: typeof registered?.id === 'string' ? registered.id : snowflake(),
        name: input.name,
        type: ApplicationCommandType.ChatInput as const,
        options,
        ...(Object.keys(resolvedUsers).length > 0 ? { resolved: { users: resolvedUsers } } : {}),
      };
      const common = {
        ...base(input.channelId ?? channelId),
        type: InteractionType.ApplicationCommand as const,
        data,
      };
      if (input.guildId === null) {
        const user = memberOf(input.member).user;
        return {
          ...common,
          user,
          context: InteractionContextType.BotDM,
          authorizing_integration_owners: { 1: user.id },
        } satisfies APIChatInputApplicationCommandDMInteraction;
      }
      const guild = input.guildId ?? guildId;
      return {
        ...common,
        guild_id: guild,
        guild: { id: guild, features: [], locale: Locale.EnglishUS },
        guild_locale: Locale.EnglishUS,
        member: memberOf(input.member),
        context: InteractionContextType.Guild,
        authorizing_integration_owners: { 0: guild },
      } satisfies APIChatInputApplicationCommandGuildInteraction;
    },

    buttonInteraction(input) {
      const channel = input.channelId ?? channelId;
      const guild = input.guildId ?? guildId;
      const known = input.messageId === undefined ? undefined : messages.get(input.messageId);
      const message: APIMessage = {
        id: known?.id ?? input.messageId ?? snowflake(),
        channel_id: known?.channel_id ?? channel,
        author: botUser,
        content: known?.content ?? '',
        timestamp: new Date().toISOString(),
        edited_timestamp: null,
        tts: false,
        mention_everyone: false,
        mentions: [],
        mention_roles: [],
        attachments: [],
        embeds: (known?.embeds ?? []) as APIMessage['embeds'],
        components: (known?.components ?? []) as NonNullable<APIMessage['components']>,
        pinned: false,
        type: MessageType.Default,
        flags: known?.flags ?? 0,
        application_id: applicationId,
      };
      return {
        ...base(channel),
        type: InteractionType.MessageComponent,
        data: { custom_id: input.customId, component_type: ComponentType.Button },
        guild_id: guild,
        guild: { id: guild, features: [], locale: Locale.EnglishUS },
        guild_locale: Locale.EnglishUS,
        member: memberOf(input.member),
        message,
        context: InteractionContextType.Guild,
        authorizing_integration_owners: { 0: guild },
      };
    },

    ping() {
      const { id, application_id, token, version, app_permissions, entitlements, attachment_size_limit } =
        base(channelId);
      return {
        id,
        application_id,
        token,
        version,
        type: InteractionType.Ping,
        app_permissions,
        entitlements,
        attachment_size_limit,
        authorizing_integration_owners: {},
      };
    },

    originalMessage(token) {
      const id = tokens.get(token)?.originalId;
      return id === null || id === undefined ? undefined : messages.get(id);
    },

    channelMessages(channel) {
      return [...messages.values()].filter((m) => m.channel_id === channel);
    },

    commands(guild) {
      return commandSets.get(guild ?? '') ?? [];
    },

    rateLimitNext(match, retryAfterSeconds, opts = {}) {
      const global = opts.global ?? false;
      faults.push({
        match,
        times: opts.times ?? 1,
        answer: (res, method, path) => {
          // "Rate Limits" in Discord's API documentation: Retry-After is whole seconds, the body's
          // retry_after and X-RateLimit-Reset-After are exact.
          const headers: Record<string, string> = {
            'retry-after': String(Math.ceil(retryAfterSeconds)),
            ...(global
              ? { 'x-ratelimit-global': 'true', 'x-ratelimit-scope': 'global' }
              : rateLimitHeaders(bucketOf(method, path), 0, retryAfterSeconds)),
          };
          return send(
            res,
            429,
            { message: 'You are being rate limited.', retry_after: retryAfterSeconds, global },
            headers,
          );
        },
      });
    },

    failNext(match, status, times = 1) {
      faults.push({
        match,
        times,
        answer: (res) =>
          send(res, status, ERROR_BODIES[status] ?? { message: `${status}: Failure`, code: 0 }),
      });
    },

    outage(on) {
      down = on;
    },

    expireToken(token) {
      const issued = tokens.get(token);
      if (issued) issued.expired = true;
      else tokens.set(token, { expired: true, originalId: null });
    },

    reset() {
      calls.length = 0;
      faults = [];
      down = false;
      tokens.clear();
      messages.clear();
      commandSets.clear();
    },

    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return standIn;
}
