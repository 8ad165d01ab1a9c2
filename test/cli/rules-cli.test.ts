import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteBackend } from '../support/backends.js';
import { cli } from '../support/cli.js';
import { evidence, jar, startScan, uploadEvidence } from '../support/evidence.js';
import { ADMIN_TOKEN, type Owner, startTestApp, type TestApp } from '../support/test-app.js';

const sqlite = sqliteBackend();

interface RuleView {
  id: number;
  name: string;
  kind: string;
  pattern: string;
  enabled: boolean;
  source: string | null;
}

describe('detection rules: operator API and `scanpin rules`', () => {
  let t: TestApp;
  let owner: Owner;
  let url: string;

  beforeAll(async () => {
    t = await startTestApp(sqlite);
    owner = await t.createOwner();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => t.close());

  const rules = (...args: string[]) => cli(['rules', '--url', url, '--token', ADMIN_TOKEN, ...args]);

  it('lists the starter pack, each rule with the public source of its pattern', async () => {
    const { data } = await t.admin<{ data: RuleView[] }>('GET', '/admin/v1/rules');
    expect(data.length).toBeGreaterThan(0);
    expect(data.find((r) => r.pattern === 'net/wurstclient/')).toMatchObject({
      name: 'Wurst',
      enabled: true,
    });
    for (const rule of data) expect(rule.source).toMatch(/^https:\/\//);
    const listed = await rules('list');
    expect(listed.code).toBe(0);
    expect(listed.out).toContain('Wurst  jar-entry prefix "net/wurstclient/"');
  });

  it('refuses a bad rule with 400 and an unknown id with 404 rule_not_found, changing nothing', async () => {
    const before = (await t.admin<{ data: RuleView[] }>('GET', '/admin/v1/rules')).data.length;
    const bad = await t.adminRaw('POST', '/admin/v1/rules', {
      name: 'x',
      kind: 'regex',
      pattern: 'a',
      severity: 'detection',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'invalid_body' });
    const empty = await t.adminRaw('POST', '/admin/v1/rules', {
      name: 'x',
      kind: 'file-name',
      pattern: '',
      severity: 'detection',
    });
    expect(empty.statusCode).toBe(400);
    const missing = await t.adminRaw('PATCH', '/admin/v1/rules/999999', { enabled: false });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'rule_not_found' });
    expect((await t.adminRaw('POST', '/admin/v1/rules/999999/test')).json()).toMatchObject({
      code: 'rule_not_found',
    });
    expect((await t.admin<{ data: RuleView[] }>('GET', '/admin/v1/rules')).data.length).toBe(before);
  });

  it('adds, disables and tests a rule over past scans without changing any verdict', async () => {
    const past = await startScan(t, owner.key);
    const doc = evidence(past.nonce, {
      files: { items: [jar('~/.minecraft/mods/tool.jar', ['org/example/autoclick/Clicker.class'])] },
    });
    expect((await uploadEvidence(t, past.token, doc)).json()).toMatchObject({ result: 'legit' });

    const added = await rules(
      'add',
      '--name',
      'Example clicker',
      '--kind',
      'jar-entry',
      '--pattern',
      'org/example/autoclick/',
      '--match',
      'prefix',
      '--severity',
      'suspicious',
      '--games',
      'Java',
      '--disabled',
    );
    expect(added.code, added.err).toBe(0);
    const id = Number(/^#(\d+)/.exec(added.out)?.[1]);
    expect(added.out).toContain('(disabled)');

    // The test runs in the background; the command follows it, then lists what it matched.
    const tested = await rules('test', String(id));
    expect(tested.code, tested.err).toBe(0);
    expect(tested.err).toMatch(
      new RegExp(`Rule test \\d+ \\(rule #${id}\\) finished: 1 of 1 stored scans examined, 1 matched`),
    );
    expect(tested.out).toContain('1 of 1 stored scans would match.');
    expect(tested.out).toContain(`${past.pin}  Java  Example clicker in ~/.minecraft/mods/tool.jar`);

    const started = await rules('test', String(id), '--no-wait');
    expect(started.code, started.err).toBe(0);
    const testId = Number(
      /^Rule test (\d+) started; follow it with: scanpin rules test-status \1$/.exec(started.out)?.[1],
    );
    expect(testId).toBeGreaterThan(0);
    let status = await rules('test-status', String(testId));
    for (let i = 0; i < 100 && status.out.includes(' running: '); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      status = await rules('test-status', String(testId));
    }
    expect(status.code, status.err).toBe(0);
    expect(status.out).toContain(
      `Rule test ${testId} (rule #${id}) finished: 1 of 1 stored scans examined, 1 matched`,
    );
    expect(status.out).toContain(`${past.pin}  Java  Example clicker in ~/.minecraft/mods/tool.jar`);
    const json = await rules('test-status', String(testId), '--json');
    expect(JSON.parse(json.out)).toMatchObject({
      id: testId,
      ruleId: id,
      status: 'finished',
      matched: 1,
      data: [
        { pin: past.pin, gameType: 'Java', findings: ['Example clicker in ~/.minecraft/mods/tool.jar'] },
      ],
      next: null,
    });
    const unknown = await rules('test-status', '999999');
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('404 rule_test_not_found');
    // A dry run: the past verdict stands.
    const results = await t.api('GET', `/v1/pins/${past.pin}/results`, { key: owner.key });
    expect(results.json().data.cheating).toBe('legit');

    expect((await rules('enable', String(id))).code).toBe(0);
    const next = await startScan(t, owner.key);
    expect((await uploadEvidence(t, next.token, evidence(next.nonce, doc.sources))).json()).toMatchObject({
      result: 'suspicious',
    });
    const disabled = await rules('disable', String(id));
    expect(disabled.out).toContain('(disabled)');

    const audit = await t.admin<{ data: Array<{ action: string; detail: Record<string, unknown> }> }>(
      'GET',
      `/admin/v1/audit?resourceType=rule&resourceId=${id}`,
    );
    expect(audit.data.map((e) => e.action)).toEqual(['rule.update', 'rule.update', 'rule.create']);
    // The pattern is the server's secret: not even the audit trail holds it.
    expect(JSON.stringify(audit.data)).not.toContain('autoclick');
  });
});
