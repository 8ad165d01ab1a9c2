import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/index.js';
import { type LiveApp, startLiveApp } from '../client/live.js';
import { backends } from '../support/backends.js';
import { type Receiver, startReceiver } from '../support/receiver.js';
import { report, scanner } from '../support/scan.js';
import { integrationClient } from '../support/scanner-client.js';
import type { Owner } from '../support/test-app.js';

async function cli(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const progress: string[] = [];
  const code = await runCli(args, {
    out: (s) => out.push(s),
    err: (s) => err.push(s),
    progress: (s) => progress.push(s),
  });
  return { code, out: out.join('\n'), err: err.join('\n'), progress };
}

const PLAYER = '123456789012345678';

describe.each(backends())('the customer CLI (docs/cli.md) on $name', (backend) => {
  let t: LiveApp;
  let owner: Owner;
  let receiver: Receiver;
  const as = (key: string) => ['--key', key, '--url', t.baseUrl];
  beforeAll(async () => {
    t = await startLiveApp(backend, {
      PIN_TTL_SECONDS: '3',
      MAX_ACTIVE_PINS: '20',
      WEBHOOK_ALLOW_HTTP: 'true',
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    });
    owner = await t.createOwner();
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('pins create, status and results: a table by default, the body with --json', async () => {
    const created = await cli([
      'pins',
      ...as(owner.key),
      'create',
      '--type',
      'fivem',
      '--name',
      'From the CLI',
    ]);
    expect(created.code).toBe(0);
    const pin = /^PIN\s+([A-Z0-9]{8})$/m.exec(created.out)?.[1] as string;
    expect(created.out).toMatch(/^Status\s+pending$/m);
    expect(created.out).toMatch(/^Name\s+From the CLI$/m);

    const status = await cli(['pins', ...as(owner.key), '--json', 'status', pin]);
    expect(status.code).toBe(0);
    expect(JSON.parse(status.out)).toMatchObject({ pin, status: 'pending', progress: 0 });

    await scanner(t).finish(
      await scanner(t).startOk(pin),
      report({ suspicious: ['Odd driver'], discord: [{ id: PLAYER, username: 'player' }] }),
    );
    const results = await cli(['pins', ...as(owner.key), 'results', pin]);
    expect(results.code).toBe(11);
    expect(results.out).toMatch(/^Result\s+suspicious$/m);
    expect(results.out).toMatch(/^Suspicious\s+Odd driver$/m);
    expect(results.out).toMatch(/^System\s+Windows 11 Pro 23H2$/m);
  });

  it('pins watch shows progress, then the verdict, with the exit code for it', async () => {
    const pin = await t.createPin(owner.key);
    const watching = cli(['pins', ...as(owner.key), 'watch', pin]);
    await new Promise((r) => setTimeout(r, 300));
    const token = await scanner(t).startOk(pin);
    await scanner(t).progress(token, 40, 'Scanning processes');
    await new Promise((r) => setTimeout(r, 200));
    await scanner(t).finish(token, report({ detections: ['Eulen (FiveM)'] }));
    const watched = await watching;
    expect(watched.code).toBe(10);
    expect(watched.progress[0]).toBe(`Waiting for the player to start the scan (PIN ${pin})…`);
    expect(watched.progress).toContain('[############------------------]  40%  Scanning processes');
    expect(watched.progress.at(-1)).toMatch(/^\[#{30}\] 100%/);
    expect(watched.out).toMatch(
      new RegExp(`^PIN ${pin}: CHEATING \\(1 detection, 0 suspicious, 0 warnings\\)$`, 'm'),
    );
  });

  it('pins watch exits 0 for a legit scan, 13 for a failed one and 12 for an expired PIN', async () => {
    const legit = await t.createPin(owner.key);
    // Signed as the official build, so a clean report is legit (docs/scan-client.md, "Trust").
    const official = scanner(t, { client: await integrationClient(t) });
    await official.finish(await official.startOk(legit));
    const ok = await cli(['pins', ...as(owner.key), '--json', 'watch', legit]);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.out)).toMatchObject({ pin: legit, result: 'legit' });

    const failed = await t.createPin(owner.key);
    await scanner(t).fail(await scanner(t).startOk(failed));
    expect((await cli(['pins', ...as(owner.key), 'watch', failed])).code).toBe(13);

    const expiring = await t.createPin(owner.key);
    const expired = await cli(['pins', ...as(owner.key), 'watch', expiring]);
    expect(expired.code).toBe(12);
    expect(expired.out).toMatch(new RegExp(`^PIN ${expiring}: EXPIRED: `, 'm'));
  });

  it('users risk and lookup', async () => {
    const risk = await cli(['users', ...as(owner.key), 'risk', PLAYER]);
    expect(risk.code).toBe(0);
    expect(risk.out).toMatch(/^Suspicious scans\s+1$/m);
    const lookup = await cli(['users', ...as(owner.key), '--json', 'lookup', PLAYER]);
    expect(JSON.parse(lookup.out)).toMatchObject({ found: true, discordId: PLAYER });
  });

  it('webhooks create, list and deliveries', async () => {
    const hookKey = await t.issueKey(owner.accountId, ['webhooks:manage']);
    const created = await cli([
      'webhooks',
      ...as(hookKey),
      'create',
      receiver.url,
      '--events',
      'pin.finished',
    ]);
    expect(created.code).toBe(0);
    expect(created.out).toMatch(/^Secret\s+whsec_/m);
    const id = /^ID\s+(\d+)$/m.exec(created.out)?.[1] as string;
    const list = await cli(['webhooks', ...as(hookKey), 'list']);
    expect(list.out).toMatch(
      new RegExp(`^${id}\\s+${receiver.url.replace(/[.]/g, '\\.')}\\s+pin\\.finished\\s+yes`, 'm'),
    );
    await t.client(hookKey).webhooks.test(Number(id));
    const deliveries = await cli(['webhooks', ...as(hookKey), '--json', 'deliveries', id, '--limit', '5']);
    expect(deliveries.code).toBe(0);
    expect(JSON.parse(deliveries.out).data[0]).toMatchObject({ event: 'ping' });
  });

  it('takes the key and URL from SCANPIN_API_KEY and SCANPIN_URL', async () => {
    const pin = await t.createPin(owner.key);
    process.env.SCANPIN_API_KEY = owner.key;
    process.env.SCANPIN_URL = t.baseUrl;
    try {
      const status = await cli(['pins', '--json', 'status', pin]);
      expect(status.code).toBe(0);
      expect(JSON.parse(status.out).pin).toBe(pin);
    } finally {
      delete process.env.SCANPIN_API_KEY;
      delete process.env.SCANPIN_URL;
    }
  });

  it('exits 2 on usage errors and 3 on key problems, saying what to do', async () => {
    const noKey = await cli(['pins', '--url', t.baseUrl, 'status', 'AAAAAAAA']);
    expect(noKey).toMatchObject({ code: 2 });
    expect(noKey.err).toContain('Pass --key or set SCANPIN_API_KEY');
    expect((await cli(['pins', ...as(owner.key), 'create'])).code).toBe(2);
    expect((await cli(['pins', ...as(owner.key), 'create', '--type', 'Tetris'])).code).toBe(2);
    expect((await cli(['pins', ...as(owner.key), 'status', 'not-a-pin'])).code).toBe(2);
    const badKey = await cli(['pins', ...as(`sp_${'0'.repeat(40)}`), 'status', 'AAAAAAAA']);
    expect(badKey.code).toBe(3);
    expect(badKey.err).toMatch(/invalid_api_key, request /);
    const statusOnly = await t.issueKey(owner.accountId, ['pins:status']);
    expect((await cli(['pins', ...as(statusOnly), 'create', '--type', 'Rust'])).code).toBe(3);
    expect((await cli(['pins', ...as(owner.key), 'status', 'AAAAAAAA'])).code).toBe(1);
  });
});
