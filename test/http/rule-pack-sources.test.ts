import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollDueRulePackSources } from '../../src/application/rules/rule-pack-sources.js';
import { type PackRule, RULE_PACK_FORMAT, type RulePack } from '../../src/domain/rule-pack.js';
import { publicKeyOf, signPack } from '../../src/lib/rule-pack-signature.js';
import { type Backend, backends } from '../support/backends.js';
import { cli } from '../support/cli.js';
import { type Receiver, startReceiver } from '../support/receiver.js';
import { ADMIN_TOKEN, startTestApp, type TestApp } from '../support/test-app.js';

// Sources touch the store only, never the shared counters.
const stores = backends().filter((b) => b.redisUrl === undefined);
/** The checks that need no second store run once, on the first. */
const one = stores[0] as Backend;

/** The local receiver stands in for a community's web server; the switches let the server reach it. */
const REACH_LOCAL = { RULE_PACK_ALLOW_HTTP: 'true', RULE_PACK_ALLOW_PRIVATE_NETWORKS: 'true' };
const HOUR_MS = 3_600_000;

interface SourceView {
  id: number;
  url: string;
  lastCheckedAt: string | null;
  lastStatus: string | null;
  lastHttpStatus: number | null;
  lastError: string | null;
  lastImportedAt: string | null;
  pack: { name: string; servedVersion: number; heldVersion: number | null } | null;
}

interface RuleView {
  id: number;
  pattern: string;
  enabled: boolean;
  pack: { name: string; changedVersion: number } | null;
}

interface AuditView {
  action: string;
  outcome: string;
  code: string | null;
  resource: { type: string; id: number | null };
  detail: Record<string, unknown>;
}

const rule = (pattern: string): PackRule => ({
  name: `Client ${pattern}`,
  kind: 'jar-entry',
  pattern,
  match: 'prefix',
  severity: 'detection',
  games: ['Java'],
  source: `https://example.org/clients/${pattern}`,
});

const packOf = (key: KeyObject, version: number, patterns: string[]): RulePack =>
  signPack(
    {
      format: RULE_PACK_FORMAT,
      publisher: { name: 'Example community' },
      name: 'polled-clients',
      version,
      rules: patterns.map(rule),
    },
    key,
  );

/**
 * A web server serving one pack file with an ETag and Last-Modified, answering 304 to a request
 * that still holds both, as static file servers and CDNs do.
 */
function serve(receiver: Receiver) {
  const served = { body: '', etag: '', modified: '' };
  let n = 0;
  receiver.respond = (r) =>
    r.headers['if-none-match'] === served.etag && r.headers['if-modified-since'] === served.modified
      ? { status: 304, headers: { etag: served.etag } as Record<string, string> }
      : {
          status: 200,
          headers: {
            'content-type': 'application/json',
            etag: served.etag,
            'last-modified': served.modified,
          },
          body: served.body,
        };
  return (body: string) => {
    n++;
    served.body = body;
    served.etag = `"pack-${n}"`;
    served.modified = new Date(Date.UTC(2025, 0, n)).toUTCString();
  };
}

describe.each(stores)('pack URLs the server polls, on $name', (backend) => {
  let t: TestApp;
  let receiver: Receiver;
  let publish: (body: string) => void;
  let key: KeyObject;
  let now = Date.now();
  let sourceId: number;

  const sources = async () =>
    (await t.admin<{ data: SourceView[] }>('GET', '/admin/v1/rule-pack-sources')).data;
  const source = async () => (await sources()).find((s) => s.id === sourceId) as SourceView;
  const packRules = async () =>
    (await t.admin<{ data: RuleView[] }>('GET', '/admin/v1/rules')).data.filter(
      (r) => r.pack?.name === 'polled-clients',
    );
  const audit = async () =>
    (
      await t.admin<{ data: AuditView[] }>(
        'GET',
        `/admin/v1/audit?resourceType=rule_pack_source&resourceId=${sourceId}`,
      )
    ).data;
  /** The next poll, an hour on: the background job's run, driven by the test's clock. */
  const nextPoll = async () => {
    now += HOUR_MS;
    return pollDueRulePackSources(t.deps);
  };

  beforeAll(async () => {
    key = generateKeyPairSync('ed25519').privateKey;
    receiver = await startReceiver();
    publish = serve(receiver);
    t = await startTestApp(backend, { ...REACH_LOCAL, RULE_PACK_POLL_SECONDS: '3600' }, () => now, {
      backgroundJobs: false,
    });
    // Trusted under a name of the operator's own: sources show it, not the pack's publisher.name.
    await t.admin('POST', '/admin/v1/rule-publishers', {
      name: 'Community (trusted here)',
      publicKey: publicKeyOf(key).publicKey,
    });
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it('subscribing fetches the URL at once and imports the signed pack it serves', async () => {
    publish(JSON.stringify(packOf(key, 1, ['org/alpha/'])));
    const res = await t.adminRaw('POST', '/admin/v1/rule-pack-sources', { url: receiver.url });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as SourceView;
    sourceId = created.id;
    expect(created).toMatchObject({
      url: receiver.url,
      lastStatus: 'created',
      lastHttpStatus: 200,
      lastError: null,
      pack: {
        publisher: { name: 'Community (trusted here)' },
        name: 'polled-clients',
        servedVersion: 1,
        heldVersion: 1,
      },
    });
    expect((await packRules()).map((r) => r.pattern)).toEqual(['org/alpha/']);
    expect(receiver.received).toHaveLength(1);

    const twice = await t.adminRaw('POST', '/admin/v1/rule-pack-sources', { url: receiver.url });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'rule_pack_source_exists' });
    expect(twice.json().detail).toContain(`pack source ${sourceId}`);

    const trail = await audit();
    expect(trail.map((e) => [e.action, e.outcome])).toEqual(
      expect.arrayContaining([
        ['rule_pack_source.subscribe', 'succeeded'],
        ['rule_pack_source.import', 'succeeded'],
      ]),
    );
    // The trail names the host, never the URL's path (it may carry a token) nor an IP address.
    expect(JSON.stringify(trail)).not.toContain('/hook');
    expect(JSON.stringify(trail)).not.toContain('127.0.0.1');
  });

  it('asks nothing before the interval has passed; an unchanged pack is a 304 and imports nothing', async () => {
    expect(await pollDueRulePackSources(t.deps)).toBe(0);
    expect(receiver.received).toHaveLength(1);
    const trailBefore = (await audit()).length;
    expect(await nextPoll()).toBe(1);
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]?.headers['if-none-match']).toBe('"pack-1"');
    expect(await source()).toMatchObject({
      lastStatus: 'not-modified',
      lastHttpStatus: 304,
      pack: { servedVersion: 1, heldVersion: 1 },
    });
    expect((await audit()).length).toBe(trailBefore);
  });

  it('imports a newer signed version at the next poll, once, however many instances poll', async () => {
    publish(JSON.stringify(packOf(key, 2, ['org/alpha/', 'org/beta/'])));
    now += HOUR_MS;
    // Two polls at once (two instances): the claim lets one fetch it.
    const checked = await Promise.all([pollDueRulePackSources(t.deps), pollDueRulePackSources(t.deps)]);
    expect(checked.sort()).toEqual([0, 1]);
    expect(receiver.received).toHaveLength(3);
    expect(await source()).toMatchObject({
      lastStatus: 'updated',
      lastError: null,
      pack: { servedVersion: 2, heldVersion: 2 },
    });
    expect((await packRules()).map((r) => r.pattern).sort()).toEqual(['org/alpha/', 'org/beta/']);
    const imported = (await audit()).find((e) => e.action === 'rule_pack_source.import');
    expect(imported).toMatchObject({
      outcome: 'succeeded',
      detail: { name: 'polled-clients', version: 2, previousVersion: 1, added: 1 },
    });
  });

  it('refuses a tampered pack and records why; the rules stay as they were', async () => {
    const tampered = packOf(key, 3, ['org/alpha/', 'org/beta/', 'org/gamma/']);
    (tampered.rules[2] as PackRule).pattern = 'net/minecraft/';
    publish(JSON.stringify(tampered));
    await nextPoll();
    const after = await source();
    expect(after).toMatchObject({
      lastStatus: 'failed',
      lastHttpStatus: 200,
      pack: { servedVersion: 2, heldVersion: 2 },
    });
    expect(after.lastError).toContain('does not verify');
    expect((await packRules()).map((r) => r.pattern).sort()).toEqual(['org/alpha/', 'org/beta/']);
    expect((await audit()).find((e) => e.action === 'rule_pack_source.import')).toMatchObject({
      outcome: 'refused',
      code: 'invalid_rule_pack_signature',
    });
    // A failure forgets the validators: the next poll fetches and judges the whole pack again.
    await nextPoll();
    expect(receiver.received.at(-1)?.headers['if-none-match']).toBeUndefined();
  });

  it('refuses a pack from an untrusted key, and what is not a pack at all', async () => {
    const stranger = generateKeyPairSync('ed25519').privateKey;
    publish(JSON.stringify(packOf(stranger, 9, ['org/delta/'])));
    await nextPoll();
    expect((await source()).lastError).toContain('which this server does not trust');
    publish('<html>moved</html>');
    await nextPoll();
    expect((await source()).lastError).toBe('the document is not JSON.');
    publish(JSON.stringify({ format: RULE_PACK_FORMAT, rules: 'all' }));
    await nextPoll();
    expect((await source()).lastError).toContain('not a rule pack');
    expect((await packRules()).map((r) => r.pattern).sort()).toEqual(['org/alpha/', 'org/beta/']);
  });

  it('the CLI lists, checks and unsubscribes; an unsubscribed URL is never fetched again', async () => {
    publish(JSON.stringify(packOf(key, 4, ['org/alpha/', 'org/beta/', 'org/epsilon/'])));
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const run = (...args: string[]) => cli(['rules', '--url', base, '--token', ADMIN_TOKEN, 'pack', ...args]);
    const checked = await run('check', String(sourceId));
    expect(checked.code, checked.err).toBe(0);
    expect(checked.out).toContain('polled-clients v4 (held: v4)');
    expect(checked.out).toContain(': updated (HTTP 200)');
    const listed = await run('sources');
    expect(listed.out).toContain(`#${sourceId}  ${receiver.url}`);

    const gone = await run('unsubscribe', String(sourceId));
    expect(gone.code, gone.err).toBe(0);
    const seen = receiver.received.length;
    await nextPoll();
    await nextPoll();
    expect(receiver.received.length).toBe(seen);
    expect(await sources()).toEqual([]);
    // Its rules stay: unsubscribing is not removing a pack.
    expect(await packRules()).toHaveLength(3);
    const again = await t.adminRaw('DELETE', `/admin/v1/rule-pack-sources/${sourceId}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'rule_pack_source_not_found' });
    const check = await t.adminRaw('POST', `/admin/v1/rule-pack-sources/${sourceId}/check`);
    expect(check.statusCode).toBe(404);
    expect((await audit()).map((e) => e.action)).toContain('rule_pack_source.unsubscribe');
  });
});

describe('pack URLs under the default address rules', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(one, {}, undefined, { backgroundJobs: false });
  });
  afterAll(() => t?.close());

  it.each([
    ['http://packs.example.org/clients.json', 'must use https://'],
    ['https://127.0.0.1/clients.json', 'private'],
    ['https://10.1.2.3/clients.json', 'private'],
    ['https://[::1]/clients.json', 'private'],
    ['https://localhost/clients.json', 'private'],
    ['https://user:secret@packs.example.org/clients.json', 'no user name or password'],
    ['packs.example.org/clients.json', 'not an absolute URL'],
  ])('refuses %s at subscribe time and stores nothing', async (url, reason) => {
    const res = await t.adminRaw('POST', '/admin/v1/rule-pack-sources', { url });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_rule_pack_source_url' });
    expect(res.json().detail).toContain(reason);
    expect(res.body).not.toContain('secret');
    expect((await t.admin<{ data: unknown[] }>('GET', '/admin/v1/rule-pack-sources')).data).toEqual([]);
  });
});

describe('the background poll', () => {
  let t: TestApp;
  let receiver: Receiver;
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it('imports a newer version within RULE_PACK_POLL_SECONDS without being asked', async () => {
    const key = generateKeyPairSync('ed25519').privateKey;
    receiver = await startReceiver();
    const publish = serve(receiver);
    publish(JSON.stringify(packOf(key, 1, ['org/alpha/'])));
    t = await startTestApp(one, { ...REACH_LOCAL, RULE_PACK_POLL_SECONDS: '1' });
    await t.admin('POST', '/admin/v1/rule-publishers', { name: 'c', publicKey: publicKeyOf(key).publicKey });
    const { id } = await t.admin<SourceView>('POST', '/admin/v1/rule-pack-sources', { url: receiver.url });
    publish(JSON.stringify(packOf(key, 2, ['org/alpha/', 'org/beta/'])));
    const deadline = Date.now() + 8_000;
    let held: number | null | undefined;
    while (Date.now() < deadline) {
      const { data } = await t.admin<{ data: SourceView[] }>('GET', '/admin/v1/rule-pack-sources');
      held = data.find((s) => s.id === id)?.pack?.heldVersion;
      if (held === 2) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(held).toBe(2);
  });
});

describe.each(stores)('a check that outlasts its claim, on $name', (backend) => {
  let t: TestApp;
  let now = Date.now();
  const held: ServerResponse[] = [];
  let answers: Array<(res: ServerResponse) => void> = [];
  /** A pack server answering each request with the next of `answers`; `hold` keeps it waiting. */
  const server = createServer((_req, res) => (answers.shift() ?? ((r) => r.writeHead(500).end()))(res));
  const hold = (res: ServerResponse) => {
    held.push(res);
  };
  const sendPack = (body: string) => (res: ServerResponse) =>
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    t = await startTestApp(backend, { ...REACH_LOCAL, RULE_PACK_POLL_SECONDS: '3600' }, () => now, {
      backgroundJobs: false,
    });
  });
  afterAll(async () => {
    await t?.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('writes nothing over the result of the check that claimed the source after it', async () => {
    const key = generateKeyPairSync('ed25519').privateKey;
    await t.admin('POST', '/admin/v1/rule-publishers', {
      name: 'slow',
      publicKey: publicKeyOf(key).publicKey,
    });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/pack.json`;
    answers = [sendPack(JSON.stringify(packOf(key, 1, ['org/alpha/'])))];
    const { id } = await t.admin<SourceView>('POST', '/admin/v1/rule-pack-sources', { url });

    // The poll's check waits on a slow server past its 5-minute claim...
    answers = [hold, sendPack(JSON.stringify(packOf(key, 2, ['org/alpha/', 'org/beta/'])))];
    now += HOUR_MS;
    const slow = pollDueRulePackSources(t.deps);
    while (held.length === 0) await new Promise((r) => setTimeout(r, 10));
    // ...so the operator's check claims the source again and imports version 2.
    now += 5 * 60_000 + 1;
    const checked = await t.admin<SourceView>('POST', `/admin/v1/rule-pack-sources/${id}/check`);
    expect(checked).toMatchObject({ lastStatus: 'updated', pack: { servedVersion: 2, heldVersion: 2 } });

    // The slow check ends with the server's error: it no longer holds the claim, so it writes nothing.
    held[0]?.writeHead(503).end();
    expect(await slow).toBe(1);
    const after = (await t.admin<{ data: SourceView[] }>('GET', '/admin/v1/rule-pack-sources')).data[0];
    expect(after).toMatchObject({
      id,
      lastStatus: 'updated',
      lastHttpStatus: 200,
      lastError: null,
      lastCheckedAt: checked.lastCheckedAt,
      pack: { servedVersion: 2, heldVersion: 2 },
    });
    // The claim that check let go is free: the next poll checks the source again.
    now += HOUR_MS;
    answers = [(res) => res.writeHead(304).end()];
    expect(await pollDueRulePackSources(t.deps)).toBe(1);
  });
});
