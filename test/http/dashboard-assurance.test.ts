import { type DiscordEmbed, escapeMarkdown } from '@scanpin/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discordWebhookBody } from '../../src/application/webhooks/discord-webhook-body.js';
import type { Assurance } from '../../src/domain/assurance.js';
import { normalisePinCode } from '../../src/domain/pin-code.js';
import type { ClaimedDelivery } from '../../src/storage/repositories/webhooks.js';
import { backends } from '../support/backends.js';
import { evidence, startScan, uploadEvidence } from '../support/evidence.js';
import { fakeClock } from '../support/http.js';
import { type Person, signIn } from '../support/person.js';
import { report, scanner } from '../support/scan.js';
import { type Owner, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * A finished scan's assurance where staff look (docs/dashboard.md, docs/discord.md): the dashboard's
 * PIN list and detail, the shared result page, the Discord app's scan message and a Discord channel's
 * webhook message.
 */
describe.each(backends())('assurance in the dashboard and Discord on $name', (backend) => {
  const clock = fakeClock(Date.parse('2026-11-02T10:00:00.000Z'));
  let t: TestApp;
  let owner: Owner;
  let person: Person;

  /** A scan finished by a bare /v1/scanner/finish: an unverified client, so low assurance. */
  const bareScan = (body = report()) =>
    scanner(t).scan(owner.key, body, ['HWID-ASSURANCE'], 'FiveM', { client: null });
  /** Replaces a finished scan's stored assurance, as a scan by another client would have it. */
  async function storeAssurance(code: string, assurance: Assurance | null) {
    const pin = await t.deps.repos.pins.findByCode(normalisePinCode(code));
    if (pin === undefined) throw new Error(`no PIN ${code}`);
    await t.deps.store.db
      .updateTable('scan_reports')
      .set({ assurance: assurance === null ? null : JSON.stringify(assurance) })
      .where('pin_id', '=', pin.id)
      .execute();
  }
  const detail = async (code: string) => {
    const res = await person.get(`/pins/${code}`);
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const preview = async (code: string) => {
    const res = await person.get(`/pins/${code}/discord-message`);
    expect(res.statusCode).toBe(200);
    return res.json().embeds[0] as DiscordEmbed;
  };
  const channelMessage = async (code: string) => {
    const claimed = { type: 'pin.finished', payload: JSON.stringify({ data: { pin: code } }) };
    const body = JSON.parse(await discordWebhookBody(t.deps, claimed as ClaimedDelivery));
    expect(body.allowed_mentions).toEqual({ parse: [] });
    return body.embeds[0] as DiscordEmbed;
  };
  const sharePage = async (code: string) => {
    const made = await person.call('POST', `/pins/${code}/share-links`, {});
    expect(made.statusCode).toBe(201);
    const res = await t.app.inject({ method: 'GET', url: new URL(made.json().url).pathname });
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  const embedLength = (e: DiscordEmbed) =>
    (e.title?.length ?? 0) +
    (e.description?.length ?? 0) +
    (e.footer?.text.length ?? 0) +
    (e.fields ?? []).reduce((n, f) => n + f.name.length + f.value.length, 0);

  beforeAll(async () => {
    t = await startTestApp(backend, {}, clock);
    owner = await t.createOwner('Assurance Owner');
    person = await signIn(t, owner.accountId);
  });
  afterAll(async () => t.close());

  it('the PIN list and the PIN detail carry the assurance the /v1 status and results publish', async () => {
    const code = await bareScan();
    const published = (await t.api('GET', `/v1/pins/${code}/status`, { key: owner.key })).json().data
      .assurance as Assurance;
    expect(published).toMatchObject({ client: { kind: 'unverified', name: null }, level: 'low' });
    expect(published.reasons.length).toBeGreaterThan(0);

    const listed = (await person.get('/pins')).json().data.find((p: { pin: string }) => p.pin === code);
    expect(listed.result).toBe('suspicious');
    expect(listed.data.assurance).toEqual(published);
    const shown = await detail(code);
    expect(shown.status.data.assurance).toEqual(published);
    expect(shown.results.data.assurance).toEqual(published);
    // Each reason is also in the published integrity list.
    for (const reason of published.reasons) expect(shown.results.data.integrity).toContain(reason);
  });

  it('a PIN not finished has no assurance; a scan finished before it was recorded says null', async () => {
    const pending = await t.createPin(owner.key);
    expect((await detail(pending)).status.data).toBeUndefined();

    const old = await bareScan();
    await storeAssurance(old, null);
    const shown = await detail(old);
    expect(shown.status.data.assurance).toBeNull();
    expect(shown.results.data.assurance).toBeNull();
    // Nothing to show in Discord, and the embed stays as it was.
    expect((await preview(old)).description).not.toContain('Assurance');
    expect((await channelMessage(old)).description).not.toContain('Assurance');
    expect(await sharePage(old)).toContain('This scan finished before its assurance was recorded.');
  });

  it('Discord shows a high level and its client, and no reasons field', async () => {
    // The official build's whole scan of a running game: nothing lowers it.
    const started = await startScan(t, owner.key);
    expect((await uploadEvidence(t, started.token, evidence(started.nonce))).statusCode).toBe(200);
    const code = started.pin;
    const { assurance } = (await detail(code)).results.data as { assurance: Assurance };
    expect(assurance).toMatchObject({ client: { kind: 'official' }, level: 'high', reasons: [] });
    const name = assurance.client.name ?? '';
    expect(name).toMatch(/^scanpin-scan /);
    for (const embed of [await preview(code), await channelMessage(code)]) {
      const lines = (embed.description ?? '').split('\n');
      expect(lines[0]).toBe('**Result:** legit');
      // The client's name is escaped as every other text from the API is.
      expect(lines[1]).toBe(`**Assurance:** High (official build ${escapeMarkdown(name)})`);
      expect((embed.fields ?? []).map((f) => f.name).join()).not.toContain('assurance');
    }
    const page = await sharePage(code);
    expect(page).toContain('High assurance');
    expect(page).not.toContain('Why the assurance');
  });

  it('Discord lists the first reasons of a low level, escaped and within its limits, before the other fields', async () => {
    const hostile = '[free nitro](https://evil.example) @everyone <@123456789012345678> **bold**';
    const reasons = [hostile, `Long ${'x'.repeat(5_000)}`, 'Third reason', 'Fourth reason', 'Fifth reason'];
    const code = await bareScan(
      report({ suspicious: Array.from({ length: 40 }, (_, i) => `finding ${i} ${'y'.repeat(150)}`) }),
    );
    await storeAssurance(code, {
      client: { kind: 'development', name: null, version: '0.1.0 [x](https://evil.example)' },
      level: 'low',
      reasons,
    });
    for (const embed of [await preview(code), await channelMessage(code)]) {
      expect(embed.description).toContain('**Assurance:** Low (development copy run from source)');
      const [first] = embed.fields ?? [];
      expect(first?.name).toBe('Why the assurance is low');
      const value = first?.value ?? '';
      expect(value.length).toBeLessThanOrEqual(1024);
      expect(value).toContain('\\[free nitro\\]\\(https:\u200b//evil.example\\)');
      expect(value).toContain('@\u200beveryone');
      expect(value).toContain('\\<@\u200b123456789012345678\\>');
      expect(value).not.toMatch(/(^|[^\\])\[free nitro\]\(/);
      expect(value).toContain('Third reason');
      expect(value).not.toContain('Fourth reason');
      expect(value).toContain('… and 2 more in the dashboard');
      // The long reason is cut, and the findings give way to Discord's limits, not the assurance.
      expect(value).toMatch(/Long x+…/);
      expect(embedLength(embed)).toBeLessThanOrEqual(6000);
      expect((embed.fields ?? []).length).toBeLessThanOrEqual(25);
    }
    const page = await sharePage(code);
    expect(page).toContain('Low assurance');
    expect(page).toContain('Why the assurance is low (5)');
    // Escaped as HTML: no link on the public page.
    expect(page).toContain('[free nitro](https://evil.example) @everyone &lt;@123456789012345678&gt;');
    expect(page).not.toContain('<a ');
  });

  it('the shared page drops profile names from the reasons as from every finding', async () => {
    const code = await bareScan();
    await storeAssurance(code, {
      client: { kind: 'unverified', name: null, version: null },
      level: 'medium',
      reasons: ['The scanner could not read C:\\Users\\PlayerName\\AppData\\Roaming\\game.log'],
    });
    const page = await sharePage(code);
    expect(page).toContain('Medium assurance');
    expect(page).toContain('C:\\Users\\…\\AppData\\Roaming\\game.log');
    expect(page).not.toContain('PlayerName');
  });
});
