import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ruleQuality } from '../../src/storage/migrations/0037-rule-quality.js';
import { backends } from '../support/backends.js';
import { cli } from '../support/cli.js';
import { evidence, jar, startScan, uploadEvidence } from '../support/evidence.js';
import { expectProblem } from '../support/http.js';
import { type Person, signIn } from '../support/person.js';
import { ADMIN_TOKEN, type Owner, startTestApp, type TestApp } from '../support/test-app.js';

// Rule quality reads and writes the store only, never the shared counters: SQLite and PostgreSQL.
const stores = backends().filter((b) => b.redisUrl === undefined);

interface Finding {
  ruleId: number;
  rule: string;
  text: string;
}
interface Mark {
  ruleId: number;
  markedBy: { accountId: number; name: string | null };
  markedAt: string;
  note: string | null;
}
interface EvidenceAnswer {
  evidence: { findings: Finding[]; falsePositives: Mark[] } | null;
}
interface Quality {
  hits: number;
  falsePositives: number;
  falsePositiveShare: number;
  flagged: boolean;
}
interface ListedRule {
  id: number;
  name: string;
  quality: Quality & { days: number };
}
interface QualityAnswer {
  ruleId: number;
  days: number;
  bucket: string;
  window: Quality;
  allTime: Quality;
  series: Array<{ start: string; hits: number; falsePositives: number }>;
  marks: Array<{ pin: string; note: string | null; markedBy: { name: string | null } }>;
}
interface AuditEntry {
  action: string;
  outcome: string;
  code: string | null;
  actor: { kind: string; accountId: number | null };
  resource: { type: string; id: number | null };
  enterpriseId: number | null;
  detail: Record<string, unknown>;
}

/**
 * Rule quality (docs/rules.md, "Rule quality"): staff of a PIN's Enterprise mark a finding as a false
 * positive in the dashboard; the verdict stays; the operator sees each rule's hits and false
 * positives, and a rule with too many is flagged.
 */
describe.each(stores)('rule quality on $name', (backend) => {
  let t: TestApp;
  let owner: Owner;
  let ownerP: Person;
  let memberP: Person;
  let strangerP: Person;
  let url: string;

  beforeAll(async () => {
    t = await startTestApp(backend, { MAX_ACTIVE_PINS: '10' });
    owner = await t.createOwner('Quality Owner');
    const member = await t.createAccount('Staff Member');
    await t.admin('POST', `/admin/v1/enterprises/${owner.enterpriseId}/members`, { accountId: member });
    ownerP = await signIn(t, owner.accountId);
    // A moderator: a viewer reads findings but does not mark them (docs/roles.md).
    const role = await ownerP.call('PUT', `/enterprises/${owner.enterpriseId}/members/${member}/role`, {
      role: 'moderator',
    });
    expect(role.statusCode, role.body).toBe(200);
    memberP = await signIn(t, member);
    strangerP = await signIn(t, await t.createAccount('Stranger'));
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => t.close());

  /** A Java scan whose evidence holds a jar with the given class: one finding per matching rule. */
  async function scanWith(key: string, entry: string): Promise<string> {
    const { pin, token, nonce } = await startScan(t, key);
    const doc = evidence(nonce, { files: { items: [jar('~/.minecraft/mods/optimizer.jar', [entry])] } });
    const res = await uploadEvidence(t, token, doc);
    expect(res.statusCode, res.body).toBe(200);
    return pin;
  }

  const evidenceOf = async (person: Person, pin: string) => {
    const res = await person.get(`/pins/${pin}/evidence`);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<EvidenceAnswer>().evidence;
    if (answer === null) throw new Error('no evidence');
    return answer;
  };
  const mark = (person: Person, pin: string, ruleId: number | string, body: unknown = {}) =>
    person.call('PUT', `/pins/${pin}/findings/${ruleId}/false-positive`, body);
  const unmark = (person: Person, pin: string, ruleId: number) =>
    person.call('DELETE', `/pins/${pin}/findings/${ruleId}/false-positive`);
  const listed = async (ruleId: number) => {
    const { data } = await t.admin<{ data: ListedRule[] }>('GET', '/admin/v1/rules');
    const rule = data.find((r) => r.id === ruleId);
    if (rule === undefined) throw new Error(`rule ${ruleId} not listed`);
    return rule;
  };
  const verdictOf = async (pin: string) => {
    const results = await t.api('GET', `/v1/pins/${pin}/results`, { key: owner.key });
    const status = await t.api('GET', `/v1/pins/${pin}/status`, { key: owner.key });
    return { results: results.json(), status: status.json().result };
  };
  const audit = async (action: string) =>
    (await t.admin<{ data: AuditEntry[] }>('GET', `/admin/v1/audit?action=${action}`)).data;

  it('lets staff mark a finding, keeps the verdict, counts it for the operator, and takes it back', async () => {
    const pin = await scanWith(owner.key, 'net/wurstclient/WurstClient.class');
    const [finding] = (await evidenceOf(ownerP, pin)).findings;
    if (finding === undefined) throw new Error('no finding');
    expect(finding.rule).toBe('Wurst');
    const before = await verdictOf(pin);
    expect(before.status).toBe('cheating');
    expect((await listed(finding.ruleId)).quality).toEqual({
      days: 30,
      hits: 1,
      falsePositives: 0,
      falsePositiveShare: 0,
      flagged: false,
    });

    // A stranger cannot even tell the PIN exists; nothing is marked.
    expectProblem(await mark(strangerP, pin, finding.ruleId), 404, 'pin_not_found');
    expect((await evidenceOf(ownerP, pin)).falsePositives).toEqual([]);

    const marked = await mark(memberP, pin.toLowerCase(), finding.ruleId, {
      note: '  Not Wurst: a mod named so  ',
    });
    expect(marked.statusCode, marked.body).toBe(204);
    const seen = await evidenceOf(ownerP, pin);
    expect(seen.falsePositives).toEqual([
      {
        ruleId: finding.ruleId,
        markedBy: { accountId: expect.any(Number), name: 'Staff Member' },
        markedAt: expect.any(String),
        note: 'Not Wurst: a mod named so',
      },
    ]);
    // Staff's word, not the server's: the verdict, results and findings are as they were.
    expect(await verdictOf(pin)).toEqual(before);
    expect(seen.findings[0]).toEqual(finding);

    expect((await listed(finding.ruleId)).quality).toEqual({
      days: 30,
      hits: 1,
      falsePositives: 1,
      falsePositiveShare: 1,
      flagged: true,
    });
    const quality = await t.admin<QualityAnswer>('GET', `/admin/v1/rules/${finding.ruleId}/quality`);
    expect(quality).toMatchObject({
      ruleId: finding.ruleId,
      days: 30,
      bucket: 'day',
      window: { hits: 1, falsePositives: 1, flagged: true },
      allTime: { hits: 1, falsePositives: 1 },
      marks: [{ pin, note: 'Not Wurst: a mod named so', markedBy: { name: 'Staff Member' } }],
    });
    expect(quality.series).toHaveLength(30);
    expect(quality.series.at(-1)).toMatchObject({ hits: 1, falsePositives: 1 });
    expect(quality.series.slice(0, -1).every((p) => p.hits === 0)).toBe(true);
    const weekly = await t.admin<QualityAnswer>(
      'GET',
      `/admin/v1/rules/${finding.ruleId}/quality?bucket=week&days=7`,
    );
    expect(weekly.series.reduce((n, p) => n + p.hits, 0)).toBe(1);
    expect(weekly.series.length).toBeLessThanOrEqual(2);

    // The CLI shows the same, and flags the rule in the list.
    const rules = (...args: string[]) => cli(['rules', '--url', url, '--token', ADMIN_TOKEN, ...args]);
    const list = await rules('list', '--flagged');
    expect(list.code, list.err).toBe(0);
    expect(list.out).toContain(`#${finding.ruleId}  Wurst`);
    expect(list.out).toContain('{30d: 1 hit, 1 false positive (100 %)  FLAGGED}');
    const detail = await rules('quality', String(finding.ruleId), '--days', '7');
    expect(detail.code, detail.err).toBe(0);
    expect(detail.out).toContain('Last 7 days: 1 hit, 1 false positive (100 %)  FLAGGED');
    expect(detail.out).toContain(
      `${pin}  enterprise ${owner.enterpriseId}  by Staff Member  "Not Wurst: a mod named so"`,
    );

    // The owner takes it back; taking back nothing changes nothing.
    expect((await unmark(ownerP, pin, finding.ruleId)).statusCode).toBe(204);
    expect((await unmark(ownerP, pin, finding.ruleId)).statusCode).toBe(204);
    expect((await evidenceOf(memberP, pin)).falsePositives).toEqual([]);
    expect((await listed(finding.ruleId)).quality).toMatchObject({
      hits: 1,
      falsePositives: 0,
      flagged: false,
    });
    expect(await verdictOf(pin)).toEqual(before);

    // Audited for the PIN's Enterprise, naming the rule, never the note.
    const marks = await audit('finding.mark_false_positive');
    const pinId = (await t.deps.repos.pins.findByCode(pin))?.id;
    expect(marks.find((e) => e.outcome === 'succeeded')).toMatchObject({
      actor: { kind: 'session' },
      resource: { type: 'pin', id: pinId },
      enterpriseId: owner.enterpriseId,
      detail: { ruleId: finding.ruleId, noted: true, again: false },
    });
    expect(JSON.stringify(marks)).not.toContain('Not Wurst');
    expect(marks.find((e) => e.outcome === 'refused')).toMatchObject({
      code: 'pin_not_found',
      resource: { type: 'pin', id: null },
    });
    const unmarks = await audit('finding.unmark_false_positive');
    expect(unmarks.filter((e) => e.outcome === 'succeeded')).toHaveLength(1);
  });

  it('refuses bad input and findings the scan does not have with a clear 4xx, changing nothing', async () => {
    const pin = await scanWith(owner.key, 'net/wurstclient/WurstClient.class');
    const [finding] = (await evidenceOf(ownerP, pin)).findings;
    if (finding === undefined) throw new Error('no finding');
    const other = (await t.admin<{ data: ListedRule[] }>('GET', '/admin/v1/rules')).data.find(
      (r) => r.id !== finding.ruleId,
    );
    if (other === undefined) throw new Error('no other rule');

    expectProblem(await mark(ownerP, pin, other.id), 404, 'finding_not_found');
    expectProblem(await mark(ownerP, pin, 'abc'), 400, 'invalid_parameter');
    expectProblem(await mark(ownerP, 'NOT-A-PIN', finding.ruleId), 400, 'invalid_pin_code');
    expectProblem(await mark(ownerP, pin, finding.ruleId, { note: 'x'.repeat(501) }), 400, 'invalid_body');
    expectProblem(await mark(ownerP, pin, finding.ruleId, { verdict: 'legit' }), 400, 'invalid_body');
    expectProblem(await unmark(ownerP, pin, other.id), 404, 'finding_not_found');
    expect((await evidenceOf(ownerP, pin)).falsePositives).toEqual([]);
    expectProblem(
      await t.adminRaw('GET', `/admin/v1/rules/${finding.ruleId}/quality?days=0`),
      400,
      'invalid_parameter',
    );
    expectProblem(await t.adminRaw('GET', '/admin/v1/rules/999999/quality'), 404, 'rule_not_found');
  });

  it('keeps hits as judged when the rule changes later, and counts scans judged before the upgrade', async () => {
    const rule = await t.admin<{ id: number }>('POST', '/admin/v1/rules', {
      name: 'Quality Probe',
      kind: 'jar-entry',
      pattern: 'org/qualityprobe/',
      match: 'prefix',
      severity: 'suspicious',
    });
    const pin = await scanWith(owner.key, 'org/qualityprobe/Main.class');
    expect((await mark(ownerP, pin, rule.id, { note: null })).statusCode).toBe(204);
    const before = await verdictOf(pin);
    // Disabling (as a pack update may) re-judges no finished scan: its hit, mark and verdict stay.
    await t.admin('PATCH', `/admin/v1/rules/${rule.id}`, { enabled: false });
    expect((await listed(rule.id)).quality).toMatchObject({ hits: 1, falsePositives: 1 });
    expect(await verdictOf(pin)).toEqual(before);

    // A store upgraded with scans on record: the migration fills the hits from the kept findings.
    const db = t.deps.store.db;
    const hits = async () =>
      (await db.selectFrom('rule_hits').select(['pin_id', 'rule_id', 'places', 'hit_at']).execute())
        .map((r) => `${r.pin_id}:${r.rule_id}:${r.places}:${Number(r.hit_at)}`)
        .sort();
    const live = await hits();
    expect(live.length).toBeGreaterThanOrEqual(3);
    await db.schema.dropTable('rule_false_positives').execute();
    await db.schema.dropTable('rule_hits').execute();
    await ruleQuality().up(db as never);
    expect(await hits()).toEqual(live);
  });

  it('forgets the notes on an erased player’s scans, keeping the marks counted against the rule', async () => {
    const player = { id: '100000000000000937', username: 'Erasable', client: 'discord' };
    const { pin, token, nonce } = await startScan(t, owner.key);
    const doc = evidence(nonce, {
      files: { items: [jar('~/.minecraft/mods/optimizer.jar', ['net/wurstclient/WurstClient.class'])] },
      discord: { accounts: [player] },
    });
    expect((await uploadEvidence(t, token, doc)).statusCode).toBe(200);
    const [finding] = (await evidenceOf(ownerP, pin)).findings;
    if (finding === undefined) throw new Error('no finding');
    expect(
      (await mark(ownerP, pin, finding.ruleId, { note: 'Erasable uses a renamed mod' })).statusCode,
    ).toBe(204);

    const erased = await t.adminRaw('POST', `/admin/v1/scanned-users/${player.id}/erase`);
    expect(erased.statusCode, erased.body).toBe(200);
    const [kept] = (await evidenceOf(ownerP, pin)).falsePositives;
    expect(kept).toMatchObject({ ruleId: finding.ruleId, note: null });
    const quality = await t.admin<QualityAnswer>('GET', `/admin/v1/rules/${finding.ruleId}/quality`);
    expect(JSON.stringify(quality)).not.toContain('Erasable');
    expect(quality.marks.find((m) => m.pin === pin)).toMatchObject({ note: null });
  });

  it('lets only staff of the PIN’s active Enterprise mark its findings', async () => {
    const solo = await t.createOwner('Solo Owner');
    const soloP = await signIn(t, solo.accountId);
    const pin = await scanWith(solo.key, 'net/wurstclient/WurstClient.class');
    const [finding] = (await evidenceOf(soloP, pin)).findings;
    if (finding === undefined) throw new Error('no finding');
    // Another Enterprise's staff do not see the PIN at all.
    expectProblem(await mark(ownerP, pin, finding.ruleId), 404, 'pin_not_found');
    // Its creator still sees it once the Enterprise is deactivated, but no longer speaks for it.
    await t.admin('PATCH', `/admin/v1/enterprises/${solo.enterpriseId}`, { active: false });
    expect((await evidenceOf(soloP, pin)).findings).toHaveLength(1);
    expectProblem(await mark(soloP, pin, finding.ruleId), 403, 'finding_review_forbidden');
    expect((await evidenceOf(soloP, pin)).falsePositives).toEqual([]);
  });
});
