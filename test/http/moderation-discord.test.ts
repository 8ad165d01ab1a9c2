import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import {
  type DiscordAppStandIn,
  type OptionValue,
  startDiscordAppStandIn,
} from '../support/discord-app-stand-in.js';
import { signIn } from '../support/person.js';
import { report, scanner } from '../support/scan.js';
import { type Owner, startTestApp, type TestApp } from '../support/test-app.js';

const GUILD = '400000000000000301';
const CHANNEL = '500000000000000301';
const STAFF_ROLE = '600000000000000301';
const STAFF = { userId: '700000000000000301', username: 'modjane', roles: [STAFF_ROLE], permissions: '0' };
const MEMBER = { userId: '700000000000000302', username: 'someone', roles: [] as string[], permissions: '0' };

interface MessageData {
  content?: string;
  flags?: number;
  embeds?: Array<{ title?: string; description?: string; fields?: Array<{ name: string; value: string }> }>;
}

/** Everything a message shows, as one string. */
function textOf(message: MessageData | undefined): string {
  if (message === undefined) return '';
  const embeds = (message.embeds ?? []).map((e) =>
    [e.title, e.description, ...(e.fields ?? []).flatMap((f) => [f.name, f.value])].join('\n'),
  );
  return [message.content ?? '', ...embeds].join('\n');
}

let ids = 0;
function player(username = 'suspect') {
  return { id: String(813968172634000000n + BigInt(++ids)), username: `${username}${ids}` };
}

/**
 * `/ban`, `/warn`, `/note` and `/unban` in the Discord app (docs/discord.md, "Commands";
 * docs/roles.md, "Moderation"): staff of the connected server act for its Enterprise, and `/lookup`
 * there shows what they did.
 */
describe.each(backends())('moderation from Discord on $name', (backend) => {
  let discord: DiscordAppStandIn;
  let t: TestApp;
  let owner: Owner;
  let other: Owner;
  let baseUrl: string;

  beforeAll(async () => {
    discord = await startDiscordAppStandIn();
    t = await startTestApp(
      backend,
      {
        DISCORD_APPLICATION_ID: discord.applicationId,
        DISCORD_PUBLIC_KEY: discord.publicKeyHex,
        DISCORD_BOT_TOKEN: discord.botToken,
        DISCORD_API_URL: discord.apiUrl,
        PUBLIC_URL: 'https://scanpin.example',
        MAX_ACTIVE_PINS: '100',
      },
      undefined,
      { backgroundJobs: false },
    );
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    baseUrl = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
    owner = await t.createOwner('Discord Mods');
    other = await t.createOwner('Elsewhere');
    await t.admin('PUT', `/admin/v1/enterprises/${owner.enterpriseId}/discord-guilds/${GUILD}`, {
      staffRoleIds: [STAFF_ROLE],
    });
  });
  afterAll(async () => {
    await t?.close();
    await discord?.close();
  });

  async function interact(name: string, options: Record<string, OptionValue>, member = STAFF) {
    const payload = discord.commandInteraction({ name, options, guildId: GUILD, channelId: CHANNEL, member });
    const res = await discord.sendInteraction(baseUrl, payload, {});
    expect(res.status).toBe(200);
    const answer = res.body as { type: number; data?: MessageData };
    expect(answer.type).toBe(4);
    expect(answer.data?.flags).toBe(64);
    return textOf(answer.data);
  }
  const lookup = async (key: string, p: { id: string }) =>
    (await t.api('GET', `/v1/scanned-users/lookup/${p.id}`, { key })).json<{
      found: boolean;
      isBanned?: boolean;
      isWarned?: boolean;
    }>();

  it('/ban of a player known from the server’s own scan: the answer says who sees it, /lookup shows it', async () => {
    const p = player();
    await scanner(t).scan(owner.key, report({ detections: ['Eulen'], discord: [p] }), ['HW-D1'], 'FiveM', {
      proven: false,
    });
    const done = await interact('ban', { player: { user: p }, reason: 'Eulen menu in RP' });
    expect(done).toContain(`Banned ${p.username} for Discord Mods's Enterprise, until lifted with /unban.`);
    expect(done).toContain('Only Discord Mods');
    expect(done).toMatch(/has not proven their Discord account/);
    const shown = await interact('lookup', { player: { user: p } });
    expect(shown).toContain('**Banned:** yes');
    expect(shown).toContain('Eulen menu in RP');
    // The owner's key reads it too (the Enterprise's own); another community does not.
    expect(await lookup(owner.key, p)).toMatchObject({ found: true, isBanned: true });
    expect(await lookup(other.key, p)).toMatchObject({ found: false });
    // On the player page, signed with the Discord name.
    const page = await (await signIn(t, owner.accountId)).get(`/players/${p.id}/moderation`);
    expect(page.json().entries[0]).toMatchObject({
      kind: 'ban',
      createdBy: STAFF.username,
      reach: 'enterprise',
    });
    const audit = await t.admin<{ data: Array<Record<string, unknown>> }>(
      'GET',
      `/admin/v1/audit?action=ban.create&enterpriseId=${owner.enterpriseId}`,
    );
    expect(audit.data[0]).toMatchObject({
      outcome: 'succeeded',
      actor: { kind: 'discord', discordUserId: STAFF.userId },
      detail: { status: 'banned', reach: 'enterprise' },
    });
  });

  it('/warn with days on a proven player reaches every community; /note stays the server’s; /unban lifts', async () => {
    const p = player();
    await scanner(t).scan(owner.key, report({ discord: [p] }), ['HW-D2']);
    const warned = await interact('warn', { player: { user: p }, reason: 'Toxic', days: 7 });
    expect(warned).toMatch(
      new RegExp(`Warned ${p.username} for .+, until \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} UTC\\.`),
    );
    expect(warned).toContain('Every community on this scanpin server sees it.');
    expect(await lookup(other.key, p)).toMatchObject({ found: true, isWarned: true });
    const noted = await interact('note', { player: { user: p }, text: 'Second warning this month' });
    expect(noted).toContain(`Noted on ${p.username}`);
    expect(await interact('lookup', { player: { user: p } })).toMatch(
      /staff\\?-note: Second warning this month/,
    );
    expect(JSON.stringify(await lookup(other.key, p))).not.toContain('Second warning');
    const lifted = await interact('unban', { player: { user: p } });
    expect(lifted).toContain('Lifted 1 ban or warning');
    expect(await lookup(other.key, p)).toMatchObject({ isWarned: false });
    expect(await interact('unban', { player: { user: p } })).toContain('nothing to lift');
    const audit = await t.admin<{ data: Array<Record<string, unknown>> }>(
      'GET',
      `/admin/v1/audit?action=ban.lift&enterpriseId=${owner.enterpriseId}`,
    );
    expect(audit.data[0]).toMatchObject({ actor: { kind: 'discord', discordUserId: STAFF.userId } });
  });

  it('/ban by a server whose reports the operator keeps inside its Enterprise says so, not that the player is unproven', async () => {
    const p = player();
    await scanner(t).scan(owner.key, report({ discord: [p] }), ['HW-D4']);
    await t.admin('PATCH', `/admin/v1/enterprises/${owner.enterpriseId}`, { reportsShared: false });
    try {
      const done = await interact('ban', { player: { user: p }, reason: 'Kept inside' });
      expect(done).toContain(
        "Only Discord Mods's Enterprise sees it: the operator keeps this community’s reports, and its bans and warnings, inside it.",
      );
      expect(done).not.toMatch(/proven/);
      expect(await lookup(other.key, p)).toMatchObject({ found: true, isBanned: false });
    } finally {
      await t.admin('PATCH', `/admin/v1/enterprises/${owner.enterpriseId}`, { reportsShared: true });
    }
  });

  it('refuses a member who is not staff, and a player the server never scanned, changing nothing', async () => {
    const p = player();
    await scanner(t).scan(owner.key, report({ discord: [p] }), ['HW-D3']);
    const count = async () =>
      (await t.deps.store.db.selectFrom('moderation_entries').select('id').execute()).length;
    const before = await count();
    expect(await interact('ban', { player: { user: p }, reason: 'x' }, MEMBER)).toMatch(
      /Only staff of this Discord server/,
    );
    const stranger = player();
    expect(await interact('ban', { player: { user: stranger }, reason: 'x' })).toMatch(
      /Scan the player first/,
    );
    expect(await interact('ban', { player: { user: p }, reason: 'x', days: 0 })).toMatch(/days it lasts/);
    expect(await interact('note', { player: { user: p }, text: '   ' })).toMatch(/text must hold/);
    // Discord passes any text on: a NUL or another control character is refused by the rule itself
    // (PostgreSQL would refuse a NUL with an error of its own).
    expect(await interact('ban', { player: { user: p }, reason: 'Aimbot\u0000' })).toMatch(
      /reason must hold .+no control characters/,
    );
    expect(await interact('warn', { player: { user: p }, reason: '\u001b[2Jgone' })).toMatch(
      /no control characters/,
    );
    expect(await interact('note', { player: { user: p }, text: 'a\u0000b' })).toMatch(
      /text must hold .+no control characters/,
    );
    expect(await count()).toBe(before);
  });
});
