import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The `file-sha1` rule kind through the operator API (docs/scan-client.md, "Rules"): a pattern is a
 * whole SHA-1, 40 hexadecimal digits, stored in lower case; anything else is refused with a 400
 * problem that says why, since such a rule would never match.
 */
const CHEAT_SHA1 = '3f786850e387550fdab836ed7e6dc881de23001b';

describe.each(backends().slice(0, 1))('file-sha1 rules on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('stores a SHA-1 pattern in lower case, without surrounding spaces', async () => {
    const rule = await t.admin<{ kind: string; pattern: string }>('POST', '/admin/v1/rules', {
      name: 'Known cheat',
      kind: 'file-sha1',
      pattern: ` ${CHEAT_SHA1.toUpperCase()} `,
      severity: 'detection',
      match: 'exact',
    });
    expect(rule).toMatchObject({ kind: 'file-sha1', pattern: CHEAT_SHA1 });
  });

  it.each([
    ['Amcache’s FileId with its 0000 prefix', `0000${CHEAT_SHA1}`, 'this one has 44 characters.'],
    ['a SHA-256', 'a'.repeat(64), 'this one has 64 characters.'],
    ['not hexadecimal', 'z'.repeat(40), 'this one has 40 characters, not all hexadecimal.'],
  ])('refuses %s with a 400 problem saying what a SHA-1 is', async (_, pattern, tail) => {
    const res = await t.adminRaw('POST', '/admin/v1/rules', {
      name: 'Bad',
      kind: 'file-sha1',
      pattern,
      severity: 'detection',
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({
      status: 400,
      code: 'invalid_rule_pattern',
      detail: `The pattern cannot match a file-sha1 rule: a file-sha1 pattern is a SHA-1 of 40 hexadecimal digits (without Amcache's "0000" prefix); ${tail} Fix the pattern, or choose the kind it is (docs/scan-client.md, "Rules").`,
    });
  });

  it('refuses turning a rule into file-sha1 when its pattern is not a SHA-1, and keeps the rule as it was', async () => {
    const rule = await t.admin<{ id: number }>('POST', '/admin/v1/rules', {
      name: 'By name',
      kind: 'file-name',
      pattern: 'cheat.exe',
      severity: 'warning',
    });
    const res = await t.adminRaw('PATCH', `/admin/v1/rules/${rule.id}`, { kind: 'file-sha1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_rule_pattern' });
    const { data } = await t.admin<{ data: Array<{ id: number; kind: string }> }>('GET', '/admin/v1/rules');
    expect(data.find((r) => r.id === rule.id)?.kind).toBe('file-name');
    // With a SHA-1 pattern in the same change, it is accepted.
    const changed = await t.admin<{ kind: string; pattern: string }>('PATCH', `/admin/v1/rules/${rule.id}`, {
      kind: 'file-sha1',
      pattern: CHEAT_SHA1,
    });
    expect(changed).toMatchObject({ kind: 'file-sha1', pattern: CHEAT_SHA1 });
  });
});
