import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EVIDENCE_SCHEMA_VERSION, EVIDENCE_SCHEMA_VERSIONS } from '../../src/domain/evidence.js';
import { backends } from '../support/backends.js';
import { evidence, jar, onWindows, startScan, uploadEvidence } from '../support/evidence.js';
import { type Owner, startTestApp, type TestApp } from '../support/test-app.js';

// Evidence judging touches the store only, never the shared counters: SQLite and PostgreSQL suffice.
const stores = backends().filter((b) => b.redisUrl === undefined);

describe.each(stores)('scan evidence on $name', (backend) => {
  let t: TestApp;
  let owner: Owner;

  beforeEach(async () => {
    t = await startTestApp(backend);
    owner = await t.createOwner();
  });
  afterEach(async () => t.close());

  const results = async (pin: string) =>
    (await t.api('GET', `/v1/pins/${pin}/results`, { key: owner.key })).json<{
      data: Record<string, unknown> & { detections: string[]; warnings: string[]; cheating: string };
    }>();
  const status = async (pin: string) =>
    (await t.api('GET', `/v1/pins/${pin}/status`, { key: owner.key })).json<{ status: string }>().status;

  it('answers the start with a one-time nonce, the server clock and the plan for the game', async () => {
    const pin = await t.createPin(owner.key, { type: 'Java' });
    const res = await t.api('POST', '/v1/scanner/start', { body: { pin, hwids: ['HW-1'] } });
    expect(res.statusCode).toBe(201);
    const body = res.json<{
      nonce: string;
      serverTime: string;
      plan: { sources: string[]; hints: string[] };
    }>();
    expect(body.nonce).toMatch(/^[A-Za-z0-9_-]{24,}$/);
    expect(Math.abs(Date.parse(body.serverTime) - Date.now())).toBeLessThan(60_000);
    expect(body.plan.sources).toEqual(
      expect.arrayContaining(['processes', 'memory', 'files', 'logs', 'discord']),
    );
    expect(body.plan.hints.length).toBeGreaterThan(0);

    const fivem = await t.createPin(owner.key, { type: 'FiveM' });
    const other = (await t.api('POST', '/v1/scanner/start', { body: { pin: fivem, hwids: ['HW-2'] } })).json<{
      nonce: string;
      plan: { sources: string[] };
    }>();
    expect(other.nonce).not.toBe(body.nonce);
    expect(other.plan.sources).not.toContain('files');
  });

  it('judges the evidence with the starter rules: a renamed cheat jar is a detection, a harmless mod is not', async () => {
    const scan = await startScan(t, owner.key);
    const doc = evidence(scan.nonce, {
      files: {
        items: [
          jar('~/.minecraft/mods/optimizer.jar', ['net/wurstclient/WurstClient.class', 'fabric.mod.json']),
          jar('~/.minecraft/mods/harmless.jar', ['com/example/harmless/Mod.class'], 'b'.repeat(64)),
        ],
      },
      discord: { accounts: [{ id: '123456789012345678', username: 'player', client: 'discord' }] },
    });
    const res = await uploadEvidence(t, scan.token, doc);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ result: string; receipt: { id: string; counts: Record<string, number> } }>();
    expect(body.result).toBe('cheating');
    expect(body.receipt.id).toMatch(/^rcpt_/);
    expect(body.receipt.counts).toMatchObject({ files: 2, archiveEntries: 3, discordAccounts: 1 });

    const { data } = await results(scan.pin);
    expect(data.cheating).toBe('cheating');
    expect(data.detections).toEqual(['Wurst in ~/.minecraft/mods/optimizer.jar']);
    expect(JSON.stringify(data)).not.toContain('harmless');
    // Found in the machine's Discord store, but tied to no one (docs/risk-score.md, "Whose scan it is").
    expect(data.discord).toEqual([
      { id: '123456789012345678', username: 'player', provenance: 'seen', reach: 'enterprise' },
    ]);
    expect(data.vpn).toBe('No VPN detected');
    expect(data.windows).toBe('Linux 6.1.0 (Debian GNU/Linux 12)');
    expect(data.logon).toBe('3 hours');
    expect(await status(scan.pin)).toBe('finished');
  });

  it('refuses a wrong nonce with 409 nonce_mismatch and keeps the scan open', async () => {
    const scan = await startScan(t, owner.key);
    const other = await startScan(t, owner.key);
    const wrong = await uploadEvidence(t, scan.token, evidence(other.nonce));
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json()).toMatchObject({ code: 'nonce_mismatch' });
    expect(await status(scan.pin)).toBe('scanning');

    const ok = await uploadEvidence(t, scan.token, evidence(scan.nonce));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ result: 'legit' });
    // Spent: the same session cannot deliver twice.
    const again = await uploadEvidence(t, scan.token, evidence(scan.nonce));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'scan_closed' });
  });

  it('accepts a document of every version, the older ones without the sections added since', async () => {
    // packages/evidence/README.md: new sections are optional, so an older scanner's document is valid.
    for (const version of EVIDENCE_SCHEMA_VERSIONS) {
      const scan = await startScan(t, owner.key);
      const base = evidence(scan.nonce);
      const doc = { ...(version === 1 ? base : onWindows(base)), schema: version };
      const ok = await uploadEvidence(t, scan.token, doc);
      expect(ok.statusCode, `version ${version}`).toBe(200);
    }
  });

  it('refuses an invalid document with 400 invalid_body and keeps the scan open', async () => {
    const scan = await startScan(t, owner.key);
    const doc = evidence(scan.nonce) as unknown as Record<string, unknown>;
    // A version no scanner has sent yet.
    const bad = await uploadEvidence(t, scan.token, { ...doc, schema: EVIDENCE_SCHEMA_VERSION + 1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'invalid_body' });
    const raw = evidence(scan.nonce);
    const withRawMemory = {
      ...raw,
      sources: { ...raw.sources, memory: { ...raw.sources.memory, raw: 'AAAA' } },
    };
    expect((await uploadEvidence(t, scan.token, withRawMemory)).statusCode).toBe(400);
    expect(await status(scan.pin)).toBe('scanning');
  });

  it('accepts a gzip body and refuses one that inflates past 16 MiB with 413', async () => {
    const scan = await startScan(t, owner.key);
    const huge = { ...evidence(scan.nonce), padding: ' '.repeat(17 * 1024 * 1024) };
    const big = await uploadEvidence(t, scan.token, huge, { gzip: true });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'payload_too_large' });

    const garbage = await t.app.inject({
      method: 'POST',
      url: '/v1/scanner/evidence',
      headers: {
        authorization: `Bearer ${scan.token}`,
        'content-type': 'application/json',
        'content-encoding': 'gzip',
      },
      payload: Buffer.from('not gzip at all'),
    });
    expect(garbage.statusCode).toBeGreaterThanOrEqual(400);
    expect(garbage.statusCode).toBeLessThan(500);
    expect(await status(scan.pin)).toBe('scanning');

    const ok = await uploadEvidence(t, scan.token, evidence(scan.nonce), { gzip: true });
    expect(ok.statusCode).toBe(200);
    expect(gzipSync('x').length).toBeGreaterThan(0);
  });

  it('fires a rule added only on the server, for its games only, and stops when it is disabled', async () => {
    const rule = await t.admin<{ id: number }>('POST', '/admin/v1/rules', {
      name: 'Private marker',
      kind: 'memory-string',
      pattern: 'com/secret/Marker',
      severity: 'suspicious',
      games: ['Java'],
    });
    const memory = {
      status: 'collected' as const,
      items: [
        {
          pid: 4242,
          process: 'java',
          readable: true,
          reason: null,
          bytesScanned: 64 * 1024 * 1024,
          regions: 3,
          classNames: ['com/secret/Marker$Inner', 'java/lang/String'],
          strings: [],
          truncated: false,
        },
      ],
    };
    const java = await startScan(t, owner.key);
    const judged = await uploadEvidence(t, java.token, evidence(java.nonce, { memory }));
    expect(judged.json()).toMatchObject({ result: 'suspicious' });
    expect((await results(java.pin)).data.suspicious).toEqual([
      'Private marker in memory of java (pid 4242)',
    ]);

    const fivem = await startScan(t, owner.key, 'FiveM');
    const onFiveM = onWindows(evidence(fivem.nonce, { memory }));
    expect((await uploadEvidence(t, fivem.token, onFiveM)).json()).toMatchObject({ result: 'legit' });

    await t.admin('PATCH', `/admin/v1/rules/${rule.id}`, { enabled: false });
    const after = await startScan(t, owner.key);
    expect((await uploadEvidence(t, after.token, evidence(after.nonce, { memory }))).json()).toMatchObject({
      result: 'legit',
    });
  });

  it('turns system facts into warnings: clock, virtual machine, VPN adapters, unreadable memory', async () => {
    const scan = await startScan(t, owner.key);
    const twoHoursAhead = new Date(Date.now() + 2 * 3600_000 + 60_000);
    const doc = evidence(
      scan.nonce,
      {
        network: {
          adapters: [
            { name: 'eth0', kind: 'ethernet', up: true, hasAddress: true, description: null },
            { name: 'tun0', kind: 'tunnel', up: false, hasAddress: false, description: null },
          ],
        },
        memory: {
          status: 'collected',
          items: [
            {
              pid: 77,
              process: 'javaw',
              readable: false,
              reason: 'Permission denied: run the scanner as administrator.',
              bytesScanned: 0,
              regions: 0,
              classNames: [],
              strings: [],
              truncated: false,
            },
          ],
        },
        system: { virtualMachine: ['hypervisor flag'] },
      },
      twoHoursAhead,
    );
    const res = await uploadEvidence(t, scan.token, doc);
    // Warnings alone never change a verdict; the memory that could not be read lowers the assurance
    // (docs/scan-client.md, "Trust"), so the scan cannot be legit.
    expect(res.json()).toMatchObject({ result: 'suspicious' });
    const { data } = await results(scan.pin);
    expect(data.integrity).toEqual([
      'The game’s memory could not be read (Permission denied: run the scanner as administrator.): cheats loaded only in memory were not checked.',
    ]);
    expect(data.vpn).toBe('VPN adapter: tun0');
    expect(data.warnings).toEqual(
      expect.arrayContaining([
        'Memory of javaw (pid 77) not read: Permission denied: run the scanner as administrator.',
        'Clock is 2 hours 1 minute ahead of the server\u2019s'.replace('\u2019', "'"),
        'Virtual machine: hypervisor flag',
        'VPN or tunnel adapter: tun0 (down)',
      ]),
    );
  });
});
