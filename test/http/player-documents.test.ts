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
 *
 * Whose scan it is (docs/risk-score.md, "Whose scan it is"): a scan's first account is mostly proven,
 * the others are only claimed, and some scans are tied to nobody. Only accounts some scan proved (and
 * not erased since) have a shared profile; no document names any other; another Enterprise never sees
 * the others; and the Enterprise that ran the scans counts each claimed report of an account once.
 */

const SCALE = Number(process.env.SCANPIN_FUZZ_SCALE ?? 1);
const ACCOUNTS = Array.from({ length: 6 }, (_, i) => ({ id: `80000000000000000${i}`, username: `Doc${i}` }));
const HWIDS = ['DOC-A', 'DOC-B', 'DOC-C', 'DOC-D', 'DOC-JUNK'];

type Step =
  | {
      kind: 'scan';
      accounts: number[];
      hwids: string[];
      detections: string[];
      renamed: boolean;
      /** The first account proved itself; else the report only claims them all. */
      proven: boolean;
    }
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
      proven: fc.oneof(
        { weight: 3, arbitrary: fc.constant(true) },
        { weight: 1, arbitrary: fc.constant(false) },
      ),
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
async function checkDocuments(t: TestApp, shared: ReadonlySet<string>): Promise<void> {
  // Only accounts a scan proved have a shared profile, and no document names another.
  const users = await t.deps.store.db.selectFrom('scanned_users').select('discord_id').execute();
  expect(users.map((u) => u.discord_id).sort(), 'shared profiles').toEqual([...shared].sort());
  const documents = await t.deps.store.db.selectFrom('player_documents').select('facts').execute();
  for (const a of ACCOUNTS.filter((x) => !shared.has(x.id)))
    expect(
      documents.filter((d) => d.facts.includes(a.id)),
      `documents naming ${a.id}`,
    ).toEqual([]);
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
          const other = await t.createOwner('Another Enterprise');
          const sc = scanner(t);
          const bans: number[] = [];
          /** Accounts some scan proved, not erased since: the model of who has a shared profile. */
          const shared = new Set<string>();
          /** Each account's reports that only claimed it, since its last erasure (the owner's own). */
          const claimed = new Map<string, number>();
          type Read = { found: boolean; scansByReach?: { shared: number; enterpriseOnly: number } };
          /** Reads every account's answers; returns the accounts the store knows. */
          const read = async () => {
            const found: string[] = [];
            for (const a of ACCOUNTS) {
              const own = await t.api('GET', `/v1/scanned-users/lookup/${a.id}`, { key: owner.key });
              await t.api('GET', `/v1/users/${a.id}/risk-score`, { key: owner.key });
              const theirs = (
                await t.api('GET', `/v1/scanned-users/lookup/${a.id}`, { key: other.key })
              ).json<Read>();
              await t.api('GET', `/v1/users/${a.id}/risk-score`, { key: other.key });
              // Another Enterprise sees shared profiles only; the owner adds its own claimed reports.
              expect(theirs.found, `${a.id} seen by another Enterprise`).toBe(shared.has(a.id));
              if (theirs.found) expect(theirs.scansByReach?.enterpriseOnly).toBe(0);
              const mine = own.json<Read>();
              const reports = claimed.get(a.id) ?? 0;
              expect(mine.found, `${a.id} seen by the owner`).toBe(shared.has(a.id) || reports > 0);
              if (mine.found) expect(mine.scansByReach?.enterpriseOnly, `${a.id} claimed`).toBe(reports);
              if (theirs.found) found.push(a.id);
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
              await sc.scan(owner.key, report({ discord, detections: s.detections }), s.hwids, 'FiveM', {
                proven: s.proven,
              });
              for (const [i, a] of discord.entries()) {
                if (s.proven && i === 0) shared.add(a.id);
                else claimed.set(a.id, (claimed.get(a.id) ?? 0) + 1);
              }
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
              shared.delete(erased);
              claimed.delete(erased);
              const docs = await t.deps.store.db.selectFrom('player_documents').select('facts').execute();
              expect(docs.filter((d) => d.facts.includes(erased))).toEqual([]);
            }
            await checkDocuments(t, shared);
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
