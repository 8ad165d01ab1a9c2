import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { report, scanner } from '../support/scan.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/*
 * A player's lookup and risk score are read from a document kept per player (docs/benchmarks.md,
 * "Player documents"). Whatever happens to the store, a document that is still served (its version
 * is the player's) must equal the facts computed from scratch. Random histories of scans (shared
 * hardware, a junk serial that becomes a hub, several accounts per report), bans, lifts, notes and
 * erasures are played through the API; after each step, every served document is compared with a
 * fresh computation, then every player is read again so the next step starts with documents in place.
 * The same holds for the facts each instance keeps in memory (application/players/player-facts-cache.ts):
 * whatever is kept, however old, equals a fresh computation, so the notices sent after each commit
 * reached it.
 */

const SCALE = Number(process.env.SCANPIN_FUZZ_SCALE ?? 1);
const ACCOUNTS = Array.from({ length: 6 }, (_, i) => ({ id: `80000000000000000${i}`, username: `Doc${i}` }));
const HWIDS = ['DOC-A', 'DOC-B', 'DOC-C', 'DOC-D', 'DOC-JUNK'];

type Step =
  | { kind: 'scan'; accounts: number[]; hwids: string[]; detections: string[]; renamed: boolean }
  | { kind: 'ban'; account: number; warn: boolean }
  | { kind: 'lift' }
  | { kind: 'note'; account: number }
  | { kind: 'erase'; account: number };

const index = fc.integer({ min: 0, max: ACCOUNTS.length - 1 });
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('scan' as const),
      accounts: fc.uniqueArray(index, { minLength: 1, maxLength: 2 }),
      // The junk serial comes with most scans, so it crosses the threshold in most histories.
      hwids: fc
        .uniqueArray(fc.constantFrom(...HWIDS.slice(0, 4)), { minLength: 0, maxLength: 2 })
        .chain((own) => fc.boolean().map((junk) => (junk || own.length === 0 ? [...own, 'DOC-JUNK'] : own))),
      detections: fc.subarray(['Eulen', 'RedEngine', 'Wurst']),
      renamed: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('ban' as const), account: index, warn: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('lift' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('note' as const), account: index }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('erase' as const), account: index }) },
);

/** Every served document equals the facts computed now, and none outlives its version. */
async function checkDocuments(t: TestApp): Promise<void> {
  for (const a of ACCOUNTS) {
    const kept = t.deps.playerFacts.kept(a.id);
    if (kept === undefined) continue;
    const fresh = await t.deps.repos.playerSnapshots.computedFacts(a.id);
    expect(kept, `facts of ${a.id} kept in memory`).toEqual(fresh);
  }
  const outdated = await t.deps.store.db
    .selectFrom('player_documents as d')
    .innerJoin('scanned_users as u', 'u.id', 'd.user_id')
    .select('u.discord_id')
    .whereRef('d.version', '!=', 'u.facts_version')
    .execute();
  // A document may name related accounts: an outdated one (say, after an erasure) must be gone.
  expect(outdated).toEqual([]);
  const served = await t.deps.store.db
    .selectFrom('player_documents as d')
    .innerJoin('scanned_users as u', 'u.id', 'd.user_id')
    .select(['u.discord_id', 'd.facts'])
    .whereRef('d.version', '=', 'u.facts_version')
    .execute();
  for (const doc of served) {
    const fresh = await t.deps.repos.playerSnapshots.computedFacts(doc.discord_id);
    expect(JSON.parse(doc.facts), `document of ${doc.discord_id}`).toEqual(fresh);
  }
}

describe.each(backends())('player documents on $name', (backend) => {
  it('a served document always equals the facts computed from scratch', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        let now = Date.UTC(2026, 10, 1);
        const t = await startTestApp(backend, { HWID_HUB_THRESHOLD: '3' }, () => now);
        try {
          const owner = await t.createOwner();
          const sc = scanner(t);
          const bans: number[] = [];
          /** Reads every account's answers; returns the accounts the store knows. */
          const read = async () => {
            const found: string[] = [];
            for (const a of ACCOUNTS) {
              const lookup = await t.api('GET', `/v1/scanned-users/lookup/${a.id}`, { key: owner.key });
              await t.api('GET', `/v1/users/${a.id}/risk-score`, { key: owner.key });
              if (lookup.json<{ found: boolean }>().found) found.push(a.id);
            }
            return found;
          };
          let found: string[] = [];
          for (const s of steps) {
            now += 60_000;
            if (s.kind === 'scan') {
              const discord = s.accounts.map((i) => {
                const a = ACCOUNTS[i] as (typeof ACCOUNTS)[0];
                return s.renamed ? { ...a, username: `${a.username}-renamed` } : a;
              });
              await sc.scan(owner.key, report({ discord, detections: s.detections }), s.hwids);
            } else if (s.kind === 'ban') {
              const res = await t.adminRaw(
                'POST',
                `/admin/v1/scanned-users/${ACCOUNTS[s.account]?.id}/bans`,
                {
                  status: s.warn ? 'warned' : 'banned',
                  reason: 'Property test',
                },
              );
              if (res.statusCode === 201) bans.push(res.json<{ id: number }>().id);
            } else if (s.kind === 'lift') {
              const id = bans.pop();
              if (id !== undefined) await t.adminRaw('DELETE', `/admin/v1/bans/${id}`);
            } else if (s.kind === 'note') {
              await t.adminRaw('POST', `/admin/v1/scanned-users/${ACCOUNTS[s.account]?.id}/reasons`, {
                reason: 'Noted',
                category: 'staff_note',
              });
            } else {
              const erased = ACCOUNTS[s.account]?.id as string;
              await t.adminRaw('POST', `/admin/v1/scanned-users/${erased}/erase`);
              const docs = await t.deps.store.db.selectFrom('player_documents').select('facts').execute();
              expect(docs.filter((d) => d.facts.includes(erased))).toEqual([]);
            }
            await checkDocuments(t);
            found = await read();
          }
          // The reads above are answered from memory: every account the store knows is kept once read.
          for (const id of found) expect(t.deps.playerFacts.kept(id), `${id} kept`).toBeDefined();
        } finally {
          await t.close();
        }
      }),
      { numRuns: Math.max(3, Math.round((backend.pg ? 4 : 10) * SCALE)), endOnFailure: true },
    );
  }, 600_000);
});
