import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { evidence, jar, uploadEvidence } from '../support/evidence.js';
import { proveFor, report, scanner } from '../support/scan.js';
import { officialClient, signedHeaders } from '../support/scanner-client.js';
import { type Owner, startTestApp, type TestApp } from '../support/test-app.js';

/** `npm run fuzz` runs more (SCANPIN_FUZZ_SCALE); CI a short but real pass. */
const SCALE = Number(process.env.SCANPIN_FUZZ_SCALE ?? 1);
const WURST = jar('~/.minecraft/mods/optimizer.jar', [
  'net/wurstclient/WurstClient.class',
  'fabric.mod.json',
]);

/** One report an attacker can send: any accounts, any verdict, on hardware of their own. */
interface AttackerScan {
  /** The Enterprise that runs it: a trusted one, or one whose reports an operator keeps inside it. */
  by: 'trusted' | 'untrusted';
  /** A bare report (accounts only claimed) or the scan client's evidence (accounts seen on the machine). */
  via: 'report' | 'evidence';
  /** Who the staff named when creating the PIN. */
  named: 'none' | 'victim' | 'attacker';
  /** Whether the attacker proved their own account for the scan (they cannot prove the victim's). */
  attackerProves: boolean;
  /**
   * A proof of the victim's account for this PIN on record from outside the scan's own session (the
   * victim once signed in for a PIN the attacker holds, as the /scan page's form allowed before the
   * proof was bound to the scanner's session): it must tie nothing to the victim.
   */
  victimProofOutsideSession: boolean;
  /**
   * The scan client: the official build (every call signed, as an attacker running the real scanner on
   * their own machine with the victim's Discord account planted would send) or an unverified one.
   */
  client: 'official' | 'unverified';
  accounts: Array<'victim' | 'attacker' | 'stranger'>;
  cheating: boolean;
  /** 2 is a value many machines share: proven scans of strangers on it make it a hub. */
  hardware: 0 | 1 | 2;
}

/** A proven scan of a stranger on one of those machines: new links, recounts, hub conversions. */
interface StrangerScan {
  stranger: true;
  hardware: 0 | 1 | 2;
}

const attackerScan: fc.Arbitrary<AttackerScan> = fc.record({
  by: fc.constantFrom('trusted' as const, 'untrusted' as const),
  via: fc.constantFrom('report' as const, 'evidence' as const),
  named: fc.constantFrom('none' as const, 'victim' as const, 'attacker' as const),
  attackerProves: fc.boolean(),
  victimProofOutsideSession: fc.boolean(),
  client: fc.constantFrom('official' as const, 'unverified' as const),
  accounts: fc.uniqueArray(fc.constantFrom('victim' as const, 'attacker' as const, 'stranger' as const), {
    maxLength: 3,
  }),
  cheating: fc.boolean(),
  hardware: fc.constantFrom(0 as const, 1 as const, 2 as const),
});

/** The forged upload: a PIN naming the victim, and a document listing the victim's account. */
const namedAndSeen: fc.Arbitrary<AttackerScan> = attackerScan.map((s) => ({
  ...s,
  named: 'victim' as const,
  via: 'evidence' as const,
  accounts: s.accounts.includes('victim') ? s.accounts : [...s.accounts, 'victim' as const],
}));

/** The attackers' machines in one run; the last is a value many machines share. */
const hardwareOf = (run: number, n: 0 | 1 | 2) => (n === 2 ? `SHARED-VALUE-${run}` : `ATTACKER-${run}-${n}`);

let ids = 0;
const fresh = (name: string) => ({ id: String(506968172634000000n + BigInt(++ids)), username: name });

/**
 * No report can raise what another Enterprise sees of an account without proof: whatever attackers
 * send (claimed, seen, named, named and seen on the machine, from a trusted or an untrusted
 * Enterprise, with their own account proven beside the victim's, through the official build or an
 * unverified client, with a proof of the victim on record from outside the scan's session), every
 * other reader's risk score and
 * lookup of the victim stay exactly what they were. Only the victim's own proof for the PIN ties a
 * scan to them (docs/risk-score.md, "Whose scan it is"): naming them on a PIN and uploading a
 * document that lists their account is anyone's to do. The attackers use hardware of their own: the victim's hardware
 * IDs are never shown by the server, and a scan run on the victim's machine is the victim's.
 */
describe.each(backends())('no report raises another Enterprise’s view without proof on $name', (backend) => {
  let t: TestApp;
  let trusted: Owner;
  let untrusted: Owner;
  let observer: Owner;
  let licensed: string;

  beforeAll(async () => {
    t = await startTestApp(backend, {
      MAX_ACTIVE_PINS: '1000',
      SCANNER_START_PER_MINUTE: '100000',
      // Many evidence uploads from one address within a minute.
      EVIDENCE_UPLOADS_PER_MINUTE: '100000',
      // Low, so a few strangers make a shared value a hub within one run.
      HWID_HUB_THRESHOLD: '3',
    });
    trusted = await t.createOwner('Trusted attacker');
    untrusted = await t.createOwner('Untrusted attacker');
    await t.admin('PATCH', `/admin/v1/enterprises/${untrusted.enterpriseId}`, { reportsShared: false });
    observer = await t.createOwner('Observer');
    const licensee = await t.createAccount('Licensee', { licenceExpiresAt: '2099-01-01T00:00:00.000Z' });
    licensed = await t.issueKey(licensee, ['user:risk-score', 'scanned-users:lookup']);
  });
  afterAll(async () => t.close());

  async function views(discordId: string) {
    const out: unknown[] = [];
    for (const key of [observer.key, licensed]) {
      for (const url of [`/v1/users/${discordId}/risk-score`, `/v1/scanned-users/lookup/${discordId}`]) {
        const res = await t.api('GET', url, { key });
        expect(res.statusCode).toBe(200);
        out.push(res.json());
      }
    }
    return out;
  }

  async function strangerScan(s: StrangerScan, run: number) {
    await scanner(t).scan(
      trusted.key,
      report({ discord: [fresh('stranger')] }),
      [hardwareOf(run, s.hardware)],
      'Java',
    );
  }

  async function attack(
    s: AttackerScan,
    who: Record<'victim' | 'attacker' | 'stranger', { id: string; username: string }>,
    run: number,
  ) {
    const owner = s.by === 'trusted' ? trusted : untrusted;
    const named = s.named === 'none' ? undefined : who[s.named];
    const created = await t.api('POST', '/v1/pins/create', {
      key: owner.key,
      body: { type: 'Java', ...(named ? { playerDiscordId: named.id } : {}) },
    });
    expect(created.statusCode, created.body).toBe(201);
    const pin = created.json<{ pin: string }>().pin;
    if (s.victimProofOutsideSession) {
      const found = await t.deps.repos.pins.findByCode(pin);
      await t.deps.store.db
        .insertInto('pin_players')
        .values({
          pin_id: found?.id ?? 0,
          proven_discord_id: who.victim.id,
          proven_username: who.victim.username,
          proven_at: t.deps.clock(),
          proven_session_hash: null,
        })
        .onConflict((oc) =>
          oc.column('pin_id').doUpdateSet({
            proven_discord_id: who.victim.id,
            proven_username: who.victim.username,
            proven_session_hash: null,
          }),
        )
        .execute();
    }
    const client = s.client === 'official' ? await officialClient(t) : null;
    const startBody = JSON.stringify({ pin, hwids: [hardwareOf(run, s.hardware)] });
    const start = await t.api('POST', '/v1/scanner/start', {
      body: startBody,
      headers:
        client === null ? {} : signedHeaders(t, client, { path: '/v1/scanner/start', body: startBody }),
    });
    expect(start.statusCode, start.body).toBe(201);
    if (s.attackerProves) await proveFor(t, pin, who.attacker);
    const { sessionToken, nonce } = start.json<{ sessionToken: string; nonce: string }>();
    const accounts = s.accounts.map((a) => who[a]);
    if (s.via === 'report') {
      const res = await scanner(t, { client }).finish(
        sessionToken,
        report({ discord: accounts, detections: s.cheating ? ['Wurst'] : [] }),
      );
      expect(res.statusCode, res.body).toBe(200);
    } else {
      const doc = evidence(nonce, {
        files: { items: s.cheating ? [WURST] : [] },
        discord: { accounts: accounts.map((a) => ({ ...a, client: 'discord' })) },
      });
      const res = await uploadEvidence(t, sessionToken, doc, { client });
      expect(res.statusCode, res.body).toBe(200);
    }
  }

  it('leaves every other reader’s risk score and lookup of the victim as they were', async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            attackerScan,
            namedAndSeen,
            // Mostly on the shared value, so it often becomes a hub within a run.
            fc.record({
              stranger: fc.constant(true as const),
              hardware: fc.constantFrom(2 as const, 2 as const, 2 as const, 0 as const, 1 as const),
            }),
          ),
          { minLength: 1, maxLength: 10 },
        ),
        fc.boolean(),
        async (scans, victimKnown) => {
          // (A scan is an attacker's report or a stranger's proven scan.)
          const run = ++runs;
          const who = { victim: fresh('victim'), attacker: fresh('attacker'), stranger: fresh('stranger') };
          // A victim other communities already know (a proven clean scan on their own machine), or one they never saw.
          if (victimKnown)
            await scanner(t).scan(observer.key, report({ discord: [who.victim] }), [`VICTIM-${run}`], 'Java');
          const before = await views(who.victim.id);
          for (const s of scans) {
            if ('stranger' in s) await strangerScan(s, run);
            else await attack(s, who, run);
          }
          expect(await views(who.victim.id)).toEqual(before);
        },
      ),
      { numRuns: Math.max(3, Math.round((backend.pg ? 10 : 40) * SCALE)), endOnFailure: true },
    );
  });
});
