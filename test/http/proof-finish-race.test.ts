import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { report, scanner } from '../support/scan.js';
import { integrationClient } from '../support/scanner-client.js';
import { type Owner, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * A proof recorded while the scan's finish is being decided (docs/risk-score.md, "Whose scan it
 * is"): the player was told their account is proven, so the finish must not go on with what it read
 * before the proof; it decides again and the scan counts as theirs.
 */
describe.each(backends())('a proof that lands during the finish on $name', (backend) => {
  let t: TestApp;
  let owner: Owner;
  let reader: Owner;
  beforeAll(async () => {
    t = await startTestApp(backend);
    owner = await t.createOwner('Runs the scan');
    reader = await t.createOwner('Reads elsewhere');
  });
  afterAll(async () => t.close());

  it('decides the finish again, so the proven player’s scan counts for everyone', async () => {
    const player = { id: '612345678901234567', username: 'late-prover' };
    const sc = scanner(t, { client: await integrationClient(t) });
    const pin = await t.createPin(owner.key, { type: 'FiveM' });
    const token = await sc.startOk(pin, ['HW-RACE-1']);
    const scans = t.deps.repos.scans;
    const finish = scans.finish;
    let raced = false;
    // The proof commits after the finish read everything it decides on, just before it writes.
    scans.finish = async (...args: Parameters<typeof finish>) => {
      if (!raced) {
        raced = true;
        const repo = t.deps.repos.reportProvenance;
        const scan = await repo.proofContext(pin);
        const proven = await t.deps.transaction((repos) =>
          repos.reportProvenance.prove(
            scan?.pinId ?? 0,
            scan?.sessionHash ?? '',
            { discordId: player.id, username: player.username },
            t.deps.clock(),
          ),
        );
        expect(proven?.discordId).toBe(player.id);
      }
      return finish(...args);
    };
    try {
      const res = await sc.finish(token, report({ detections: ['Eulen'], discord: [player] }));
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      scans.finish = finish;
    }
    expect(raced).toBe(true);
    const results = await t.api('GET', `/v1/pins/${pin}/results`, { key: owner.key });
    expect(results.json().data.discord).toEqual([{ ...player, provenance: 'proven', reach: 'shared' }]);
    const elsewhere = await t.api('GET', `/v1/scanned-users/lookup/${player.id}`, { key: reader.key });
    expect(elsewhere.json()).toMatchObject({ found: true, overallStatus: 'cheating' });
  });
});
