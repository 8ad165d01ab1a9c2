import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backends, sqliteBackend } from '../support/backends.js';
import { report, scanner } from '../support/scan.js';
import { integrationClient } from '../support/scanner-client.js';
import { type Owner, startTestApp, type TestApp } from '../support/test-app.js';

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const STATUS_KEYS = [
  'pin',
  'pinName',
  'type',
  'status',
  'progress',
  'statusMessage',
  'result',
  'used',
  'lastStatusUpdate',
  'createdAt',
  'isFinished',
  'isScanning',
  'isPending',
].sort();
const SUMMARY_KEYS = [
  'cheating',
  'vpn',
  'country',
  'scantime',
  'windows',
  'detectionsCount',
  'warningsCount',
  'suspiciousCount',
  'discord',
  'assurance',
].sort();
const RESULTS_DATA_KEYS = [
  'cheating',
  'detections',
  'suspicious',
  'warnings',
  'untrusted',
  'integrity',
  'customSuspicious',
  'vpn',
  'country',
  'logon',
  'scantime',
  'windows',
  'discord',
  'assurance',
].sort();

describe.each(backends())('scan lifecycle on $name', (backend) => {
  let t: TestApp;
  let owner: Owner;
  let now: number;
  let sc: ReturnType<typeof scanner>;
  let official: ReturnType<typeof scanner>;

  beforeEach(async () => {
    now = Date.parse('2026-03-01T12:00:00.000Z');
    t = await startTestApp(backend, { PIN_TTL_SECONDS: '3600', SCAN_IDLE_TIMEOUT_SECONDS: '60' }, () => now);
    owner = await t.createOwner();
    // The lifecycle is the same for any client (SCANNER_ACCEPT defaults to any); verdicts are tested
    // with calls signed as the official build, the only kind whose clean report can be legit
    // (docs/scan-client.md, "Trust").
    sc = scanner(t);
    official = scanner(t, { client: await integrationClient(t) });
  });
  afterEach(async () => t.close());

  const status = async (pin: string) => {
    const res = await t.api('GET', `/v1/pins/${pin}/status`, { key: owner.key });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const results = async (pin: string) => {
    const res = await t.api('GET', `/v1/pins/${pin}/results`, { key: owner.key });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('start answers 201 with a session token and moves the PIN to scanning, used', async () => {
    const pin = await t.createPin(owner.key, { type: 'Rust', ramDump: true });
    now += 1000;
    const res = await sc.start(pin.toLowerCase(), ['HW-1', 'HW-2']);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual([
      'expiresAt',
      'nonce',
      'pin',
      'plan',
      'proof',
      'ramDump',
      'serverTime',
      'sessionToken',
      'type',
    ]);
    expect(body).toMatchObject({ pin, type: 'Rust', ramDump: true });
    // No Discord sign-in is configured here, so there is no proof link to show (docs/scanner.md).
    expect(body.proof).toBeNull();
    expect(body.sessionToken).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect(body.expiresAt).toMatch(ISO_MS);

    const s = await status(pin);
    expect(Object.keys(s).sort()).toEqual(STATUS_KEYS);
    expect(s).toMatchObject({
      status: 'scanning',
      used: true,
      isScanning: true,
      isPending: false,
      isFinished: false,
      progress: 0,
      result: null,
      lastStatusUpdate: new Date(now).toISOString(),
    });
    expect(typeof s.statusMessage).toBe('string');
    const r = await results(pin);
    expect(Object.keys(r).sort()).toEqual(['message', 'pin', 'pinName', 'result', 'status', 'type']);
    expect(r).toMatchObject({ status: 'scanning', result: 'none' });
  });

  it('progress updates percentage, message and lastStatusUpdate, and never goes down', async () => {
    const pin = await t.createPin(owner.key);
    const token = await sc.startOk(pin);
    now += 2000;
    expect((await sc.progress(token, 40, 'Scanning running processes')).statusCode).toBe(204);
    expect(await status(pin)).toMatchObject({
      progress: 40,
      statusMessage: 'Scanning running processes',
      lastStatusUpdate: new Date(now).toISOString(),
    });
    expect((await sc.progress(token, 40, 'Still scanning processes')).statusCode).toBe(204);

    const back = await sc.progress(token, 30, 'Going back');
    expect(back.statusCode).toBe(409);
    expect(back.headers['content-type']).toContain('application/problem+json');
    expect(back.json()).toMatchObject({ code: 'progress_backwards', status: 409 });
    expect(await status(pin)).toMatchObject({ progress: 40, statusMessage: 'Still scanning processes' });
  });

  it.each([
    [{ progress: 100, statusMessage: 'x' }],
    [{ progress: -1, statusMessage: 'x' }],
    [{ progress: 12.5, statusMessage: 'x' }],
    [{ progress: 10, statusMessage: 'x'.repeat(201) }],
    [{ progress: 10 }],
    [{ progress: 10, statusMessage: 'x', extra: true }],
  ])('progress %j is refused with 400 invalid_body and changes nothing', async (body) => {
    const pin = await t.createPin(owner.key);
    const token = await sc.startOk(pin);
    const res = await sc.post('progress', body, token);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_body');
    expect((await status(pin)).progress).toBe(0);
  });

  it('a legit finish: verdict, status summary and results field by field', async () => {
    const pin = await t.createPin(owner.key, { type: 'Java', pinName: 'Join check' });
    const token = await official.startOk(pin);
    now += 5000;
    const body = report({
      warnings: ['Defender off', 'Old driver'],
      discord: [{ id: '123456789012345678', username: 'Player' }],
      ip: '203.0.113.9',
    });
    // A registered integration signed every call and nothing lowered trust; it gave no version at
    // start (docs/scan-client.md, "Assurance").
    const OFFICIAL_HIGH = {
      client: { kind: 'third-party', name: 'Community scanner (test)', version: null },
      level: 'high',
      reasons: [],
    };
    const fin = await official.finish(token, body);
    expect(fin.statusCode).toBe(200);
    expect(fin.json()).toEqual({ result: 'legit' });

    const s = await status(pin);
    expect(Object.keys(s).sort()).toEqual([...STATUS_KEYS, 'data'].sort());
    expect(s).toMatchObject({
      pin,
      pinName: 'Join check',
      type: 'Java',
      status: 'finished',
      progress: 100,
      result: 'legit',
      used: true,
      isFinished: true,
      isScanning: false,
      isPending: false,
      lastStatusUpdate: new Date(now).toISOString(),
    });
    expect(Object.keys(s.data).sort()).toEqual(SUMMARY_KEYS);
    expect(s.data).toEqual({
      cheating: 'legit',
      vpn: 'No VPN detected',
      country: 'NL',
      scantime: '40 seconds',
      windows: 'Windows 11 Pro 23H2',
      detectionsCount: 0,
      warningsCount: 2,
      suspiciousCount: 0,
      // A bare report only claims its accounts (docs/risk-score.md, "Whose scan it is").
      discord: [{ id: '123456789012345678', username: 'Player', provenance: 'claimed', reach: 'enterprise' }],
      assurance: OFFICIAL_HIGH,
    });

    const r = await results(pin);
    expect(Object.keys(r).sort()).toEqual([
      'createdAt',
      'data',
      'pin',
      'pinName',
      'result',
      'status',
      'type',
    ]);
    expect(r).toMatchObject({
      pin,
      type: 'Java',
      status: 'finished',
      result: 'legit',
      pinName: 'Join check',
    });
    expect(r.createdAt).toMatch(ISO_MS);
    expect(Object.keys(r.data).sort()).toEqual(RESULTS_DATA_KEYS);
    expect(r.data).toEqual({
      cheating: 'legit',
      detections: [],
      suspicious: [],
      warnings: ['Defender off', 'Old driver'],
      untrusted: [],
      integrity: [],
      customSuspicious: [],
      vpn: 'No VPN detected',
      country: 'NL',
      logon: '2 hours',
      scantime: '40 seconds',
      windows: 'Windows 11 Pro 23H2',
      // A bare report only claims its accounts (docs/risk-score.md, "Whose scan it is").
      discord: [{ id: '123456789012345678', username: 'Player', provenance: 'claimed', reach: 'enterprise' }],
      assurance: OFFICIAL_HIGH,
    });
  });

  it.each([
    ['suspicious', { suspicious: ['Unsigned driver'] }],
    ['untrusted', { untrusted: ['loader.exe'] }],
    ['integrity', { integrity: ['Modified game file'] }],
  ])('any %s entry makes the verdict suspicious', async (_name, overrides) => {
    const pin = await t.createPin(owner.key);
    const token = await official.startOk(pin);
    expect((await official.finish(token, report(overrides))).json()).toEqual({ result: 'suspicious' });
    expect((await status(pin)).result).toBe('suspicious');
  });

  it('any detection makes the verdict cheating, whatever else the report holds', async () => {
    const pin = await t.createPin(owner.key);
    const token = await official.startOk(pin);
    const body = report({ detections: ['Eulen', 'RedEngine'], suspicious: ['a', 'b', 'c'], warnings: ['w'] });
    expect((await official.finish(token, body)).json()).toEqual({ result: 'cheating' });
    const s = await status(pin);
    expect(s.data).toMatchObject({
      cheating: 'cheating',
      detectionsCount: 2,
      suspiciousCount: 3,
      warningsCount: 1,
    });
    expect((await results(pin)).data.detections).toEqual(['Eulen', 'RedEngine']);
  });

  it('custom keywords match artifacts case-insensitively into customSuspicious and make it suspicious', async () => {
    const put = await t.adminRaw('PUT', `/admin/v1/accounts/${owner.accountId}/custom-keywords`, {
      keywords: ['Cheatengine', 'AUTOCLICK'],
    });
    expect(put.statusCode).toBe(200);
    const pin = await t.createPin(owner.key);
    const token = await official.startOk(pin);
    const artifacts = ['C:\\Tools\\CheatEngine-7.5.exe', 'C:\\Games\\launcher.log', 'autoclicker.ahk'];
    const fin = await official.finish(token, report({ artifacts }));
    expect(fin.json()).toEqual({ result: 'suspicious' });
    const r = await results(pin);
    expect(r.data.customSuspicious).toEqual(['C:\\Tools\\CheatEngine-7.5.exe', 'autoclicker.ahk']);
    // Custom matches are not counted in the summary's suspiciousCount (docs/api.md).
    expect((await status(pin)).data.suspiciousCount).toBe(0);
  });

  it('keywords of another account do not apply', async () => {
    const other = await t.createOwner('Other');
    await t.admin('PUT', `/admin/v1/accounts/${other.accountId}/custom-keywords`, { keywords: ['launcher'] });
    const pin = await t.createPin(owner.key);
    const token = await official.startOk(pin);
    expect((await official.finish(token, report({ artifacts: ['launcher.log'] }))).json()).toEqual({
      result: 'legit',
    });
  });

  it('fail moves the scan to error with the client message; results say none with a message', async () => {
    const pin = await t.createPin(owner.key);
    const token = await sc.startOk(pin);
    now += 3000;
    expect((await sc.fail(token, 'Access denied reading processes')).statusCode).toBe(204);
    const s = await status(pin);
    expect(Object.keys(s).sort()).toEqual(STATUS_KEYS);
    expect(s).toMatchObject({
      status: 'error',
      statusMessage: 'Access denied reading processes',
      result: null,
      used: true,
      isFinished: false,
      isScanning: false,
      isPending: false,
      lastStatusUpdate: new Date(now).toISOString(),
    });
    const r = await results(pin);
    expect(Object.keys(r).sort()).toEqual(['message', 'pin', 'pinName', 'result', 'status', 'type']);
    expect(r).toMatchObject({ status: 'error', result: 'none', message: 'Access denied reading processes' });
  });

  it('a silent scan ends in error after SCAN_IDLE_TIMEOUT_SECONDS, and its token is then refused', async () => {
    const pin = await t.createPin(owner.key);
    const token = await sc.startOk(pin);
    await sc.progress(token, 20);
    const lastHeard = now;
    now += 59_000;
    expect((await status(pin)).status).toBe('scanning');
    now += 1_000;
    const s = await status(pin);
    expect(s).toMatchObject({
      status: 'error',
      result: null,
      isScanning: false,
      progress: 20,
      lastStatusUpdate: new Date(lastHeard + 60_000).toISOString(),
    });
    expect(s.statusMessage).toMatch(/sent nothing/);
    expect(s).not.toHaveProperty('data');
    expect((await results(pin)).result).toBe('none');
    const late = await sc.progress(token, 30);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('scan_closed');
    expect((await sc.finish(token)).json().code).toBe('scan_closed');
  });

  it('an idle-errored scan no longer counts towards the active-PIN limit', async () => {
    const pins = [await t.createPin(owner.key), await t.createPin(owner.key), await t.createPin(owner.key)];
    await sc.startOk(pins[0] as string);
    expect(
      (await t.api('POST', '/v1/pins/create', { key: owner.key, body: { type: 'Java' } })).statusCode,
    ).toBe(400);
    now += 61_000;
    expect(
      (await t.api('POST', '/v1/pins/create', { key: owner.key, body: { type: 'Java' } })).statusCode,
    ).toBe(201);
  });

  it('a PIN that expires mid-scan shows expired at once; the scan client gets 410 pin_expired', async () => {
    const pin = await t.createPin(owner.key);
    const created = now;
    const token = await sc.startOk(pin);
    // Keep the scan alive so that expiry, not idleness, ends it.
    for (let i = 1; now + 55_000 < created + 3_600_000; i++) {
      now += 55_000;
      expect((await sc.progress(token, Math.min(99, i))).statusCode).toBe(204);
    }
    now = created + 3_600_000;
    const s = await status(pin);
    expect(s).toMatchObject({
      status: 'expired',
      result: null,
      lastStatusUpdate: new Date(created + 3_600_000).toISOString(),
    });
    expect(s.statusMessage).toMatch(/expired/);
    const r = await results(pin);
    expect(r).toMatchObject({ status: 'expired', result: 'none' });
    expect(r.message).toMatch(/expired/);
    for (const res of [await sc.progress(token, 99), await sc.finish(token), await sc.fail(token)]) {
      expect(res.statusCode).toBe(410);
      expect(res.json().code).toBe('pin_expired');
    }
  });

  it('refuses to start a PIN twice, an expired PIN, an unknown PIN and a malformed one', async () => {
    const pin = await t.createPin(owner.key);
    await sc.startOk(pin);
    const twice = await sc.start(pin);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'pin_already_used', type: 'about:blank', title: 'Conflict' });

    const old = await t.createPin(owner.key);
    now += 3_600_000;
    const expired = await sc.start(old);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().code).toBe('pin_expired');
    expect((await status(old)).status).toBe('expired');

    const unknown = await sc.start('ZZZZZZZZ');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('pin_not_found');

    const bad = await sc.start('ABC10000');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('invalid_pin_code');
  });

  it('refuses starts without hardware IDs, with too many, or with unknown fields', async () => {
    const pin = await t.createPin(owner.key);
    for (const body of [
      { pin },
      { pin, hwids: [] },
      { pin, hwids: Array.from({ length: 17 }, (_, i) => `H${i}`) },
      { pin, hwids: [''] },
      { pin, hwids: ['H'], extra: 1 },
    ]) {
      const res = await sc.post('start', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('invalid_body');
    }
    expect((await status(pin)).status).toBe('pending');
  });

  it('only one of many concurrent starts of the same PIN wins', async () => {
    const pin = await t.createPin(owner.key);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => sc.start(pin, [`HW-${i}`])));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(9);
  });

  it('a session token is dead once its scan is finished or failed', async () => {
    const pin = await t.createPin(owner.key);
    const token = await sc.startOk(pin);
    await sc.finish(token);
    for (const res of [await sc.progress(token, 50), await sc.finish(token), await sc.fail(token)]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('scan_closed');
    }
    expect(await status(pin)).toMatchObject({ status: 'finished', progress: 100 });

    const pin2 = await t.createPin(owner.key);
    const token2 = await sc.startOk(pin2);
    await sc.fail(token2);
    expect((await sc.finish(token2)).json().code).toBe('scan_closed');
    expect((await status(pin2)).status).toBe('error');
  });

  it('refuses missing, malformed and unknown session tokens with 401', async () => {
    const missing = await t.api('POST', '/v1/scanner/progress', {
      body: { progress: 1, statusMessage: 'x' },
    });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().code).toBe('missing_session_token');
    for (const header of ['Bearer nope', 'Basic abc', `Bearer ${'a'.repeat(43)}`]) {
      const res = await t.api('POST', '/v1/scanner/finish', {
        body: report(),
        headers: { authorization: header },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('invalid_session_token');
    }
  });

  it.each([
    ['a list over 1000 entries', { detections: Array.from({ length: 1001 }, (_, i) => `d${i}`) }],
    ['an entry over 500 characters', { artifacts: ['x'.repeat(501)] }],
    ['a string field over 500 characters', { windows: 'w'.repeat(501) }],
    ['a malformed Discord ID', { discord: [{ id: '12', username: 'x' }] }],
    [
      'over 100 Discord accounts',
      {
        discord: Array.from({ length: 101 }, (_, i) => ({
          id: `6000000000000000${String(i).padStart(3, '0')}`,
          username: 'x',
        })),
      },
    ],
    ['a non-string entry', { suspicious: [42] }],
  ])('refuses a report with %s (400 invalid_body) and leaves the scan running', async (_name, overrides) => {
    const pin = await t.createPin(owner.key);
    const token = await sc.startOk(pin);
    const res = await sc.post('finish', { ...report(), ...overrides }, token);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_body');
    expect((await status(pin)).status).toBe('scanning');
    expect((await sc.finish(token)).statusCode).toBe(200);
  });

  it('accepts a report at the bounds: 1000 entries of 500 characters in every list', async () => {
    const pin = await t.createPin(owner.key);
    const token = await sc.startOk(pin);
    const list = (p: string) => Array.from({ length: 1000 }, (_, i) => `${p}${i}`.padEnd(500, '.'));
    const body = report({
      detections: list('d'),
      suspicious: list('s'),
      warnings: list('w'),
      untrusted: list('u'),
      integrity: list('i'),
      artifacts: list('a'),
    });
    const res = await sc.finish(token, body);
    expect(res.statusCode).toBe(200);
    expect((await status(pin)).data.detectionsCount).toBe(1000);
  });

  it('refuses a report missing a required field', async () => {
    const pin = await t.createPin(owner.key);
    const token = await sc.startOk(pin);
    const { vpn: _vpn, ...incomplete } = report();
    const res = await sc.post('finish', incomplete, token);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/vpn/);
  });
});

describe.each(backends())('scan starts per client IP on $name', (backend) => {
  it('are limited by SCANNER_START_PER_MINUTE, with Retry-After, so PINs cannot be guessed', async () => {
    const t = await startTestApp(backend, { SCANNER_START_PER_MINUTE: '3' });
    try {
      for (let i = 0; i < 3; i++) expect((await scanner(t).start('ZZZZZZZZ')).statusCode).toBe(404);
      const limited = await scanner(t).start('ZZZZZZZZ');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe('rate_limited');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      // The window slides: a start counts until a minute after the end of its second.
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(61);
    } finally {
      await t.close();
    }
  });
});

describe('an oversized scan report', () => {
  it('gets 413 naming the finish route’s own 8 MiB limit', async () => {
    const sqlite = sqliteBackend();
    const t = await startTestApp(sqlite);
    try {
      const owner = await t.createOwner();
      const sc = scanner(t);
      const token = await sc.startOk(await t.createPin(owner.key));
      const huge = report({ artifacts: ['x'.repeat(9 * 1024 * 1024)] });
      const res = await sc.finish(token, huge);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ code: 'payload_too_large' });
      expect(res.json().detail).toContain(String(8 * 1024 * 1024));
    } finally {
      await t.close();
    }
  });
});
