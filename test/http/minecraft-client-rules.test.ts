import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import minecraftPack from '../../src/storage/migrations/rule-packs/minecraft-2.json' with { type: 'json' };
import { backends } from '../support/backends.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * A new server holds the Minecraft client rules (docs/detection.md, "Minecraft: Java Edition
 * clients"): every rule of `rule-packs/minecraft-2.json` is listed by the operator API, enabled, with
 * its source, on each store the migrations run on.
 */
interface ListedRule {
  name: string;
  kind: string;
  pattern: string;
  match: string;
  severity: string;
  games: string[];
  enabled: boolean;
  source: string | null;
}

const stores = backends().filter((b) => b.name === 'sqlite' || b.name === 'postgres');

describe.each(stores)('the Minecraft client rules on a new $name server', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('lists every rule of the pack once, enabled, with its source', async () => {
    const { data } = await t.admin<{ data: ListedRule[] }>('GET', '/admin/v1/rules');
    for (const rule of minecraftPack.rules) {
      const listed = data.filter(
        (r) => r.kind === rule.kind && r.pattern === rule.pattern && r.match === rule.match,
      );
      expect(listed.length, `${rule.kind} ${rule.pattern}`).toBe(1);
      expect(listed[0]).toMatchObject({
        name: rule.name,
        severity: rule.severity,
        games: rule.games,
        enabled: true,
        source: rule.source,
      });
    }
  });
});
