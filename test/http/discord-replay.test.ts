import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { type DiscordAppStandIn, startDiscordAppStandIn } from '../support/discord-app-stand-in.js';
import { expectProblem } from '../support/http.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { startSibling } from '../support/with-app.js';

const MINUTE = 60_000;
const MEMBER = { userId: '700000000000000042', username: 'someone', roles: [] as string[], permissions: '0' };

/**
 * A signed interaction is refused when sent again while its signature is fresh (docs/discord.md,
 * "Security"), on any instance: also when its timestamp was ahead of our clock, which keeps it fresh
 * longer than it would be from its arrival.
 */
describe.each(backends())('replayed Discord interactions on $name', (backend) => {
  let now = Date.UTC(2026, 2, 1, 12);
  const clock = () => now;
  let discord: DiscordAppStandIn;
  let t: TestApp;
  let sibling: FastifyInstance;

  beforeAll(async () => {
    discord = await startDiscordAppStandIn();
    const env = {
      DISCORD_APPLICATION_ID: discord.applicationId,
      DISCORD_PUBLIC_KEY: discord.publicKeyHex,
      DISCORD_BOT_TOKEN: discord.botToken,
      DISCORD_API_URL: discord.apiUrl,
      PUBLIC_URL: 'https://scanpin.example',
    };
    t = await startTestApp(backend, env, clock, { backgroundJobs: false });
    sibling = await startSibling(t, backend, env, clock);
  });
  afterAll(async () => {
    await sibling?.close();
    await t?.close();
    await discord?.close();
  });

  /** A /lookup from a server no Enterprise connected: answered (with a refusal), so never a PING. */
  const lookup = () =>
    JSON.stringify(
      discord.commandInteraction({
        name: 'lookup',
        options: { player: { user: { id: '800000000000000042', username: 'suspect' } } },
        guildId: '400000000000000042',
        channelId: '500000000000000042',
        member: MEMBER,
      }),
    );
  /** Sends `body` signed with `timestampMs` (Discord's clock) to `app`. */
  const send = (app: FastifyInstance, body: string, timestampMs: number) => {
    const { signature, timestamp } = discord.sign(body, String(Math.floor(timestampMs / 1000)));
    return app.inject({
      method: 'POST',
      url: '/discord/interactions',
      headers: {
        'content-type': 'application/json',
        'x-signature-ed25519': signature,
        'x-signature-timestamp': timestamp,
      },
      payload: body,
    });
  };

  it('refuses a replay while the signature is fresh, when it was signed 5 minutes ahead of our clock', async () => {
    const signedAt = now + 5 * MINUTE;
    const body = lookup();
    expect((await send(t.app, body, signedAt)).statusCode).toBe(200);
    // 6.5 minutes later the signature is still fresh (1.5 minutes past its timestamp).
    now += 6.5 * MINUTE;
    expectProblem(await send(t.app, body, signedAt), 401, 'invalid_discord_signature');
    expectProblem(await send(sibling, body, signedAt), 401, 'invalid_discord_signature');
    // Once the signature is stale it is refused for that, whatever is remembered.
    now = signedAt + 5 * MINUTE + 1000;
    expectProblem(await send(sibling, body, signedAt), 401, 'invalid_discord_signature');
  });

  it('refuses on one instance what another answered, and answers each new interaction once', async () => {
    const body = lookup();
    expect((await send(sibling, body, now)).statusCode).toBe(200);
    now += 4 * MINUTE;
    expectProblem(await send(t.app, body, now - 4 * MINUTE), 401, 'invalid_discord_signature');
    expect((await send(t.app, lookup(), now)).statusCode).toBe(200);
  });
});
