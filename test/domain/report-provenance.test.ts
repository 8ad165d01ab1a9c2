import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountsOfScan, reachOf, summarizeOwnReports } from '../../src/domain/report-provenance.js';

const id = fc.constantFrom('111111111111111111', '222222222222222222', '333333333333333333');
const account = fc.record({ id, username: fc.string({ minLength: 1, maxLength: 8 }) });
const someone = fc.option(id, { nil: null });

/** docs/risk-score.md, "Whose scan it is". */
describe('how far a report about an account counts', () => {
  it('counts for everyone only when proven, from an Enterprise whose reports are shared', () => {
    fc.assert(
      fc.property(
        fc.array(account, { maxLength: 4 }),
        fc.boolean(),
        someone,
        someone,
        fc.boolean(),
        (reported, seenOnMachine, provenId, namedId, enterpriseShared) => {
          const accounts = accountsOfScan({
            reported,
            seenOnMachine,
            player: {
              proven: provenId === null ? null : { discordId: provenId, username: 'p' },
              named: namedId === null ? null : { discordId: namedId, username: null },
            },
            enterpriseShared,
          });
          for (const a of accounts) {
            // Named and seen are the staff's and the scan client's word, not the player's proof.
            expect(a.reach === 'shared').toBe(enterpriseShared && a.discordId === provenId);
          }
          // One entry per account; the proven account is there even when the report left it out.
          expect(new Set(accounts.map((a) => a.discordId)).size).toBe(accounts.length);
          if (provenId !== null)
            expect(accounts.some((a) => a.discordId === provenId && a.provenance === 'proven')).toBe(true);
        },
      ),
    );
  });

  it('names the strongest provenance', () => {
    const player = {
      proven: { discordId: '111111111111111111', username: 'p' },
      named: { discordId: '222222222222222222', username: null },
    };
    const reported = [
      { id: '111111111111111111', username: 'a' },
      { id: '222222222222222222', username: 'b' },
      { id: '333333333333333333', username: 'c' },
    ];
    expect(
      accountsOfScan({ reported, seenOnMachine: false, player, enterpriseShared: true }).map((a) => [
        a.provenance,
        a.reach,
      ]),
    ).toEqual([
      ['proven', 'shared'],
      ['named', 'enterprise'],
      ['claimed', 'enterprise'],
    ]);
    expect(
      accountsOfScan({ reported, seenOnMachine: true, player, enterpriseShared: true }).map((a) => [
        a.provenance,
        a.reach,
      ]),
    ).toEqual([
      ['proven', 'shared'],
      ['named', 'enterprise'],
      ['seen', 'enterprise'],
    ]);
    expect(reachOf('proven', false)).toBe('enterprise');
    for (const p of ['named', 'seen', 'claimed'] as const) expect(reachOf(p, true)).toBe('enterprise');
  });

  it('sums an Enterprise’s own reports, the latest username and the last cheating time', () => {
    expect(summarizeOwnReports([])).toBeUndefined();
    const s = summarizeOwnReports([
      {
        username: 'new',
        gameType: 'Java',
        verdict: 'legit',
        detections: [],
        suspiciousFindings: 0,
        finishedAt: 30,
      },
      {
        username: 'old',
        gameType: 'FiveM',
        verdict: 'cheating',
        detections: ['X', 'Y', 'X'],
        suspiciousFindings: 2,
        finishedAt: 10,
      },
      {
        username: 'mid',
        gameType: 'Java',
        verdict: 'suspicious',
        detections: [],
        suspiciousFindings: 1,
        finishedAt: 20,
      },
    ]);
    expect(s).toEqual({
      scans: 3,
      cheatingScans: 1,
      suspiciousScans: 1,
      cleanScans: 1,
      totalDetections: 3,
      detections: ['X', 'Y'],
      suspiciousFindings: 3,
      games: ['FiveM', 'Java'],
      firstAt: 10,
      lastAt: 30,
      lastCheatingAt: 10,
      username: 'new',
    });
  });
});
