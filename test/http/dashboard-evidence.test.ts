import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { evidence, GAME_MEMORY, jar, startScan, uploadEvidence } from '../support/evidence.js';
import { expectProblem, ISO_MS } from '../support/http.js';
import { asPerson, type Person, signIn } from '../support/person.js';
import { report, scanner } from '../support/scan.js';
import { type Owner, startTestApp, type TestApp } from '../support/test-app.js';

// The evidence view reads the store only, never the shared counters: SQLite and PostgreSQL suffice.
const stores = backends().filter((b) => b.redisUrl === undefined);

const PLAYER = { id: '123456789012345678', username: 'player', client: 'discord' };

interface EvidenceAnswer {
  evidence: null | {
    receiptId: string;
    receivedAt: string;
    findings: Array<Record<string, unknown>>;
    classNameCuts: Array<{ item: number; sent: number; total: number; onlyFamiliarLeftOut: boolean }>;
    document: Record<string, unknown> & { sources: { discord: { accounts: Array<{ id: string }> } } };
  };
}

/**
 * The dashboard's evidence view of a scan (docs/dashboard.md, "The dashboard API"): the document the
 * scan client uploaded and each finding with the rule, the evidence and what it proves, for exactly
 * the people who may see the PIN's results.
 */
describe.each(stores)('dashboard evidence on $name', (backend) => {
  let t: TestApp;
  let owner: Owner;
  let ownerP: Person;
  let memberP: Person;
  let strangerP: Person;

  beforeAll(async () => {
    t = await startTestApp(backend, { MAX_ACTIVE_PINS: '10' });
    owner = await t.createOwner('Evidence Owner');
    const member = await t.createAccount('Staff');
    await t.admin('POST', `/admin/v1/enterprises/${owner.enterpriseId}/members`, { accountId: member });
    ownerP = await signIn(t, owner.accountId);
    memberP = await signIn(t, member);
    strangerP = await signIn(t, await t.createAccount('Stranger'));
  });
  afterAll(async () => t.close());

  /** A Java scan that uploads a renamed Wurst jar, a harmless mod and a Discord account. */
  async function cheatingScan(body: Record<string, unknown> = {}) {
    const pin = await t.createPin(owner.key, { type: 'Java', ...body });
    const start = await t.api('POST', '/v1/scanner/start', { body: { pin, hwids: [`HWID-${pin}`] } });
    const { sessionToken: token, nonce } = start.json<{ sessionToken: string; nonce: string }>();
    const doc = evidence(nonce, {
      files: {
        items: [
          jar('~/.minecraft/mods/harmless.jar', ['com/example/harmless/Mod.class'], 'b'.repeat(64)),
          jar('~/.minecraft/mods/optimizer.jar', ['net/wurstclient/WurstClient.class', 'fabric.mod.json']),
        ],
      },
      discord: { accounts: [PLAYER] },
    });
    const res = await uploadEvidence(t, token, doc);
    expect(res.statusCode, res.body).toBe(200);
    return { pin, doc, nonce, receipt: res.json<{ receipt: { id: string } }>().receipt.id };
  }

  const evidenceOf = async (person: Person, pin: string) => {
    const res = await person.get(`/pins/${pin}/evidence`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<EvidenceAnswer>().evidence;
  };

  it('shows the owner the uploaded document, without its nonce, and each finding with its evidence', async () => {
    const { pin, doc, nonce, receipt } = await cheatingScan();
    const res = await ownerP.get(`/pins/${pin.toLowerCase()}/evidence`);
    expect(res.statusCode, res.body).toBe(200);
    const kept = res.json<EvidenceAnswer>().evidence;
    if (kept === null) throw new Error('no evidence');
    expect(kept.receiptId).toBe(receipt);
    expect(kept.receivedAt).toMatch(ISO_MS);

    const { nonce: _nonce, ...uploaded } = doc;
    expect(kept.document).toEqual(JSON.parse(JSON.stringify(uploaded)));
    expect(kept.document).not.toHaveProperty('nonce');
    expect(res.body).not.toContain(nonce);

    expect(kept.findings).toEqual([
      {
        ruleId: expect.any(Number),
        rule: 'Wurst',
        kind: 'jar-entry',
        severity: 'detection',
        proves: 'possession',
        text: 'Wurst in ~/.minecraft/mods/optimizer.jar',
        evidence: { source: 'files', index: 1, value: 'net/wurstclient/WurstClient.class' },
      },
    ]);
    // The finding points at the item it came from.
    const files = (kept.document.sources as unknown as { files: { items: Array<{ path: string }> } }).files;
    expect(files.items[1]?.path).toBe('~/.minecraft/mods/optimizer.jar');
    // The same text as the published result field.
    const results = await t.api('GET', `/v1/pins/${pin}/results`, { key: owner.key });
    expect(results.json().data.detections).toEqual([kept.findings[0]?.text]);
  });

  it('keeps no nonce in the store either', async () => {
    const { pin, nonce } = await cheatingScan();
    const read = await ownerP.get(`/pins/${pin}`);
    expect(read.statusCode).toBe(200);
    const pinRow = await t.deps.repos.pins.findByCode(pin);
    if (pinRow === undefined) throw new Error('no PIN');
    const stored = await t.deps.repos.evidence.ofPin(pinRow.id);
    const document = (await t.deps.repos.evidence.documentOf(pinRow.id)) ?? '{}';
    expect(JSON.parse(document).nonce).toBe('');
    expect(JSON.stringify(stored) + document).not.toContain(nonce);
  });

  it('follows the visibility of the results: members see shared PINs, others get the same 404', async () => {
    const shared = await cheatingScan();
    expect((await evidenceOf(memberP, shared.pin))?.receiptId).toBe(shared.receipt);

    const hidden = await cheatingScan({ private: true });
    expect((await evidenceOf(ownerP, hidden.pin))?.receiptId).toBe(hidden.receipt);
    for (const [who, person] of [
      ['member, private PIN', memberP],
      ['stranger', strangerP],
    ] as const) {
      for (const pin of who === 'stranger' ? [shared.pin, hidden.pin] : [hidden.pin]) {
        const results = await person.get(`/pins/${pin}`);
        const kept = await person.get(`/pins/${pin}/evidence`);
        expectProblem(results, 404, 'pin_not_found');
        expectProblem(kept, 404, 'pin_not_found');
        expect(kept.json().detail, who).toBe(results.json().detail);
        expect(kept.body).not.toContain('wurst');
      }
    }
  });

  it('answers evidence null for a scan without evidence: pending, scanning, or finished through /finish', async () => {
    const pending = await t.createPin(owner.key, { type: 'Java' });
    expect(await evidenceOf(ownerP, pending)).toBeNull();

    const open = await startScan(t, owner.key);
    expect(await evidenceOf(ownerP, open.pin)).toBeNull();

    const scan = scanner(t);
    const reported = await t.createPin(owner.key, { type: 'FiveM' });
    const token = await scan.startOk(reported, ['HW-FINISH-1']);
    expect((await scan.finish(token, report({ detections: ['Eulen (FiveM)'] }))).statusCode).toBe(200);
    expect(await evidenceOf(ownerP, reported)).toBeNull();
    expect(await evidenceOf(memberP, reported)).toBeNull();
  });

  it('refuses the signed-out, malformed codes and unknown PINs as the PIN detail does', async () => {
    const { pin } = await cheatingScan();
    expectProblem(await asPerson(t, '').get(`/pins/${pin}/evidence`), 401, 'not_signed_in');
    expectProblem(await ownerP.get('/pins/NOT-A-PIN/evidence'), 400, 'invalid_pin_code');
    expectProblem(await ownerP.get('/pins/A2A2A2A2/evidence'), 404, 'pin_not_found');
  });

  it('shows an erased account on the machine as erased, still within the published schema', async () => {
    const { pin } = await cheatingScan();
    await t.admin('POST', `/admin/v1/scanned-users/${PLAYER.id}/erase`);
    const kept = await evidenceOf(ownerP, pin);
    expect(kept?.document.sources.discord.accounts).toEqual([
      { id: 'erased', username: 'erased', client: 'discord' },
    ]);
    expect(kept?.findings).toHaveLength(1);
  });

  it("says what the server concluded of a memory harvest's cut, not the scanner's count alone", async () => {
    // A big modpack's harvest cut to 50,000 names: mods first, then names under the familiar packages.
    const mods = Array.from({ length: 20_000 }, (_, i) => `com/mod${i % 50}/Piece${i}`);
    const familiar = Array.from({ length: 30_000 }, (_, i) => `net/minecraft/x/T${i}`);
    const harvest = (classNames: string[]) => ({
      ...GAME_MEMORY,
      classNames,
      classNamesTotal: 123_456,
      // The scanner says it left out no name outside the familiar packages, in both scans.
      classNamesUnsentUnfamiliar: 0,
      truncated: true,
    });
    const scanned = async (classNames: string[]) => {
      const scan = await startScan(t, owner.key);
      const doc = evidence(scan.nonce, { memory: { items: [harvest(classNames)] } });
      const res = await uploadEvidence(t, scan.token, doc, { gzip: true });
      expect(res.statusCode, res.body).toBe(200);
      const kept = await evidenceOf(ownerP, scan.pin);
      const results = (await t.api('GET', `/v1/pins/${scan.pin}/results`, { key: owner.key })).json();
      return { kept, integrity: results.data.integrity as string[] };
    };

    const agreed = await scanned([...mods, ...familiar]);
    // The count is the whole list's, not the first page the answer carries.
    expect(agreed.kept?.classNameCuts).toEqual([
      { item: 0, sent: 50_000, total: 123_456, onlyFamiliarLeftOut: true },
    ]);
    expect(agreed.integrity).toEqual([]);

    // The list sent ends with a mod's name: the familiar ones were not last, so the count is not
    // taken at its word, and the scan is lowered (docs/scan-client.md, "Class names in the game's memory").
    const disagreed = await scanned([...familiar, ...mods]);
    expect(disagreed.kept?.classNameCuts).toEqual([
      { item: 0, sent: 50_000, total: 123_456, onlyFamiliarLeftOut: false },
    ]);
    expect(disagreed.integrity).toEqual([expect.stringContaining('50,000 of 123,456 class names')]);
  });

  it('pages a large document: each long list cut to its first page, the rest read by path', async () => {
    const pin = await t.createPin(owner.key, { type: 'Java' });
    const start = await t.api('POST', '/v1/scanner/start', { body: { pin, hwids: [`HWID-${pin}`] } });
    const { sessionToken: token, nonce } = start.json<{ sessionToken: string; nonce: string }>();
    const entries = Array.from({ length: 60 }, (_, i) => `com/example/pack/Class${i}.class`);
    const items = Array.from({ length: 400 }, (_, i) => jar(`~/.minecraft/mods/mod-${i}.jar`, entries));
    expect(
      (await uploadEvidence(t, token, evidence(nonce, { files: { items } }), { gzip: true })).statusCode,
    ).toBe(200);

    const res = await ownerP.get(`/pins/${pin}/evidence`);
    expect(res.statusCode).toBe(200);
    const kept = res.json<{
      evidence: {
        cut: Record<string, number>;
        document: { sources: { files: { items: Array<{ entries: string[] }> } } };
      };
    }>().evidence;
    // At most 200 items and about 256 KiB of JSON per first page (domain/evidence-view.ts).
    const files = kept.document.sources.files.items;
    const shown = files.length;
    expect(shown).toBeGreaterThan(100);
    expect(shown).toBeLessThanOrEqual(200);
    expect(files[0]?.entries).toHaveLength(50);
    expect(kept.cut['sources.files.items']).toBe(400);
    expect(kept.cut['sources.files.items.0.entries']).toBe(60);

    const rest = await ownerP.get(
      `/pins/${pin}/evidence/list?path=sources.files.items&offset=${shown}&limit=500`,
    );
    expect(rest.statusCode, rest.body).toBe(200);
    const page = rest.json<{
      total: number;
      offset: number;
      items: Array<{ path: string }>;
      cut: Record<string, number>;
    }>();
    expect(page).toMatchObject({ total: 400, offset: shown });
    expect(page.items.map((f) => f.path)).toEqual(items.slice(shown).map((f) => f.path));
    expect(page.cut['sources.files.items.399.entries']).toBe(60);

    const nested = await ownerP.get(
      `/pins/${pin}/evidence/list?path=sources.files.items.3.entries&offset=50`,
    );
    expect(nested.json<{ items: string[] }>().items).toEqual(entries.slice(50));

    await expectProblem(
      await ownerP.get(`/pins/${pin}/evidence/list?path=sources.nothing.items`),
      404,
      'evidence_list_not_found',
    );
    await expectProblem(await ownerP.get(`/pins/${pin}/evidence/list?path=../x`), 400, 'invalid_parameter');
    await expectProblem(
      await strangerP.get(`/pins/${pin}/evidence/list?path=sources.files.items`),
      404,
      'pin_not_found',
    );
  });
});
