import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import rockstarSigned from '../../src/rule-packs/signed/rockstar.json' with { type: 'json' };
import rockstar1 from '../../src/storage/migrations/rule-packs/rockstar-1.json' with { type: 'json' };
import { backends } from '../support/backends.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The Rockstar pack on a new server (docs/rules.md, "The project's packs"; docs/detection.md, "GTA
 * and RDR multiplayer"): migration 0033 loads every rule, enabled, for its games; importing the
 * signed project pack takes those rules over instead of adding copies, and a changed byte is refused.
 */

const stores = backends().filter((b) => b.redisUrl === undefined);

interface RuleView {
  id: number;
  name: string;
  kind: string;
  pattern: string;
  match: string;
  severity: string;
  games: string[];
  enabled: boolean;
  source: string | null;
}

describe.each(stores)('the Rockstar pack on a new server on $name', (backend) => {
  let t: TestApp;
  const rulesOf = async () => (await t.admin<{ data: RuleView[] }>('GET', '/admin/v1/rules')).data;

  beforeAll(async () => {
    t = await startTestApp(backend);
  }, 60_000);
  afterAll(async () => t?.close());

  it('holds every rule of rockstar-1.json, enabled, with its games and source', async () => {
    const rules = await rulesOf();
    for (const want of rockstar1.rules) {
      const found = rules.filter((r) => r.kind === want.kind && r.pattern === want.pattern);
      expect(found, want.name).toHaveLength(1);
      expect(found[0]).toMatchObject({ ...want, enabled: true });
    }
  });

  it('imports the signed pack as taking over the loaded rules; a changed byte is refused', async () => {
    const before = await rulesOf();
    const tampered = {
      ...rockstarSigned,
      rules: rockstarSigned.rules.map((r, i) => (i === 0 ? { ...r, severity: 'warning' } : r)),
    };
    const refused = await t.adminRaw('POST', '/admin/v1/rule-packs', tampered);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'invalid_rule_pack_signature' });

    const imported = await t.adminRaw('POST', '/admin/v1/rule-packs', rockstarSigned);
    expect(imported.statusCode, imported.body).toBe(201);
    const answer = imported.json() as {
      outcome: string;
      changes: {
        added: unknown[];
        adopted: Array<{ after: { id: number | null } }>;
        changed: unknown[];
        removed: unknown[];
      };
    };
    expect(answer).toMatchObject({ outcome: 'created', changes: { added: [], changed: [], removed: [] } });
    expect(answer.changes.adopted).toHaveLength(rockstarSigned.rules.length);
    const ids = new Set(before.map((r) => r.id));
    expect(answer.changes.adopted.every((r) => r.after.id !== null && ids.has(r.after.id))).toBe(true);
    expect(await rulesOf()).toHaveLength(before.length);
    const packs = await t.admin<{ data: Array<{ name: string; version: number; rules: number }> }>(
      'GET',
      '/admin/v1/rule-packs',
    );
    expect(packs.data.find((p) => p.name === 'rockstar')).toMatchObject({
      version: 1,
      rules: rockstar1.rules.length,
    });
  });
});
