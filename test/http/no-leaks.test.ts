import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hmacHex, sha256Hex } from '../../src/lib/crypto.js';
import { backends } from '../support/backends.js';
import { proveFor, report, scanner } from '../support/scan.js';
import { type Owner, startTestApp, type TestApp } from '../support/test-app.js';

const HWIDS = ['HWID-SECRET-3f9a1c77e2', 'BIOS-SERIAL-ZX81-0042'];
const IP = '198.51.100.77';
const PLAYER = { id: '345678901234567890', username: 'LeakCheck' };

/** Every form in which a hardware ID or IP must never appear in an answer. */
function forbiddenForms(secret: string): string[] {
  const forms = [IP, ...HWIDS];
  const hashes = [...HWIDS.map((h) => hmacHex(secret, `hwid:${h}`)), hmacHex(secret, `ip:${IP}`)];
  return [...forms, ...hashes, ...forms.map(sha256Hex), ...hashes.map((h) => h.slice(0, 16))];
}

describe.each(backends())('hardware IDs and IPs never leave the store on $name', (backend) => {
  let t: TestApp;
  let owner: Owner;
  let pin: string;
  const answers: LightMyRequestResponse[] = [];

  beforeAll(async () => {
    t = await startTestApp(backend);
    owner = await t.createOwner();
    const sc = scanner(t);
    pin = await t.createPin(owner.key);
    // The player proved the account, so the scan links the hardware (docs/risk-score.md, "Whose scan it is").
    answers.push(await sc.start(pin, HWIDS));
    const token = answers[0]?.json().sessionToken as string;
    await proveFor(t, pin, PLAYER);
    answers.push(await sc.progress(token, 50, 'Half way'));
    answers.push(await sc.finish(token, report({ detections: ['Eulen'], discord: [PLAYER], ip: IP })));
    // A second account on the same hardware, so related accounts and shared IDs show up too.
    await sc.scan(owner.key, report({ discord: [{ id: '456789012345678901', username: 'Alt' }], ip: IP }), [
      HWIDS[0] as string,
    ]);
    await t.admin('POST', `/admin/v1/scanned-users/${PLAYER.id}/bans`, {
      status: 'banned',
      reason: 'cheating',
    });
    for (const path of [
      `/v1/pins/${pin}/status`,
      `/v1/pins/${pin}/results`,
      `/v1/users/${PLAYER.id}/risk-score`,
      `/v1/scanned-users/lookup/${PLAYER.id}`,
      '/v1/scanned-users/lookup/456789012345678901',
    ]) {
      answers.push(await t.api('GET', path, { key: owner.key }));
    }
    answers.push(await t.api('GET', '/openapi.json'));
    answers.push(await t.adminRaw('GET', `/admin/v1/accounts/${owner.accountId}/keys`));
  });
  afterAll(async () => t.close());

  it('answers every call successfully', () => {
    for (const a of answers) expect(a.statusCode, a.body).toBeLessThan(300);
  });

  it('puts no hardware ID, IP, or hash of either in any body or header', () => {
    const forms = forbiddenForms(t.deps.hashSecret);
    for (const a of answers) {
      const text = `${JSON.stringify(a.headers)}\n${a.body}`;
      for (const form of forms) expect(text, `${a.raw.req.url} leaks ${form}`).not.toContain(form);
    }
  });

  it('keeps only keyed hashes of hardware IDs and IPs in the store', async () => {
    const { db } = t.deps.store;
    const hwids = await db.selectFrom('hwids').select('hash').execute();
    expect(hwids.map((h) => h.hash).sort()).toEqual(
      HWIDS.map((h) => hmacHex(t.deps.hashSecret, `hwid:${h}`)).sort(),
    );
    const reports = await db.selectFrom('scan_reports').select(['ip_hash', 'discord']).execute();
    for (const r of reports) expect(r.ip_hash).toBe(hmacHex(t.deps.hashSecret, `ip:${IP}`));
    // No column of any table holds a raw ID or the IP.
    const tables = [
      'pins',
      'hwids',
      'scan_hwids',
      'scanned_users',
      'user_hwids',
      'bans',
      'ban_hwids',
      'user_reasons',
      'pin_players',
      'scan_accounts',
    ];
    for (const table of tables) {
      const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
      const dump = JSON.stringify(rows.rows);
      for (const raw of [IP, ...HWIDS]) expect(dump, `${table} holds ${raw}`).not.toContain(raw);
    }
  });
});
