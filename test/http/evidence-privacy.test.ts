import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyRetention } from '../../src/application/privacy/retention.js';
import { DAY_MS } from '../../src/domain/time.js';
import { backends } from '../support/backends.js';
import { evidence, jar, startScan, uploadEvidence } from '../support/evidence.js';
import { type Owner, startTestApp, type TestApp } from '../support/test-app.js';

const PLAYER = { id: '300000000000000001', username: 'ScannedPlayer', client: 'discord' };
const OTHER = { id: '300000000000000002', username: 'SiblingOnPc', client: 'discordptb' };
const stores = backends().filter((b) => b.redisUrl === undefined);

describe.each(stores)('evidence is scan data for export, erasure and retention on $name', (backend) => {
  let t: TestApp;
  let owner: Owner;
  let now: number;

  beforeEach(async () => {
    now = Date.parse('2026-03-01T12:00:00.000Z');
    t = await startTestApp(backend, { REPORT_RETENTION_DAYS: '30' }, () => now);
    owner = await t.createOwner();
  });
  afterEach(async () => t.close());

  async function scanWithEvidence(): Promise<string> {
    const scan = await startScan(t, owner.key);
    const doc = evidence(
      scan.nonce,
      {
        discord: { accounts: [PLAYER, OTHER] },
        files: { items: [jar('~/.minecraft/mods/a.jar', ['net/wurstclient/WurstClient.class'])] },
      },
      new Date(now),
    );
    const res = await uploadEvidence(t, scan.token, doc);
    expect(res.statusCode).toBe(200);
    return scan.pin;
  }

  const evidenceRows = async () =>
    t.deps.store.db.selectFrom('scan_evidence').select(['pin_id', 'document']).execute();

  it('exports the evidence of the person’s scans with other accounts on the machine only counted', async () => {
    const pin = await scanWithEvidence();
    const res = await t.adminRaw('GET', `/admin/v1/scanned-users/${PLAYER.id}/export`);
    expect(res.statusCode).toBe(200);
    const scan = res.json().scans.find((s: { pin: string }) => s.pin === pin);
    expect(scan.evidence).toMatchObject({
      receiptId: expect.stringMatching(/^rcpt_/),
      otherAccountsOnMachine: 1,
    });
    expect(scan.evidence.document.sources.discord.accounts).toEqual([PLAYER]);
    expect(scan.evidence.document.sources.files.items[0].path).toBe('~/.minecraft/mods/a.jar');
    expect(JSON.stringify(scan.evidence)).not.toContain(OTHER.id);
  });

  it('erasure shows the person as erased in the kept evidence; the other account stays', async () => {
    await scanWithEvidence();
    const res = await t.adminRaw('POST', `/admin/v1/scanned-users/${PLAYER.id}/erase`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ evidenceRewritten: 1 });
    const [row] = await evidenceRows();
    expect(row?.document).not.toContain(PLAYER.id);
    expect(row?.document).not.toContain(PLAYER.username);
    expect(row?.document).toContain(OTHER.id);
  });

  it('retention removes the evidence with its scan', async () => {
    await scanWithEvidence();
    expect(await evidenceRows()).toHaveLength(1);
    now += 31 * DAY_MS;
    await applyRetention(t.deps);
    expect(await evidenceRows()).toHaveLength(0);
  });
});
