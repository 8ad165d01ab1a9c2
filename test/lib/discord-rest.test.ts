import { createPublicKey, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type DiscordApi, DiscordRequestFailed, discordRest } from '../../src/lib/discord-rest.js';
import { type DiscordAppStandIn, startDiscordAppStandIn } from '../support/discord-app-stand-in.js';

/** Ed25519 public keys in DER (SPKI) are this prefix followed by the raw 32 bytes. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

function verifies(publicKeyHex: string, signatureHex: string, timestamp: string, body: string): boolean {
  const key = createPublicKey({
    key: Buffer.concat([ED25519_SPKI_PREFIX, Buffer.from(publicKeyHex, 'hex')]),
    format: 'der',
    type: 'spki',
  });
  return verify(null, Buffer.from(timestamp + body), key, Buffer.from(signatureHex, 'hex'));
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function stop(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** Catches what a promise rejects with, failing the test if it fulfils. */
async function failureOf(promise: Promise<unknown>): Promise<DiscordRequestFailed> {
  const err = await promise.then(
    () => {
      throw new Error('expected the request to fail');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DiscordRequestFailed);
  return err as DiscordRequestFailed;
}

describe('the Discord REST client, against the stand-in', () => {
  let discord: DiscordAppStandIn;
  /** A stand-in for scanpin's interactions endpoint: answers a ping with a pong, anything else `answer`. */
  let app: Server;
  let answer: object = { type: 5 };
  let appUrl: string;
  const appReceived: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
  const clients: Array<{ close(): void }> = [];

  beforeAll(async () => {
    discord = await startDiscordAppStandIn();
    app = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => {
        body += c;
      });
      req.on('end', () => {
        appReceived.push({ headers: req.headers, body });
        const type = (JSON.parse(body) as { type: number }).type;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(type === 1 ? { type: 1 } : answer));
      });
    });
    appUrl = await listen(app);
  });
  afterEach(() => {
    for (const c of clients.splice(0)) c.close();
    discord.reset();
    appReceived.length = 0;
    answer = { type: 5 };
  });
  afterAll(async () => {
    await stop(app);
    await discord.close();
  });

  function client(
    overrides: Partial<Parameters<typeof discordRest>[0]> = {},
  ): DiscordApi & { close(): void } {
    const c = discordRest({ apiUrl: discord.apiUrl, botToken: discord.botToken, ...overrides });
    clients.push(c);
    return c;
  }

  /** Delivers a command the app answers deferred, so Discord knows the token and its original message. */
  async function deliveredToken(): Promise<string> {
    const interaction = discord.commandInteraction({ name: 'scanpin' });
    const answer = await discord.sendInteraction(appUrl, interaction);
    expect(answer.body).toEqual({ type: 5 });
    return interaction.token;
  }

  function expectNoSecrets(err: DiscordRequestFailed, ...secrets: string[]): void {
    const everything = [err.message, JSON.stringify(err), String(err.stack), String(err.cause)].join('\n');
    for (const secret of secrets) expect(everything).not.toContain(secret);
  }

  it('reads the application id and public key with the bot token', async () => {
    const api = client({ userAgentSuffix: 'scanpin/0.1.0' });
    await expect(api.currentApplication()).resolves.toEqual({
      id: discord.applicationId,
      verifyKey: discord.publicKeyHex,
    });
    const [call] = discord.calls;
    expect(call).toMatchObject({ method: 'GET', path: '/applications/@me', status: 200 });
    expect(call?.headers.authorization).toBe('Bot <redacted>');
    expect(call?.headers['user-agent']).toMatch(/^DiscordBot \(.+\) scanpin\/0\.1\.0/);
  });

  it('takes DISCORD_API_URL with or without the version, with a trailing slash', async () => {
    const base = discord.apiUrl.replace(/\/v10$/, '');
    await expect(client({ apiUrl: base }).currentApplication()).resolves.toMatchObject({
      id: discord.applicationId,
    });
    await expect(client({ apiUrl: `${discord.apiUrl}/` }).currentApplication()).resolves.toMatchObject({
      id: discord.applicationId,
    });
    expect(discord.calls.map((c) => c.path)).toEqual(['/applications/@me', '/applications/@me']);
  });

  it('overwrites the global commands and a guild’s commands with the array as the body', async () => {
    const api = client();
    const commands = [
      { name: 'scanpin', description: 'Scan PINs and results' },
      { name: 'risk', description: 'A player’s risk score' },
    ];
    await expect(api.putCommands(discord.applicationId, commands)).resolves.toBe(2);
    await expect(
      api.putCommands(discord.applicationId, commands.slice(0, 1), '123456789012345678'),
    ).resolves.toBe(1);
    expect(discord.calls).toMatchObject([
      { method: 'PUT', path: `/applications/${discord.applicationId}/commands`, body: commands, status: 200 },
      {
        method: 'PUT',
        path: `/applications/${discord.applicationId}/guilds/123456789012345678/commands`,
        body: commands.slice(0, 1),
        status: 200,
      },
    ]);
    for (const call of discord.calls) expect(call.headers.authorization).toBe('Bot <redacted>');
    expect(discord.commands().map((c) => (c as { name: string }).name)).toEqual(['scanpin', 'risk']);
  });

  it('edits the original response without bot auth, and mentions nobody unless told', async () => {
    const token = await deliveredToken();
    // No bot token at all: the interaction token is the credential.
    const api = client({ botToken: null });
    const edited = await api.editOriginalResponse(discord.applicationId, token, {
      content: 'Risk: low <@1234>',
    });
    expect(edited).toEqual({ id: discord.originalMessage(token)?.id, channelId: discord.channelId });
    const [call] = discord.calls;
    expect(call).toMatchObject({
      method: 'PATCH',
      path: `/webhooks/${discord.applicationId}/${token}/messages/@original`,
    });
    expect(call?.headers.authorization).toBeUndefined();
    expect(call?.body).toEqual({ content: 'Risk: low <@1234>', allowed_mentions: { parse: [] } });
    expect(discord.originalMessage(token)).toMatchObject({ content: 'Risk: low <@1234>', edits: 1 });
  });

  it('says an unknown or expired interaction token is gone, without quoting a token', async () => {
    const api = client();
    const neverIssued = discord.commandInteraction({ name: 'scanpin' }).token;
    const err = await failureOf(
      api.editOriginalResponse(discord.applicationId, neverIssued, { content: 'x' }),
    );
    expect(err).toMatchObject({ status: 404, code: 10015, retryable: false, gone: true });
    expect(err.message).toBe(
      "Discord answered 404 (Unknown Webhook, code 10015) to PATCH the interaction's original message",
    );
    expectNoSecrets(err, neverIssued, discord.botToken);

    const token = await deliveredToken();
    discord.expireToken(token);
    const expired = await failureOf(api.editOriginalResponse(discord.applicationId, token, { content: 'x' }));
    expect(expired).toMatchObject({ status: 404, code: 10015, gone: true });
    expectNoSecrets(expired, token, discord.botToken);
  });

  it('waits out a 429 for its retry_after and sends the same request again', async () => {
    const token = await deliveredToken();
    const limited: Array<{ route: string; retryAfterMs: number; global: boolean }> = [];
    const api = client({ onRateLimited: (info) => limited.push(info) });
    discord.rateLimitNext({ method: 'PATCH', pathIncludes: '/messages/@original' }, 0.3);

    await expect(
      api.editOriginalResponse(discord.applicationId, token, { content: 'after the limit' }),
    ).resolves.toMatchObject({ channelId: discord.channelId });

    const [first, second] = discord.calls;
    expect(discord.calls.map((c) => c.status)).toEqual([429, 200]);
    expect(second?.body).toEqual(first?.body);
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(250);
    expect(discord.originalMessage(token)?.content).toBe('after the limit');
    expect(limited).toHaveLength(1);
    expect(limited[0]).toMatchObject({ global: false });
    expect(limited[0]?.retryAfterMs).toBeGreaterThanOrEqual(250);
    expect(limited[0]?.route).toBe('/webhooks/:id/:token/messages/@original');
    expect(limited[0]?.route).not.toContain(token);
  });

  it('waits out the global rate limit too', async () => {
    const limited: Array<{ route: string; retryAfterMs: number; global: boolean }> = [];
    const api = client({ onRateLimited: (info) => limited.push(info) });
    discord.rateLimitNext({ method: 'POST' }, 0.2, { global: true });
    await expect(api.createChannelMessage(discord.channelId, { content: 'hello' })).resolves.toMatchObject({
      id: expect.any(String),
    });
    expect(discord.calls.map((c) => c.status)).toEqual([429, 200]);
    expect(limited).toMatchObject([{ global: true, route: '/channels/:id/messages' }]);
    expect(discord.channelMessages(discord.channelId).map((m) => m.content)).toEqual(['hello']);
  });

  it('retries a 5xx: two 503s and then success is a success', async () => {
    const api = client();
    discord.failNext({ method: 'POST', pathIncludes: '/messages' }, 503, 2);
    const { id } = await api.createChannelMessage(discord.channelId, { content: 'posted' });
    expect(discord.calls.map((c) => c.status)).toEqual([503, 503, 200]);
    expect(discord.channelMessages(discord.channelId)).toMatchObject([{ id, content: 'posted' }]);
  });

  it('gives up on a 5xx that outlasts the retries, as worth trying later', async () => {
    const api = client({ retries: 1 });
    discord.failNext({ method: 'POST' }, 500, 5);
    const err = await failureOf(api.createChannelMessage(discord.channelId, { content: 'x' }));
    expect(err).toMatchObject({ status: 500, code: null, retryable: true, gone: false });
    expect(discord.calls).toHaveLength(2);
    expectNoSecrets(err, discord.botToken);
  });

  it('reports an outage as worth trying later, and works again once it is over', async () => {
    const token = await deliveredToken();
    const api = client();
    discord.outage(true);
    const err = await failureOf(api.editOriginalResponse(discord.applicationId, token, { content: 'x' }));
    expect(err).toMatchObject({ status: null, code: null, retryable: true, gone: false });
    expectNoSecrets(err, token, discord.botToken);
    const failed = await failureOf(api.createChannelMessage(discord.channelId, { content: 'x' }));
    expect(failed.retryable).toBe(true);

    discord.outage(false);
    await expect(
      api.editOriginalResponse(discord.applicationId, token, { content: 'back' }),
    ).resolves.toBeTruthy();
  });

  it('reports a request Discord does not answer in time as worth trying later', async () => {
    const silent = createServer(() => {
      // never answers
    });
    const url = await listen(silent);
    try {
      const api = client({ apiUrl: `${url}/api/v10`, timeoutMs: 150, retries: 1 });
      const err = await failureOf(api.createChannelMessage('123456789012345678', { content: 'x' }));
      expect(err).toMatchObject({ status: null, retryable: true });
      expect(err.message).toMatch(/did not answer .* within 150 ms, in each of 2 attempts/);
    } finally {
      await stop(silent);
    }
  });

  it('refuses bot routes without a bot token, sending nothing', async () => {
    const api = client({ botToken: null });
    for (const attempt of [
      api.currentApplication(),
      api.putCommands(discord.applicationId, []),
      api.createChannelMessage(discord.channelId, { content: 'x' }),
      api.editChannelMessage(discord.channelId, '123456789012345678', { content: 'x' }),
    ]) {
      const err = await failureOf(attempt);
      expect(err).toMatchObject({ status: null, code: null, retryable: false, gone: false });
    }
    expect(discord.calls).toEqual([]);
  });

  it('stops using a bot token Discord refused', async () => {
    const api = client({ botToken: 'not-the-bot-token' });
    const err = await failureOf(api.createChannelMessage(discord.channelId, { content: 'x' }));
    expect(err).toMatchObject({ status: 401, code: 0, retryable: false, gone: false });
    expectNoSecrets(err, 'not-the-bot-token');
    const again = await failureOf(api.createChannelMessage(discord.channelId, { content: 'x' }));
    expect(again).toMatchObject({ status: null, retryable: false });
    expect(again.message).toMatch(/refused the bot token earlier/);
    expect(discord.calls).toHaveLength(1);
  });

  it('edits a channel message and keeps allowed_mentions when given', async () => {
    const api = client();
    const { id } = await api.createChannelMessage(discord.channelId, {
      content: 'Scan started',
      allowed_mentions: { parse: [] },
    });
    await expect(api.editChannelMessage(discord.channelId, id, { content: 'Scan done' })).resolves.toEqual({
      id,
    });
    expect(discord.calls.map((c) => c.body)).toEqual([
      { content: 'Scan started', allowed_mentions: { parse: [] } },
      { content: 'Scan done', allowed_mentions: { parse: [] } },
    ]);
    expect(discord.channelMessages(discord.channelId)).toMatchObject([
      { id, content: 'Scan done', edits: 1 },
    ]);

    const gone = await failureOf(
      api.editChannelMessage(discord.channelId, '123456789012345678', { content: 'x' }),
    );
    expect(gone).toMatchObject({ status: 404, code: 10008, retryable: false, gone: true });
  });

  it('edits the message a button is on as the original of a deferred update', async () => {
    const api = client();
    const { id } = await api.createChannelMessage(discord.channelId, { content: 'Scan 1: running' });
    const click = discord.buttonInteraction({ customId: 'scan:refresh', messageId: id });
    expect(click.message.content).toBe('Scan 1: running');
    answer = { type: 6 };
    await discord.sendInteraction(appUrl, click);
    await expect(
      api.editOriginalResponse(discord.applicationId, click.token, { content: 'Scan 1: done' }),
    ).resolves.toEqual({ id, channelId: discord.channelId });
    expect(discord.channelMessages(discord.channelId)).toMatchObject([{ id, content: 'Scan 1: done' }]);
  });

  it('quotes what Discord found wrong with a message', async () => {
    const err = await failureOf(
      client().createChannelMessage(discord.channelId, { content: 'x'.repeat(2001) }),
    );
    expect(err).toMatchObject({ status: 400, code: 50035, retryable: false, gone: false });
    expect(err.message).toContain(
      'Invalid Form Body; content[BASE_TYPE_MAX_LENGTH]: Must be 2000 or fewer in length.',
    );
  });

  it('passes on a refusal: a 403 is not worth retrying and not gone', async () => {
    const api = client();
    discord.failNext({ method: 'POST' }, 403);
    const err = await failureOf(api.createChannelMessage(discord.channelId, { content: 'x' }));
    expect(err).toMatchObject({ status: 403, code: 50013, retryable: false, gone: false });
    expect(err.message).toBe(
      `Discord answered 403 (Missing Permissions, code 50013) to POST a message in channel ${discord.channelId}`,
    );
  });
});

describe('the stand-in signs interactions as Discord does', () => {
  let discord: DiscordAppStandIn;
  let app: Server;
  let appUrl: string;
  const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];

  beforeAll(async () => {
    discord = await startDiscordAppStandIn();
    app = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => {
        body += c;
      });
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"type":1}');
      });
    });
    appUrl = await listen(app);
  });
  afterEach(() => {
    received.length = 0;
  });
  afterAll(async () => {
    await stop(app);
    await discord.close();
  });

  it('publishes a raw 32-byte key and signs timestamp + body with it', () => {
    expect(discord.publicKeyHex).toMatch(/^[0-9a-f]{64}$/);
    const body = JSON.stringify(discord.ping());
    const { signature, timestamp } = discord.sign(body);
    expect(signature).toMatch(/^[0-9a-f]{128}$/);
    expect(timestamp).toMatch(/^\d{10}$/);
    expect(verifies(discord.publicKeyHex, signature, timestamp, body)).toBe(true);
    expect(verifies(discord.publicKeyHex, signature, timestamp, `${body} `)).toBe(false);
    expect(verifies(discord.publicKeyHex, discord.sign(body, '1700000000').signature, timestamp, body)).toBe(
      false,
    );
  });

  it('delivers a signed interaction, and a bad, tampered, stale or unsigned one when asked', async () => {
    const interaction = discord.commandInteraction({
      name: 'scanpin',
      subcommand: 'lookup',
      options: { player: { user: { id: '333333333333333333', username: 'suspect' } }, days: 7 },
      member: {
        userId: '444444444444444444',
        username: 'mod',
        roles: ['555555555555555555'],
        permissions: '32',
      },
    });
    expect(interaction).toMatchObject({
      type: 2,
      application_id: discord.applicationId,
      guild_id: discord.guildId,
      channel_id: discord.channelId,
      member: { user: { id: '444444444444444444' }, roles: ['555555555555555555'], permissions: '32' },
      data: {
        name: 'scanpin',
        options: [
          {
            type: 1,
            name: 'lookup',
            options: [
              { name: 'player', type: 6, value: '333333333333333333' },
              { name: 'days', type: 4, value: 7 },
            ],
          },
        ],
        resolved: { users: { '333333333333333333': { username: 'suspect' } } },
      },
    });

    const answer = await discord.sendInteraction(appUrl, interaction);
    expect(answer).toMatchObject({ status: 200, body: { type: 1 } });
    const genuine = received[0];
    const signature = String(genuine?.headers['x-signature-ed25519']);
    const timestamp = String(genuine?.headers['x-signature-timestamp']);
    expect(signature).toMatch(/^[0-9a-f]{128}$/);
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60);
    expect(genuine?.body).toBe(JSON.stringify(interaction));
    expect(verifies(discord.publicKeyHex, signature, timestamp, genuine?.body ?? '')).toBe(true);

    await discord.sendInteraction(appUrl, interaction, { badSignature: true });
    await discord.sendInteraction(appUrl, interaction, { tamper: true });
    await discord.sendInteraction(appUrl, interaction, { staleBySeconds: 3600 });
    await discord.sendInteraction(appUrl, interaction, { noHeaders: true });
    const [, bad, tampered, stale, unsigned] = received;
    const valid = (r: typeof bad) =>
      verifies(
        discord.publicKeyHex,
        String(r?.headers['x-signature-ed25519']),
        String(r?.headers['x-signature-timestamp']),
        r?.body ?? '',
      );
    expect(valid(bad)).toBe(false);
    expect(valid(tampered)).toBe(false);
    expect(JSON.parse(tampered?.body ?? '{}').member.permissions).toBe('8');
    expect(valid(stale)).toBe(true);
    expect(Date.now() / 1000 - Number(stale?.headers['x-signature-timestamp'])).toBeGreaterThan(3500);
    expect(unsigned?.headers['x-signature-ed25519']).toBeUndefined();
    expect(unsigned?.headers['x-signature-timestamp']).toBeUndefined();
  });

  it('builds button and ping interactions with fresh ids and tokens', () => {
    const a = discord.buttonInteraction({ customId: 'scan:refresh', messageId: '666666666666666666' });
    const b = discord.buttonInteraction({ customId: 'scan:refresh' });
    expect(a).toMatchObject({
      type: 3,
      data: { custom_id: 'scan:refresh', component_type: 2 },
      message: { id: '666666666666666666', channel_id: discord.channelId },
    });
    expect(a.id).not.toBe(b.id);
    expect(a.token).not.toBe(b.token);
    expect(discord.ping()).toMatchObject({ type: 1, application_id: discord.applicationId });
  });
});
