import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { riskScore } from '../../src/domain/risk-score.js';
import { backends } from '../support/backends.js';
import { report, scanner } from '../support/scan.js';
import { type Owner, startTestApp, type TestApp } from '../support/test-app.js';

const PLAYER = { id: '100000000000000777', username: 'Streaky' };

/**
 * The risk score and the lookup each read in one snapshot: while scans finish, every answer's stats
 * and score describe the same moment. Each scan here is cheating with one new detection on the
 * player's one PC, so the score follows from the stats alone.
 */
describe.each(backends())('reads while scans finish on $name', (backend) => {
  let t: TestApp;
  let owner: Owner;
  beforeAll(async () => {
    t = await startTestApp(backend, { MAX_ACTIVE_PINS: '50' });
    owner = await t.createOwner();
  });
  afterAll(async () => t.close());

  it('never shows a score that disagrees with its own stats, nor a lookup whose counts disagree', async () => {
    const sc = scanner(t);
    const scans = 12;
    let done = false;
    const writer = (async () => {
      try {
        for (let i = 0; i < scans; i++) {
          await sc.scan(owner.key, report({ discord: [PLAYER], detections: [`Cheat${i}`] }), ['HW-STREAK']);
        }
      } finally {
        done = true;
      }
    })();
    const seen = new Set<number>();
    const reader = (async () => {
      while (!done) {
        // Let the writer's timers and I/O run between reads.
        await new Promise((resolve) => setTimeout(resolve, 1));
        const [r, l] = await Promise.all([
          t.api('GET', `/v1/users/${PLAYER.id}/risk-score`, { key: owner.key }),
          t.api('GET', `/v1/scanned-users/lookup/${PLAYER.id}`, { key: owner.key }),
        ]);
        const score = r.json();
        if (score.found) {
          const n = score.stats.cheatingScans;
          seen.add(n);
          expect(score.stats).toMatchObject({ totalScans: n, totalDetections: n });
          expect(score.uniqueCheatsDetected).toHaveLength(n);
          expect(score.riskScore).toBe(
            riskScore({
              cheatingScans: n,
              suspiciousScans: 0,
              totalDetections: n,
              uniqueDetections: n,
              suspiciousFindings: 0,
              activeBan: false,
              activeWarning: false,
            }),
          );
        }
        const person = l.json();
        if (person.found) {
          expect(person.totalDetections).toBe(person.totalScans);
          expect(person.detections).toHaveLength(person.totalScans);
        }
      }
    })();
    await Promise.all([writer, reader]);
    const final = (await t.api('GET', `/v1/users/${PLAYER.id}/risk-score`, { key: owner.key })).json();
    expect(final.stats.cheatingScans).toBe(scans);
    expect(seen.size).toBeGreaterThan(0);
  });
});
