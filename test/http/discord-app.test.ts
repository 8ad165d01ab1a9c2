import { generateKeyPairSync } from 'node:crypto';
import { Writable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deliverDueScanMessages } from '../../src/application/discord/deliver-scan-messages.js';
import { discordCommand } from '../../src/cli/discord.js';
import { createLogger } from '../../src/logger.js';
import { backends, sqliteBackend } from '../support/backends.js';
import {
  type DiscordAppStandIn,
  type OptionValue,
  type SendOptions,
  startDiscordAppStandIn,
} from '../support/discord-app-stand-in.js';
import { expectProblem } from '../support/http.js';
import { signIn } from '../support/person.js';
import { report, scanner } from '../support/scan.js';
import { integrationClient } from '../support/scanner-client.js';
import { type Owner, startTestApp, type TestApp } from '../support/test-app.js';
import { startSibling } from '../support/with-app.js';

const GUILD = '400000000000000001';
const OTHER_GUILD = '400000000000000002';
const CHANNEL = '500000000000000001';
const STAFF_ROLE = '600000000000000001';
const STAFF = { userId: '700000000000000001', username: 'mod', roles: [STAFF_ROLE], permissions: '0' };
const MEMBER = { userId: '700000000000000002', username: 'someone', roles: [] as string[], permissions: '0' };
const MANAGER = {
  userId: '700000000000000003',
  username: 'boss',
  roles: [] as string[],
  permissions: String(1 << 5),
};
const PLAYER = { id: '800000000000000001', username: 'suspect' };

interface MessageData {
  content?: string;
  flags?: number;
  embeds?: Array<{ title?: string; description?: string; fields?: Array<{ name: string; value: string }> }>;
  components?: Array<{ components: Array<{ label?: string; url?: string; custom_id?: string }> }>;
}
interface Msg {
  type: number;
  data?: MessageData;
}

/** Everything a message shows, as one string, for asserting on what a person would read. */
function textOf(shown: unknown): string {
  const message = shown as MessageData | undefined;
  if (message === undefined) return '';
  const embeds = (message.embeds ?? []).map((e) =>
    [e.title, e.description, ...(e.fields ?? []).flatMap((f) => [f.name, f.value])].join('\n'),
  );
  return [message.content ?? '', ...embeds].join('\n');
}

describe.each(backends())('the built-in Discord app on $name', (backend) => {
  let discord: DiscordAppStandIn;
  let t: TestApp;
  let owner: Owner;
  let baseUrl: string;
  const logLines: string[] = [];

  beforeAll(async () => {
    discord = await startDiscordAppStandIn();
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    const logger = createLogger('trace', sink);
    t = await startTestApp(
      backend,
      {
        DISCORD_APPLICATION_ID: discord.applicationId,
        DISCORD_PUBLIC_KEY: discord.publicKeyHex,
        DISCORD_BOT_TOKEN: discord.botToken,
        DISCORD_API_URL: discord.apiUrl,
        PUBLIC_URL: 'https://scanpin.example',
      },
      undefined,
      { logger, serviceLog: logger, backgroundJobs: false },
    );
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    baseUrl = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
    owner = await t.createOwner('Discord Owner');
    await t.admin('PUT', `/admin/v1/enterprises/${owner.enterpriseId}/discord-guilds/${GUILD}`, {
      staffRoleIds: [STAFF_ROLE],
    });
  });
  afterAll(async () => {
    await t?.close();
    await discord?.close();
  });
  beforeEach(() => discord.reset());

  /** Every interaction token sent, to check that none reaches a log line. */
  const tokens: string[] = [];

  /**
   * Sends an interaction to the server's port as Discord would, signed (or broken as `opts` says);
   * the stand-in keeps the first answer as the interaction's original message, as Discord does.
   */
  async function interact(payload: object, opts: SendOptions = {}): Promise<LightMyRequestResponse> {
    const token = (payload as { token?: string }).token;
    if (token !== undefined) tokens.push(token);
    const res = await discord.sendInteraction(baseUrl, payload, opts);
    const text = JSON.stringify(res.body);
    // In the shape of an injected answer, so the shared problem checks apply.
    return {
      statusCode: res.status,
      headers: res.headers,
      body: text,
      json: () => res.body,
    } as unknown as LightMyRequestResponse;
  }
  const command = (
    name: string,
    options: Record<string, OptionValue>,
    member = STAFF,
    guildId = GUILD,
    subcommand?: string,
  ) =>
    discord.commandInteraction({
      name,
      options,
      guildId,
      channelId: CHANNEL,
      member,
      ...(subcommand === undefined ? {} : { subcommand }),
    });
  const scanCommand = (member = STAFF, guildId = GUILD) =>
    command('scan', { game: 'FiveM', player: { user: PLAYER } }, member, guildId);
  const playerOption = { player: { user: PLAYER } };
  const pinCount = async () =>
    Number(
      (
        await t.deps.store.db
          .selectFrom('pins')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const answerOf = (res: LightMyRequestResponse) => res.json<Msg>();
  const pinOf = (res: LightMyRequestResponse) =>
    /\*\*([A-Z2-9]{8})\*\*/.exec(answerOf(res).data?.content ?? '')?.[1];

  describe('the endpoint', () => {
    it('answers a signed PING with PONG, as JSON', async () => {
      const res = await interact(discord.ping());
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ type: 1 });
    });

    it('refuses with 401 before anything else: a bad or missing signature, a stale timestamp, a changed body', async () => {
      const pinsBefore = await pinCount();
      const ping = discord.ping();
      expectProblem(await interact(ping, { badSignature: true }), 401, 'invalid_discord_signature');
      expectProblem(await interact(ping, { noHeaders: true }), 401, 'invalid_discord_signature');
      expectProblem(await interact(ping, { staleBySeconds: 301 }), 401, 'invalid_discord_signature');
      // Signed as a plain member, sent claiming Administrator.
      expectProblem(await interact(scanCommand(MEMBER), { tamper: true }), 401, 'invalid_discord_signature');
      // Nothing ran: no PIN was created.
      expect(await pinCount()).toBe(pinsBefore);
    });

    it('refuses the same interaction sent twice', async () => {
      const lookup = command('lookup', playerOption);
      expect((await interact(lookup)).statusCode).toBe(200);
      expectProblem(await interact(lookup), 401, 'invalid_discord_signature');
    });
  });

  describe('connecting a server', () => {
    async function connectCode(): Promise<string> {
      const { deps } = t;
      const { createConnectCode } = await import('../../src/application/discord/guilds.js');
      return (await createConnectCode(deps, owner.enterpriseId, { kind: 'operator' })).code;
    }
    const connect = (code: string, member = MANAGER, guildId = OTHER_GUILD) =>
      command('scanpin', { code }, member, guildId, 'connect');

    it('needs Manage Server, and a live code, used once', async () => {
      const code = await connectCode();
      const refused = answerOf(await interact(connect(code, STAFF)));
      expect(refused.data?.flags).toBe(64);
      expect(refused.data?.content).toMatch(/Manage Server/);

      const done = answerOf(await interact(connect(code.toLowerCase())));
      expect(done.data?.content).toMatch(/now connected to/);
      const guilds = await t.admin<{ data: Array<{ guildId: string }> }>(
        'GET',
        `/admin/v1/enterprises/${owner.enterpriseId}/discord-guilds`,
      );
      expect(guilds.data.map((g) => g.guildId).sort()).toEqual([GUILD, OTHER_GUILD]);

      const again = answerOf(await interact(connect(code, MANAGER, '400000000000000009')));
      expect(again.data?.content).toMatch(/unknown, used or expired/);
      await t.admin('DELETE', `/admin/v1/enterprises/${owner.enterpriseId}/discord-guilds/${OTHER_GUILD}`);
    });

    it('refuses a server another Enterprise has, and leaves the code usable', async () => {
      const other = await t.createOwner('Other Owner');
      await t.admin('PUT', `/admin/v1/enterprises/${other.enterpriseId}/discord-guilds/${OTHER_GUILD}`, {
        staffRoleIds: [],
      });
      const code = await connectCode();
      const refused = answerOf(await interact(connect(code)));
      expect(refused.data?.content).toMatch(/connected to another Enterprise/);
      const taken = await t.adminRaw(
        'PUT',
        `/admin/v1/enterprises/${owner.enterpriseId}/discord-guilds/${OTHER_GUILD}`,
        { staffRoleIds: [] },
      );
      expectProblem(taken, 409, 'discord_guild_taken');
      await t.admin('DELETE', `/admin/v1/enterprises/${other.enterpriseId}/discord-guilds/${OTHER_GUILD}`);
      expect(answerOf(await interact(connect(code))).data?.content).toMatch(/now connected to/);
      await t.admin('DELETE', `/admin/v1/enterprises/${owner.enterpriseId}/discord-guilds/${OTHER_GUILD}`);
    });
  });

  describe('commands', () => {
    it('/scan from a staff member answers with a new PIN the API knows, audited naming them', async () => {
      const res = await interact(scanCommand());
      expect(res.statusCode).toBe(200);
      const answer = answerOf(res);
      expect(answer.type).toBe(4);
      expect(answer.data?.flags ?? 0).toBe(0);
      const pin = pinOf(res);
      expect(pin).toBeDefined();
      const status = await t.api('GET', `/v1/pins/${pin}/status`, { key: owner.key });
      expect(status.json()).toMatchObject({ status: 'pending', type: 'FiveM', pinName: '@suspect' });
      const audit = await t.admin<{ data: Array<{ action: string; actor: Record<string, unknown> }> }>(
        'GET',
        `/admin/v1/audit?action=pin.create&limit=1`,
      );
      expect(audit.data[0]?.actor).toMatchObject({
        kind: 'discord',
        discordUserId: STAFF.userId,
        accountId: owner.accountId,
      });
    });

    it('/scan counts against the staff member’s role (docs/roles.md): at least a moderator, a linked admin an admin', async () => {
      const staffRoleOf = async (code: string | undefined) =>
        (
          await t.deps.store.db
            .selectFrom('pins')
            .select('staff_role')
            .where('code', '=', code ?? '')
            .executeTakeFirstOrThrow()
        ).staff_role;
      // A member from before roles (a viewer since the upgrade) whose Discord account holds the staff
      // role keeps /scan: the server's staff role gives at least moderator.
      const lurker = { ...STAFF, userId: '700000000000000009', username: 'lurker' };
      const viewer = await t.createAccount('Linked Viewer', { discordId: lurker.userId });
      await t.admin('POST', `/admin/v1/enterprises/${owner.enterpriseId}/members`, { accountId: viewer });
      const ownerPerson = await signIn(t, owner.accountId);
      const members = await ownerPerson.call('GET', `/enterprises/${owner.enterpriseId}/members`);
      const listed = members.json().members as Array<{ accountId: number; role: string }>;
      expect(listed.find((m) => m.accountId === viewer)?.role).toBe('viewer');
      expect(await staffRoleOf(pinOf(await interact(scanCommand(lurker))))).toBe('moderator');
      // A higher role than moderator is kept: the PIN counts against the admins' quota.
      const chief = { ...STAFF, userId: '700000000000000010', username: 'chief' };
      const admin = await t.createAccount('Linked Admin', { discordId: chief.userId });
      await t.admin('POST', `/admin/v1/enterprises/${owner.enterpriseId}/members`, { accountId: admin });
      const role = `/enterprises/${owner.enterpriseId}/members/${admin}/role`;
      expect((await ownerPerson.call('PUT', role, { role: 'admin' })).statusCode).toBe(200);
      expect(await staffRoleOf(pinOf(await interact(scanCommand(chief))))).toBe('admin');
      const pinsBefore = await pinCount();

      const quotas = `/enterprises/${owner.enterpriseId}/pin-quotas`;
      expect((await ownerPerson.call('PUT', quotas, { moderator: 0 })).statusCode).toBe(200);
      const full = answerOf(await interact(scanCommand()));
      expect(full.data?.content).toMatch(/moderators already hold 0 active PINs/);
      expect(await pinCount()).toBe(pinsBefore);
      expect((await ownerPerson.call('PUT', quotas, { moderator: 100 })).statusCode).toBe(200);
      const made = pinOf(await interact(scanCommand()));
      const row = await t.deps.store.db
        .selectFrom('pins')
        .select(['staff_role', 'account_id'])
        .where('code', '=', made ?? '')
        .executeTakeFirstOrThrow();
      // Held by the owner's account as before, counted against the moderators' quota.
      expect(row).toEqual({ staff_role: 'moderator', account_id: owner.accountId });
    });

    it('refuses a member who is not staff, and a server nobody connected, saying why, and creates nothing', async () => {
      const pinsBefore = await pinCount();
      const refused = answerOf(await interact(scanCommand(MEMBER)));
      expect(refused.data?.flags).toBe(64);
      expect(refused.data?.content).toMatch(/Only staff of this Discord server/);
      const elsewhere = answerOf(await interact(scanCommand(STAFF, '400000000000000077')));
      expect(elsewhere.data?.content).toMatch(/not connected to a scanpin Enterprise/);
      expect(await pinCount()).toBe(pinsBefore);
    });

    it('/lookup and /risk answer only the asker, with the player as the API gives them', async () => {
      await scanner(t).scan(owner.key, report({ detections: ['Eulen'], discord: [PLAYER] }), ['HW-LOOKUP']);
      const lookup = answerOf(await interact(command('lookup', playerOption)));
      expect(lookup.data?.flags).toBe(64);
      expect(textOf(lookup.data)).toContain(PLAYER.username);
      expect(textOf(lookup.data)).toContain('Eulen');
      const risk = answerOf(await interact(command('risk', playerOption)));
      expect(risk.data?.flags).toBe(64);
      expect(textOf(risk.data)).toMatch(/risk \d+/);
      const refused = answerOf(await interact(command('lookup', playerOption, MEMBER)));
      expect(textOf(refused.data)).not.toContain('Eulen');
    });
  });

  describe('the scan message', () => {
    async function startScanFromDiscord() {
      const payload = scanCommand();
      const res = await interact(payload);
      const pin = pinOf(res) as string;
      return { pin, token: (payload as { token: string }).token };
    }

    it('follows a whole scan to its final message: verdict, a detection, the result and share buttons', async () => {
      const { pin, token } = await startScanFromDiscord();
      const s = scanner(t);
      const session = await s.startOk(pin, ['HW-FOLLOW']);
      await untilShown(() => /scan is running/.test(textOf(discord.originalMessage(token))));
      await s.progress(session, 50, 'Half way');
      await s.finish(session, report({ detections: ['Skript.gg loader'], discord: [PLAYER] }));
      // Edits are at most one per 1.5 s per message: the next is due then, showing the latest state.
      await waitUntilDelivered(pin);
      const final = discord.originalMessage(token) as MessageData | undefined;
      expect(textOf(final)).toMatch(/cheating/);
      expect(textOf(final)).toContain('Skript.gg loader');
      const buttons = final?.components?.[0]?.components ?? [];
      expect(buttons.map((b) => b.label)).toEqual(['Full result', 'Share link']);
      expect(buttons[0]?.url).toBe(`https://scanpin.example/pins/${pin}`);

      // The share button: staff get a link, answered only to them; others are refused.
      const messageId = discord.originalMessage(token)?.id as string;
      const press = (member: typeof STAFF, customId = buttons[1]?.custom_id as string) =>
        interact(
          discord.buttonInteraction({ customId, guildId: GUILD, channelId: CHANNEL, member, messageId }),
        );
      const shared = answerOf(await press(STAFF));
      expect(shared.data?.flags).toBe(64);
      expect(shared.data?.content).toMatch(/https:\/\/scanpin\.example\/share\/\S+/);
      expect(answerOf(await press(MEMBER)).data?.content).toMatch(/Only staff/);
      const audit = await t.admin<{ data: Array<{ actor: Record<string, unknown> }> }>(
        'GET',
        '/admin/v1/audit?action=share_link.create&limit=1',
      );
      expect(audit.data[0]?.actor).toMatchObject({ kind: 'discord', discordUserId: STAFF.userId });

      // A button id is the presser's to write: one naming another PIN, or not on the message, is refused
      // without saying anything about that PIN.
      const apiPin = await scanner(t).scan(owner.key, report(), ['HW-API-MADE']);
      const apiPinId = (await t.deps.repos.pins.findByCode(apiPin))?.id as number;
      const forged = answerOf(await press(STAFF, `scanpin:share:${apiPinId}`));
      expect(forged.data?.content).toMatch(/not on a scan message of this Discord server/);
      expect(forged.data?.content).not.toContain(apiPin);
      const elsewhere = answerOf(
        await interact(
          discord.buttonInteraction({
            customId: buttons[1]?.custom_id as string,
            guildId: GUILD,
            channelId: CHANNEL,
            member: STAFF,
          }),
        ),
      );
      expect(elsewhere.data?.content).toMatch(/not on a scan message/);
    });

    it('refuses a share link for a PIN of another Enterprise once its server moved there', async () => {
      const { pin, token } = await startScanFromDiscord();
      const s = scanner(t);
      await s.finish(await s.startOk(pin, ['HW-MOVED']), report({ discord: [PLAYER] }));
      await waitUntilDelivered(pin);
      const message = discord.originalMessage(token) as MessageData & { id: string };
      const customId = message.components?.[0]?.components?.[1]?.custom_id as string;
      const pinId = await pinIdOf(pin);
      const links = async () =>
        (await t.deps.store.db.selectFrom('share_links').select('id').where('pin_id', '=', pinId).execute())
          .length;
      const shares = async () =>
        (
          await t.admin<{ data: unknown[] }>(
            'GET',
            `/admin/v1/audit?action=share_link.create&enterpriseId=${owner.enterpriseId}`,
          )
        ).data.length;
      const [linksBefore, sharesBefore] = [await links(), await shares()];

      // The server is connected to another Enterprise now, whose staff press the old message's button.
      const other = await t.createOwner('New home of the server');
      await t.admin('DELETE', `/admin/v1/enterprises/${owner.enterpriseId}/discord-guilds/${GUILD}`);
      await t.admin('PUT', `/admin/v1/enterprises/${other.enterpriseId}/discord-guilds/${GUILD}`, {
        staffRoleIds: [STAFF_ROLE],
      });
      try {
        const pressed = answerOf(
          await interact(
            discord.buttonInteraction({
              customId,
              guildId: GUILD,
              channelId: CHANNEL,
              member: STAFF,
              messageId: message.id,
            }),
          ),
        );
        expect(pressed.data?.flags).toBe(64);
        expect(pressed.data?.content).toMatch(/not on a scan message of this Discord server/);
        expect(pressed.data?.content).not.toContain(pin);
        expect(await links()).toBe(linksBefore);
        expect(await shares()).toBe(sharesBefore);
      } finally {
        await t.admin('DELETE', `/admin/v1/enterprises/${other.enterpriseId}/discord-guilds/${GUILD}`);
        await t.admin('PUT', `/admin/v1/enterprises/${owner.enterpriseId}/discord-guilds/${GUILD}`, {
          staffRoleIds: [STAFF_ROLE],
        });
      }
    });

    it('/cancel ends a no-show’s PIN: expired at once, the message says it was cancelled, audited naming the staff member', async () => {
      const cancel = (pin: string, member = STAFF, guildId = GUILD) =>
        interact(command('cancel', { pin }, member, guildId));
      const { pin, token } = await startScanFromDiscord();
      // Not staff: refused, and the PIN stays pending.
      expect(answerOf(await cancel(pin, MEMBER)).data?.content).toMatch(/Only staff/);
      // A member from before roles (a viewer) whose Discord account holds the staff role may cancel.
      const linked = { ...STAFF, userId: '700000000000000011', username: 'linked' };
      const viewer = await t.createAccount('Cancelling Viewer', { discordId: linked.userId });
      await t.admin('POST', `/admin/v1/enterprises/${owner.enterpriseId}/members`, { accountId: viewer });
      const done = answerOf(await cancel(pin.toLowerCase(), linked));
      expect(done.data?.flags).toBe(64);
      expect(done.data?.content).toContain(`PIN ${pin} is cancelled`);
      const status = (await t.api('GET', `/v1/pins/${pin}/status`, { key: owner.key })).json();
      expect(status).toMatchObject({ status: 'expired', statusMessage: expect.stringMatching(/cancelled/) });
      await waitUntilDelivered(pin);
      expect(textOf(discord.originalMessage(token))).toMatch(/cancelled before a scan started/);
      const audit = await t.admin<{ data: Array<{ actor: Record<string, unknown> }> }>(
        'GET',
        '/admin/v1/audit?action=pin.cancel&limit=1',
      );
      expect(audit.data[0]?.actor).toMatchObject({ kind: 'discord', discordUserId: linked.userId });
      // Once ended it cannot be cancelled again; nor can a PIN being scanned.
      expect(answerOf(await cancel(pin)).data?.content).toMatch(/is expired already/);
      const running = (await startScanFromDiscord()).pin;
      await scanner(t).startOk(running, ['HW-CANCEL']);
      expect(answerOf(await cancel(running)).data?.content).toMatch(/scan in progress cannot be cancelled/);
      expect((await t.api('GET', `/v1/pins/${running}/status`, { key: owner.key })).json().status).toBe(
        'scanning',
      );
      // Another Enterprise's PIN, or one that does not exist, is not found, and stays as it was.
      const other = await t.createOwner('Cancel Other Owner');
      const theirs = await t.createPin(other.key, { type: 'Rust', pinName: 'Theirs' });
      expect(answerOf(await cancel(theirs)).data?.content).toBe(`No PIN with code ${theirs} exists.`);
      expect((await t.api('GET', `/v1/pins/${theirs}/status`, { key: other.key })).json().status).toBe(
        'pending',
      );
      expect(answerOf(await cancel('ZZZZZZZZ')).data?.content).toMatch(/No PIN with code ZZZZZZZZ/);
    });

    it('shows findings from the player’s machine as written: no link, masked link or mention', async () => {
      const { pin, token } = await startScanFromDiscord();
      const s = scanner(t);
      const session = await s.startOk(pin, ['HW-LINKS']);
      await s.progress(session, 10, 'Reading https://evil.example/progress');
      await untilShown(() => textOf(discord.originalMessage(token)).includes('evil.example/progress'));
      const progress = textOf(discord.originalMessage(token));
      expect(progress).not.toContain('https://evil.example/progress');
      await s.finish(
        session,
        report({
          detections: ['C:\\Users\\me\\https://evil.example/x.jar'],
          suspicious: ['[Download the fix](https://evil.example/fix)', '<https://evil.example/hidden>'],
          warnings: ['@everyone <@700000000000000001> <#500000000000000001> </scan:1234567890123456789>'],
          discord: [{ id: PLAYER.id, username: '@here https://evil.example/name' }],
        }),
      );
      await waitUntilDelivered(pin);
      // The embed: the content's own mention of the player is scanpin's (and pings nobody).
      const shown = textOf({ embeds: discord.originalMessage(token)?.embeds });
      // A backslash shows the next character as written: what is escaped starts nothing.
      const plain = shown.replace(/\\[^0-9A-Za-z\s]/g, '\u0000');
      expect(plain).toContain('evil.example/x.jar');
      expect(plain).not.toMatch(/https?:\/\//);
      expect(plain).not.toMatch(/\[[^\]]*\]\(/);
      expect(plain).not.toMatch(/@(everyone|here)|<[@#/]/);
      expect(discord.originalMessage(token)?.allowed_mentions).toEqual({ parse: [] });
    });

    it('a Discord outage during a scan delays the message; the final state still arrives', async () => {
      const { pin, token } = await startScanFromDiscord();
      // Signed as the official build, so a clean report is legit (docs/scan-client.md, "Trust").
      const s = scanner(t, { client: await integrationClient(t) });
      const session = await s.startOk(pin, ['HW-OUTAGE']);
      discord.outage(true);
      await s.finish(session, report());
      await dueNow(await pinIdOf(pin));
      await deliverDueScanMessages(t.deps);
      expect(textOf(discord.originalMessage(token))).not.toMatch(/has finished/);
      const row = await t.deps.repos.discord.findScanMessage(await pinIdOf(pin));
      expect(row?.done_at).toBeNull();
      expect(row?.last_error).toMatch(/Discord/);
      discord.outage(false);
      // Due again after its back-off; move the row's time instead of waiting for it.
      await t.deps.store.db
        .updateTable('discord_scan_messages')
        .set({ next_attempt_at: 0 })
        .where('pin_id', '=', await pinIdOf(pin))
        .execute();
      await waitUntilDelivered(pin);
      expect(textOf(discord.originalMessage(token))).toMatch(/legit/);
    });

    it('a 429 from Discord delays the edit but loses nothing', async () => {
      const { pin, token } = await startScanFromDiscord();
      const s = scanner(t);
      const session = await s.startOk(pin, ['HW-429']);
      await s.finish(session, report({ suspicious: ['Unsigned driver'] }));
      discord.rateLimitNext({ method: 'PATCH' }, 0.3);
      const started = Date.now();
      await waitUntilDelivered(pin);
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);
      expect(textOf(discord.originalMessage(token))).toMatch(/suspicious/);
      expect(discord.calls.filter((c) => c.method === 'PATCH').length).toBeGreaterThanOrEqual(2);
    });

    it('after the interaction token ran out, the bot posts its own message in the channel and edits it', async () => {
      const { pin, token } = await startScanFromDiscord();
      // Fourteen and a half minutes later: the token works half a minute more, too little to rely on.
      await tokenRunsOut(await pinIdOf(pin), Date.now() + 30_000);
      // Signed as the official build, so a clean report is legit (docs/scan-client.md, "Trust").
      const s = scanner(t, { client: await integrationClient(t) });
      const session = await s.startOk(pin, ['HW-EXPIRED']);
      // The bot's own messages, not the one the interaction made.
      const botMessages = () => discord.channelMessages(CHANNEL).filter((m) => m.interaction_token === null);
      await untilShown(() => botMessages().length > 0);
      expect(botMessages().length).toBe(1);
      expect(textOf(botMessages()[0])).toMatch(/scanning/);
      await s.finish(session, report());
      await waitUntilDelivered(pin);
      expect(botMessages().length).toBe(1);
      expect(textOf(botMessages()[0])).toMatch(/legit/);
      // The first answer points at the continuation while its token still worked.
      expect(textOf(discord.originalMessage(token))).toMatch(/followed in a new message below/);
      expect(discord.calls.find((c) => c.path.includes('/channels/'))?.headers.authorization).toBe(
        'Bot <redacted>',
      );
    });

    it('draws the first answer again a little later, even with nothing new, in case it never reached Discord', async () => {
      const { pin, token } = await startScanFromDiscord();
      const patches = () =>
        discord.calls.filter((c) => c.method === 'PATCH' && c.path.includes('@original')).length;
      // As if the answer had been lost: Discord shows nothing of it.
      const shown = discord.originalMessage(token);
      if (shown !== undefined) shown.content = '';
      await deliverDueScanMessages(t.deps);
      expect(patches()).toBe(0);
      const row = await t.deps.repos.discord.findScanMessage(await pinIdOf(pin));
      expect(Number(row?.next_attempt_at) - Number(row?.created_at)).toBe(3_000);
      await dueNow(await pinIdOf(pin));
      await deliverDueScanMessages(t.deps);
      expect(patches()).toBe(1);
      expect(textOf(discord.originalMessage(token))).toContain(`**${pin}**`);
      // An account holds three open PINs at most: end this one for the tests after it.
      const s = scanner(t);
      await s.fail(await s.startOk(pin, ['HW-REDRAW']));
    });

    it('a fast scan draws few edits: at most one every 1.5 s, each showing the latest state', async () => {
      const { pin, token } = await startScanFromDiscord();
      // Signed as the official build, so a clean report is legit (docs/scan-client.md, "Trust").
      const s = scanner(t, { client: await integrationClient(t) });
      const session = await s.startOk(pin, ['HW-FAST']);
      const started = Date.now();
      const edits = () =>
        discord.calls.filter((c) => c.method === 'PATCH' && c.path.includes('@original')).length;
      // The scan client reports 20 steps while the outbox runs as often as it can.
      for (let step = 1; step <= 20; step++) {
        await s.progress(session, step * 4, `Step ${step}`);
        await deliverDueScanMessages(t.deps);
      }
      await s.finish(session, report());
      await waitUntilDelivered(pin, { hurry: false });
      const seconds = (Date.now() - started) / 1000;
      expect(edits()).toBeLessThanOrEqual(Math.floor(seconds / 1.5) + 2);
      expect(textOf(discord.originalMessage(token))).toMatch(/legit/);
    });

    it('a channel the bot may not post in is tried again while the scan exists, backing off to 10 minutes, and reported once', async () => {
      const { pin } = await startScanFromDiscord();
      const id = await pinIdOf(pin);
      await tokenRunsOut(id, 0);
      discord.failNext({ method: 'POST', pathIncludes: `/channels/${CHANNEL}/messages` }, 403, 8);
      const s = scanner(t);
      await s.finish(await s.startOk(pin, ['HW-403']), report());
      const warnings: string[] = [];
      const log = { info: () => {}, warn: (_o: object, msg: string) => warnings.push(msg) };
      for (let i = 0; i < 8; i++) {
        await dueNow(id);
        await deliverDueScanMessages(t.deps, log as never);
      }
      let row = await t.deps.repos.discord.findScanMessage(id);
      expect(row?.done_at).toBeNull();
      expect(row?.attempts).toBe(8);
      expect(row?.last_error).toMatch(/403/);
      expect(Number(row?.next_attempt_at) - Date.now()).toBeGreaterThan(9 * 60_000);
      expect(warnings.filter((w) => w.includes('keeps refusing'))).toHaveLength(1);
      // The permission is granted: the next try posts the final state.
      await waitUntilDelivered(pin);
      row = await t.deps.repos.discord.findScanMessage(id);
      expect(row?.bot_message_id).not.toBeNull();
    });

    it("an edit recorded under a claim that ran out changes nothing: the newer claim's record stands", async () => {
      const { pin } = await startScanFromDiscord();
      const id = await pinIdOf(pin);
      const repo = t.deps.repos.discord;
      await t.deps.store.db
        .updateTable('discord_scan_messages')
        .set({ next_attempt_at: 0 })
        .where('pin_id', '=', id)
        .execute();
      const [stale] = await repo.claimDueScanMessages(Date.now(), 10, 1, 'stale-claim');
      expect(stale?.pinId).toBe(id);
      await new Promise((r) => setTimeout(r, 5));
      const [fresh] = await repo.claimDueScanMessages(Date.now(), 10, 60_000, 'fresh-claim');
      expect(fresh?.pinId).toBe(id);
      await repo.scanMessageSent({
        pinId: id,
        claimToken: 'stale-claim',
        revision: 99,
        final: true,
        nextAt: 0,
        now: Date.now(),
      });
      const row = await repo.findScanMessage(id);
      expect(row?.done_at).toBeNull();
      expect(row?.claim_token).toBe('fresh-claim');
      await repo.scanMessageSent({
        pinId: id,
        claimToken: 'fresh-claim',
        revision: 1,
        final: false,
        nextAt: 0,
        now: Date.now(),
      });
      expect((await repo.findScanMessage(id))?.claim_token).toBeNull();
    });

    it('erasing the player drops the name /scan gave the PIN and the mention in its message', async () => {
      const { pin, token } = await startScanFromDiscord();
      const s = scanner(t);
      await s.finish(await s.startOk(pin, ['HW-ERASE']), report({ discord: [PLAYER] }));
      await untilShown(() => textOf(discord.originalMessage(token)).includes(`<@${PLAYER.id}>`));
      const erased = await t.admin<{ reportsRewritten: number }>(
        'POST',
        `/admin/v1/scanned-users/${PLAYER.id}/erase`,
      );
      expect(erased.reportsRewritten).toBeGreaterThan(0);
      expect((await t.deps.repos.pins.findByCode(pin))?.name).toBeNull();
      expect((await t.deps.repos.discord.findScanMessage(await pinIdOf(pin)))?.player_discord_id).toBeNull();
    });

    /**
     * The outbox's own waits (3 s after /scan, 1.5 s between edits, a retry's back-off) have their
     * tests; elsewhere they are skipped, so this file runs in seconds rather than waiting them out.
     */
    async function skipWaits(): Promise<void> {
      await t.deps.store.db
        .updateTable('discord_scan_messages')
        .set({ next_attempt_at: 0 })
        .where('done_at', 'is', null)
        .execute();
    }

    /** Makes the message due now, as its wait (the first answer's 3 s, a retry's back-off) would. */
    async function dueNow(pinId: number): Promise<void> {
      await t.deps.store.db
        .updateTable('discord_scan_messages')
        .set({ next_attempt_at: 0 })
        .where('pin_id', '=', pinId)
        .execute();
    }

    /** As if the interaction's 15 minutes ended at `at` (the stand-in would refuse the token after it). */
    async function tokenRunsOut(pinId: number, at: number): Promise<void> {
      await t.deps.store.db
        .updateTable('discord_scan_messages')
        .set({ token_expires_at: at })
        .where('pin_id', '=', pinId)
        .execute();
    }

    async function pinIdOf(code: string): Promise<number> {
      return (await t.deps.repos.pins.findByCode(code))?.id as number;
    }

    /** Runs the outbox until `shown` holds (at most ~10 s): the first edit comes 3 s after /scan. */
    async function untilShown(shown: () => boolean): Promise<void> {
      for (let i = 0; i < 100 && !shown(); i++) {
        await skipWaits();
        await deliverDueScanMessages(t.deps);
        if (!shown()) await new Promise((r) => setTimeout(r, 100));
      }
      expect(shown()).toBe(true);
    }

    /** Runs the outbox until the PIN's message is final (at most ~10 s). */
    async function waitUntilDelivered(code: string, { hurry = true } = {}): Promise<void> {
      const id = await pinIdOf(code);
      for (let i = 0; i < 100; i++) {
        if (hurry) await skipWaits();
        await deliverDueScanMessages(t.deps);
        const row = await t.deps.repos.discord.findScanMessage(id);
        if (row?.done_at !== null && row?.done_at !== undefined) return;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`the message of PIN ${code} never reached its final state`);
    }
  });

  describe('more of the commands', () => {
    it('/risk and /scanpin connect refuse whoever may not use them, saying why', async () => {
      const risk = answerOf(await interact(command('risk', playerOption, MEMBER)));
      expect(risk.data?.flags).toBe(64);
      expect(risk.data?.content).toMatch(/Only staff/);
      const connect = answerOf(
        await interact(command('scanpin', { code: 'ABCD2345' }, STAFF, OTHER_GUILD, 'connect')),
      );
      expect(connect.data?.content).toMatch(/Manage Server/);
    });

    it('a member with Manage Server is staff without a staff role', async () => {
      const res = answerOf(await interact(command('risk', playerOption, MANAGER)));
      expect(res.data?.content ?? '').not.toMatch(/Only staff/);
    });

    it('a command the app does not know is answered, not failed', async () => {
      const res = await interact(command('frobnicate', {}));
      expect(res.statusCode).toBe(200);
      expect(answerOf(res).data?.content).toMatch(/not one scanpin knows/);
    });
  });

  describe('bad input', () => {
    it('the operator API refuses an unknown Enterprise, a malformed server or role ID and too many roles, changing nothing', async () => {
      const put = (id: number, guild: string, body: unknown) =>
        t.adminRaw('PUT', `/admin/v1/enterprises/${id}/discord-guilds/${guild}`, body);
      expectProblem(
        await put(999_999, '400000000000000066', { staffRoleIds: [] }),
        404,
        'enterprise_not_found',
      );
      expectProblem(await put(owner.enterpriseId, '12345', { staffRoleIds: [] }), 400, 'invalid_parameter');
      expectProblem(
        await put(owner.enterpriseId, '400000000000000066', { staffRoleIds: ['role'] }),
        400,
        'invalid_body',
      );
      const many = Array.from({ length: 51 }, (_, i) => String(600000000000000100n + BigInt(i)));
      expectProblem(
        await put(owner.enterpriseId, '400000000000000066', { staffRoleIds: many }),
        400,
        'invalid_body',
      );
      expectProblem(
        await t.adminRaw(
          'DELETE',
          `/admin/v1/enterprises/${owner.enterpriseId}/discord-guilds/400000000000000066`,
        ),
        404,
        'discord_guild_not_found',
      );
      expect(await t.deps.repos.discord.findGuild('400000000000000066')).toBeUndefined();
    });

    it('two Enterprises connecting one server at once: one has it, the other is told it is taken', async () => {
      const other = await t.createOwner('Racing Owner');
      const guild = '400000000000000088';
      const [a, b] = await Promise.all(
        [owner.enterpriseId, other.enterpriseId].map((id) =>
          t.adminRaw('PUT', `/admin/v1/enterprises/${id}/discord-guilds/${guild}`, { staffRoleIds: [] }),
        ),
      );
      expect([a?.statusCode, b?.statusCode].sort()).toEqual([200, 409]);
      const winner = a?.statusCode === 200 ? owner.enterpriseId : other.enterpriseId;
      expect((await t.deps.repos.discord.findGuild(guild))?.enterpriseId).toBe(winner);
      await t.admin('DELETE', `/admin/v1/enterprises/${winner}/discord-guilds/${guild}`);
    });

    it('a command from a direct message is refused, saying why', async () => {
      const dm = discord.commandInteraction({
        name: 'lookup',
        options: playerOption,
        guildId: null,
        member: STAFF,
      });
      const answer = answerOf(await interact(dm));
      expect(answer.data?.flags).toBe(64);
      expect(answer.data?.content).toMatch(/not connected to a scanpin Enterprise/);
    });
  });

  describe('another instance', () => {
    it('brings a scan message up to date when the one that answered /scan does not: the outbox is in the store', async () => {
      const payload = scanCommand();
      const pin = pinOf(await interact(payload)) as string;
      const token = (payload as { token: string }).token;
      const s = scanner(t);
      const session = await s.startOk(pin, ['HW-SIBLING']);
      await s.finish(session, report({ detections: ['Sibling cheat'] }));
      // Not the 3 s the outbox waits after /scan: that wait has its own test.
      await t.deps.store.db
        .updateTable('discord_scan_messages')
        .set({ next_attempt_at: 0 })
        .where('done_at', 'is', null)
        .execute();
      // This instance runs no background jobs; the sibling runs them as any instance does.
      const sibling = await startSibling(t, backend, {
        DISCORD_APPLICATION_ID: discord.applicationId,
        DISCORD_PUBLIC_KEY: discord.publicKeyHex,
        DISCORD_BOT_TOKEN: discord.botToken,
        DISCORD_API_URL: discord.apiUrl,
        PUBLIC_URL: 'https://scanpin.example',
      });
      try {
        const deadline = Date.now() + 10_000;
        while (!textOf(discord.originalMessage(token)).includes('Sibling cheat') && Date.now() < deadline)
          await new Promise((r) => setTimeout(r, 100));
        expect(textOf(discord.originalMessage(token))).toContain('Sibling cheat');
      } finally {
        await sibling.close();
      }
    });
  });

  describe.runIf(backend.pg)('an answer that takes longer than Discord waits', () => {
    it('is deferred ("thinking…"), then the PIN is edited into it', async () => {
      // Another transaction holds the owner's account: /scan waits for it (storage/repositories/pins.ts).
      const pg = await import('pg');
      const client = new pg.default.Client({ connectionString: backend.databaseUrl(t.dataDir) });
      await client.connect();
      try {
        if (t.pgSchema !== undefined) await client.query(`set search_path to "${t.pgSchema}"`);
        await client.query('begin');
        await client.query('select id from accounts where id = $1 for update', [owner.accountId]);
        const payload = scanCommand();
        const token = (payload as { token: string }).token;
        const answered = interact(payload);
        const res = await answered;
        expect(answerOf(res)).toEqual({ type: 5, data: {} });
        await client.query('commit');
        const deadline = Date.now() + 10_000;
        while (Date.now() < deadline) {
          await deliverDueScanMessages(t.deps);
          if (/\*\*[A-Z2-9]{8}\*\*/.test(textOf(discord.originalMessage(token)))) break;
          await new Promise((r) => setTimeout(r, 100));
        }
        expect(textOf(discord.originalMessage(token))).toMatch(
          new RegExp(`Scan PIN for <@${PLAYER.id}>: \\*\\*[A-Z2-9]{8}\\*\\*`),
        );
      } finally {
        await client.query('rollback').catch(() => undefined);
        await client.end();
      }
    }, 20_000);
  });

  describe('the dashboard and the CLI', () => {
    async function signInAs(accountId: number) {
      const person = await signIn(t, accountId);
      return (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
        person.call(method, path.replace(/^\/app\/api/, ''), body);
    }

    it("the owner's settings: invite link, a connect code that works in Discord, staff roles; a member is refused", async () => {
      const person = await signInAs(owner.accountId);
      const settings = await person('GET', `/app/api/enterprises/${owner.enterpriseId}/discord`);
      expect(settings.statusCode, settings.body).toBe(200);
      const body = settings.json();
      expect(body.appConfigured).toBe(true);
      expect(body.interactionsUrl).toBe('https://scanpin.example/discord/interactions');
      const invite = new URL(body.inviteUrl);
      expect(invite.searchParams.get('client_id')).toBe(discord.applicationId);
      expect(invite.searchParams.get('scope')).toBe('bot applications.commands');
      expect(body.guilds.map((g: { guildId: string }) => g.guildId)).toContain(GUILD);

      const made = await person('POST', `/app/api/enterprises/${owner.enterpriseId}/discord/connect-codes`);
      expect(made.statusCode).toBe(201);
      const { code } = made.json();
      const NEW_GUILD = '400000000000000055';
      const connected = answerOf(await interact(command('scanpin', { code }, MANAGER, NEW_GUILD, 'connect')));
      expect(connected.data?.content).toMatch(/now connected to/);
      const roles = await person(
        'PUT',
        `/app/api/enterprises/${owner.enterpriseId}/discord/guilds/${NEW_GUILD}`,
        {
          staffRoleIds: [STAFF_ROLE],
        },
      );
      expect(roles.json()).toMatchObject({ guildId: NEW_GUILD, staffRoleIds: [STAFF_ROLE] });
      expect(
        answerOf(await interact(command('risk', playerOption, STAFF, NEW_GUILD))).data?.content ?? '',
      ).not.toMatch(/Only staff/);
      expect(
        (await person('DELETE', `/app/api/enterprises/${owner.enterpriseId}/discord/guilds/${NEW_GUILD}`))
          .statusCode,
      ).toBe(204);
      expect(answerOf(await interact(command('risk', playerOption, STAFF, NEW_GUILD))).data?.content).toMatch(
        /not connected/,
      );

      const memberId = await t.createAccount('A member');
      await t.admin('POST', `/admin/v1/enterprises/${owner.enterpriseId}/members`, { accountId: memberId });
      const member = await signInAs(memberId);
      expectProblem(
        await member('GET', `/app/api/enterprises/${owner.enterpriseId}/discord`),
        403,
        'role_not_allowed',
      );
    });

    it("previews a PIN's Discord message in the dashboard, as the app draws it", async () => {
      // An owner of their own: the tests above leave PINs open, and an account has three at most.
      const previewer = await t.createOwner('Preview Owner');
      const pin = await t.createPin(previewer.key, { type: 'Rust', pinName: 'Preview' });
      const person = await signInAs(previewer.accountId);
      const res = await person('GET', `/app/api/pins/${pin}/discord-message`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().content).toContain(`**${pin}**`);
      expect(res.json().components[0].components[0]).toMatchObject({
        label: 'Scanner download',
        style: 5,
        url: expect.stringMatching(new RegExp(`/scan/${pin}$`)),
      });
    });

    it('scanpin discord register checks the values, then overwrites the commands, globally or in one server', async () => {
      const lines: string[] = [];
      const env = {
        DISCORD_APPLICATION_ID: discord.applicationId,
        DISCORD_PUBLIC_KEY: discord.publicKeyHex,
        DISCORD_BOT_TOKEN: discord.botToken,
        DISCORD_API_URL: discord.apiUrl,
        PUBLIC_URL: 'https://scanpin.example',
      };
      await discordCommand({ out: (l) => lines.push(l) }, env).parseAsync(['register', '--guild', GUILD], {
        from: 'user',
      });
      expect(lines.join('\n')).toContain(`Registered 9 commands in server ${GUILD}`);
      expect(lines.join('\n')).toContain('https://scanpin.example/discord/interactions');
      const names = (discord.commands(GUILD) as Array<{ name: string }>).map((c) => c.name).sort();
      expect(names).toEqual(['ban', 'cancel', 'lookup', 'note', 'risk', 'scan', 'scanpin', 'unban', 'warn']);
      await discordCommand({ out: () => {} }, env).parseAsync(['register'], { from: 'user' });
      expect((discord.commands() as unknown[]).length).toBe(9);
      // Another application's key: a real key, only not this one.
      const another = generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' }).x as string;
      const wrongKey = { ...env, DISCORD_PUBLIC_KEY: Buffer.from(another, 'base64url').toString('hex') };
      await expect(
        discordCommand({ out: () => {} }, wrongKey).parseAsync(['register'], { from: 'user' }),
      ).rejects.toThrow(/DISCORD_PUBLIC_KEY is not this application's public key/);
    });
  });

  it('writes the bot token and interaction tokens to no log line', () => {
    const all = logLines.join('\n');
    expect(all.length).toBeGreaterThan(0);
    expect(all).not.toContain(discord.botToken);
    expect(tokens.length).toBeGreaterThan(0);
    for (const token of tokens) expect(all).not.toContain(token);
  });
});

describe('without the three Discord values', () => {
  it('the endpoint says the app is not set up', async () => {
    const sqlite = sqliteBackend();
    const t = await startTestApp(sqlite);
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/discord/interactions',
        payload: '{"type":1}',
        headers: { 'content-type': 'application/json' },
      });
      expectProblem(res, 404, 'discord_app_disabled');
    } finally {
      await t.close();
    }
  });
});
