import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { proveFor, report, scanner } from '../support/scan.js';
import { type Owner, startTestApp, type TestApp } from '../support/test-app.js';

const U1 = { id: '300000000000000001', username: 'One' };
const U2 = { id: '300000000000000002', username: 'Two' };

describe.each(backends())('concurrent scans on $name', (backend) => {
  let t: TestApp;
  let owner: Owner;
  beforeAll(async () => {
    t = await startTestApp(backend, { MAX_ACTIVE_PINS: '1000', SCANNER_START_PER_MINUTE: '1000' });
    owner = await t.createOwner();
  });
  afterAll(async () => t.close());

  it('finishes that cross each other’s hardware all succeed and count every scan once', async () => {
    const sc = scanner(t);
    // U1 is on H2 and U2 on H1, so a finish of U1 on H1 and one of U2 on H2 touch both users in opposite orders.
    await sc.scan(owner.key, report({ discord: [U1] }), ['X-H2']);
    await sc.scan(owner.key, report({ discord: [U2] }), ['X-H1']);
    const rounds = 12;
    const started: Array<{ token: string; body: ReturnType<typeof report> }> = [];
    for (let i = 0; i < rounds; i++) {
      for (const [user, hwid] of [
        [U1, 'X-H1'],
        [U2, 'X-H2'],
      ] as const) {
        const pin = await t.createPin(owner.key);
        // Proven, so each finish links its hardware (docs/risk-score.md, "Whose scan it is").
        const token = await sc.startOk(pin, [hwid]);
        await proveFor(t, pin, user);
        started.push({ token, body: report({ discord: [user], detections: [`cheat-${i}`] }) });
      }
    }
    const answers = await Promise.all(started.map(({ token, body }) => sc.finish(token, body)));
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));

    // Both users share both machines now, so both see all 2 + 2×rounds scans, each once.
    for (const user of [U1, U2]) {
      const risk = (await t.api('GET', `/v1/users/${user.id}/risk-score`, { key: owner.key })).json();
      expect(risk.stats.totalScans).toBe(2 + 2 * rounds);
      expect(risk.stats.cheatingScans).toBe(2 * rounds);
      expect(risk.stats.totalDetections).toBe(2 * rounds);
      expect(risk.uniqueCheatsDetected).toHaveLength(rounds);
      expect(risk.linkedProfiles).toBe(2);
    }
    // The two accounts were first joined once, so each got exactly one alt-account note.
    const notes = (await t.api('GET', `/v1/scanned-users/lookup/${U1.id}`, { key: owner.key })).json()
      .reasons;
    expect(notes.filter((r: { category: string }) => r.category === 'alt_account')).toHaveLength(1);
  });

  it('starts sharing many hardware IDs in opposite orders all succeed', async () => {
    const sc = scanner(t);
    const hwids = Array.from({ length: 16 }, (_, i) => `ORDER-${i}`);
    const pins = await Promise.all(Array.from({ length: 16 }, () => t.createPin(owner.key)));
    const answers = await Promise.all(
      pins.map((pin, i) => sc.start(pin, i % 2 === 0 ? hwids : [...hwids].reverse())),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 201));
  });
});
