import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAME_TYPES } from '../../src/domain/game-types.js';
import { type PackRule, RULE_PACK_FORMAT, RULE_PACK_MAX_RULES } from '../../src/domain/rule-pack.js';
import { RULE_PACK_MAX_BYTES } from '../../src/domain/rule-pack-source.js';
import { RULE_KINDS, RULE_MATCHES, RULE_SEVERITIES } from '../../src/domain/rules.js';
import { publicKeyOf, signPack } from '../../src/lib/rule-pack-signature.js';
import rockstarSigned from '../../src/rule-packs/signed/rockstar.json' with { type: 'json' };
import rockstar1 from '../../src/storage/migrations/rule-packs/rockstar-1.json' with { type: 'json' };
import { backends } from '../support/backends.js';
import { cli } from '../support/cli.js';
import { evidence, jar, startScan, uploadEvidence } from '../support/evidence.js';
import { ADMIN_TOKEN, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * What a pack update keeps of the operator's own changes, which rules a pack may take over, whose
 * name a pack shows, and the limits of a pack document (docs/rules.md, "Importing a pack").
 */

const stores = backends().filter((b) => b.redisUrl === undefined);

interface RuleView {
  id: number;
  name: string;
  kind: string;
  pattern: string;
  severity: string;
  games: string[];
  enabled: boolean;
  pack: { name: string; publisher: { name: string | null; keyId: string } } | null;
}

interface Ref {
  id: number | null;
  pattern: string;
  severity: string;
  games: string[];
}

interface ImportAnswer {
  outcome: string;
  pack: { publisher: { name: string | null; keyId: string } };
  changes: {
    added: Ref[];
    adopted: Array<{ before: Ref; after: Ref; fields: string[] }>;
    changed: Array<{ before: Ref; after: Ref; fields: string[] }>;
    removed: Ref[];
    unchanged: number;
  };
  retroHunt: { matched: number; examined: number } | null;
}

const SOURCE = 'https://example.org/community/clients';
const rule = (pattern: string, extra: Partial<PackRule> = {}): PackRule => ({
  name: `Client ${pattern}`,
  kind: 'jar-entry',
  pattern,
  match: 'prefix',
  severity: 'detection',
  games: [],
  source: SOURCE,
  ...extra,
});

describe.each(stores)('rule pack updates on $name', (backend) => {
  let t: TestApp;
  const key = generateKeyPairSync('ed25519').privateKey;
  const TRUSTED_AS = 'Example community (trusted here)';

  const rulesOf = async () => (await t.admin<{ data: RuleView[] }>('GET', '/admin/v1/rules')).data;
  const pack = (name: string, version: number, rules: PackRule[], publisher = 'Example community') =>
    signPack({ format: RULE_PACK_FORMAT, publisher: { name: publisher }, name, version, rules }, key);
  const importPack = async (body: unknown, query = '') => {
    const res = await t.adminRaw('POST', `/admin/v1/rule-packs${query}`, body);
    return { status: res.statusCode, body: res.json() as ImportAnswer & { code?: string; detail?: string } };
  };

  beforeAll(async () => {
    t = await startTestApp(backend);
    const trusted = await t.adminRaw('POST', '/admin/v1/rule-publishers', {
      name: TRUSTED_AS,
      publicKey: publicKeyOf(key).publicKey,
    });
    expect(trusted.statusCode, trusted.body).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('holds a version up to 2^31 − 1 and refuses a larger one with a 400', async () => {
    const highest = await importPack(pack('versions', 2_147_483_647, [rule('org/versions/')]));
    expect(highest.status, JSON.stringify(highest.body)).toBe(201);
    for (const query of ['', '?dryRun=true']) {
      const above = await importPack(pack('versions-above', 2 ** 31 + 5, [rule('org/above/')]), query);
      expect(above.status).toBe(400);
      expect(above.body.detail).toContain('2147483647');
    }
  });

  it('keeps the operator’s re-grade through versions that leave the rule alone; the publisher’s change applies', async () => {
    const kept = rule('org/regraded/', { games: ['Java'] });
    expect((await importPack(pack('regrades', 1, [kept]))).status).toBe(201);
    const stored = (await rulesOf()).find((r) => r.pattern === kept.pattern);
    await t.admin('PATCH', `/admin/v1/rules/${stored?.id}`, { severity: 'warning', games: ['FiveM'] });

    // Version 2 adds a rule and leaves this one as version 1 had it.
    const v2 = await importPack(pack('regrades', 2, [kept, rule('org/other/')]));
    expect(v2.body.changes).toMatchObject({ changed: [], unchanged: 1 });
    expect((await rulesOf()).find((r) => r.id === stored?.id)).toMatchObject({
      severity: 'warning',
      games: ['FiveM'],
      pack: { name: 'regrades' },
    });

    // Version 3 re-grades it: the publisher's severity applies, the operator's games stay.
    const v3 = await importPack(
      pack('regrades', 3, [{ ...kept, severity: 'suspicious' }, rule('org/other/')]),
    );
    expect(v3.body.changes.changed).toEqual([
      {
        before: expect.objectContaining({ id: stored?.id, severity: 'warning' }),
        after: expect.objectContaining({ id: stored?.id, severity: 'suspicious', games: ['FiveM'] }),
        fields: ['severity'],
      },
    ]);
    expect((await rulesOf()).find((r) => r.id === stored?.id)).toMatchObject({
      severity: 'suspicious',
      games: ['FiveM'],
    });
  });

  it('never takes over the operator’s own rule, nor a built-in one, for a community pack', async () => {
    const own = await t.admin<{ id: number }>('POST', '/admin/v1/rules', {
      ...rule('org/own/'),
      name: 'Mine',
      severity: 'warning',
    });
    // A community pack holding the operator's rule and an exact copy of a built-in rule, imported
    // before the project pack that holds that built-in rule.
    const builtIn = rockstar1.rules[0] as PackRule;
    const community = await importPack(pack('community-copies', 1, [rule('org/own/'), builtIn]));
    expect(community.status, JSON.stringify(community.body)).toBe(201);
    expect(community.body.changes.adopted).toEqual([]);
    expect(community.body.changes.added.map((r) => r.pattern).sort()).toEqual(
      ['org/own/', builtIn.pattern].sort(),
    );
    const rules = await rulesOf();
    expect(rules.find((r) => r.id === own.id)).toMatchObject({
      name: 'Mine',
      severity: 'warning',
      pack: null,
    });

    // The project pack then takes over every built-in rule it holds and adds none: one built-in
    // rule each, whichever pack came first.
    const project = await importPack(rockstarSigned);
    expect(project.status, JSON.stringify(project.body)).toBe(201);
    expect(project.body.changes.added).toEqual([]);
    expect(project.body.changes.adopted).toHaveLength(rockstarSigned.rules.length);
    const after = await rulesOf();
    expect(after).toHaveLength(rules.length);
    const copies = after.filter((r) => r.kind === builtIn.kind && r.pattern === builtIn.pattern);
    expect(copies.map((r) => r.pack?.name).sort()).toEqual(['community-copies', 'rockstar']);
  });

  it('shows the name the operator gave the key, whatever name the pack gives itself', async () => {
    const spoof = await importPack(pack('spoof', 1, [rule('org/spoof/')], 'scanpin'));
    expect(spoof.status).toBe(201);
    const shown = { name: TRUSTED_AS, keyId: publicKeyOf(key).keyId };
    expect(spoof.body.pack.publisher).toEqual(shown);
    const packs = await t.admin<{ data: Array<{ name: string; publisher: unknown }> }>(
      'GET',
      '/admin/v1/rule-packs',
    );
    expect(packs.data.find((p) => p.name === 'spoof')?.publisher).toEqual(shown);
    expect((await rulesOf()).find((r) => r.pattern === 'org/spoof/')?.pack?.publisher).toEqual(shown);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const listed = await cli(['rules', 'list', '--url', url, '--token', ADMIN_TOKEN]);
    expect(listed.out).toContain(`[${TRUSTED_AS} / spoof v1]`);
    expect(listed.out).not.toContain('[scanpin / spoof');
  });

  it('unlinks a pack rule whose pattern, kind or match the operator changes; other changes keep it', async () => {
    expect((await importPack(pack('edits', 1, [rule('org/edit-a/'), rule('org/edit-b/')]))).status).toBe(201);
    const before = await rulesOf();
    const ruleA = before.find((r) => r.pattern === 'org/edit-a/');
    const ruleB = before.find((r) => r.pattern === 'org/edit-b/');
    const moved = await t.admin<RuleView>('PATCH', `/admin/v1/rules/${ruleA?.id}`, {
      pattern: 'org/edit-mine/',
    });
    expect(moved.pack).toBeNull();
    const regraded = await t.admin<RuleView>('PATCH', `/admin/v1/rules/${ruleB?.id}`, {
      severity: 'warning',
    });
    expect(regraded.pack).toMatchObject({ name: 'edits' });
    // The pack's next version still has its rule: it adds it again, the operator's stays theirs.
    const v2 = await importPack(pack('edits', 2, [rule('org/edit-a/'), rule('org/edit-b/')]));
    expect(v2.body.changes.added.map((r) => r.pattern)).toEqual(['org/edit-a/']);
    expect((await rulesOf()).find((r) => r.id === ruleA?.id)).toMatchObject({
      pattern: 'org/edit-mine/',
      pack: null,
    });
  });

  it('refuses control characters in a pack rule’s name or source, naming the field', async () => {
    for (const field of ['name', 'source'] as const) {
      const res = await importPack(pack('controls', 1, [rule('org/controls/', { [field]: 'x\u001b[2Jy' })]));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'invalid_rule_pack' });
      expect(res.body.detail).toContain(`rules[0].${field} holds the control character U+001B`);
    }
  });

  it('a dry run hunts with the rules it would really write, as the store holds them now', async () => {
    const owner = await t.createOwner();
    const scan = await startScan(t, owner.key);
    const doc = evidence(scan.nonce, {
      files: { items: [jar('~/.minecraft/mods/helper.jar', ['org/hunted/Main.class'])] },
    });
    const hunted = rule('org/hunted/');
    // Judged before the pack: no finding.
    expect((await uploadEvidence(t, scan.token, doc)).json()).toMatchObject({ result: 'legit' });
    expect((await importPack(pack('hunts', 1, [hunted]))).status).toBe(201);
    const v2 = pack('hunts', 2, [{ ...hunted, severity: 'suspicious' }]);
    expect((await importPack(v2, '?dryRun=true')).body.retroHunt).toMatchObject({ matched: 1 });
    // The operator limits the rule to FiveM (kept by the update): the same pack now tests a rule the
    // Java scan cannot match.
    const stored = (await rulesOf()).find((r) => r.pattern === hunted.pattern);
    await t.admin('PATCH', `/admin/v1/rules/${stored?.id}`, { games: ['FiveM'] });
    const again = await importPack(v2, '?dryRun=true');
    expect(again.body.changes.changed[0]?.after.games).toEqual(['FiveM']);
    expect(again.body.retroHunt).toMatchObject({ matched: 0 });
  });

  it.runIf(backend === stores[0])('takes the largest pack the format allows in one body', async () => {
    const longest = (xs: readonly string[]) => [...xs].sort((x, y) => y.length - x.length)[0] ?? '';
    const big = {
      name: '€'.repeat(100),
      kind: longest(RULE_KINDS),
      pattern: '€'.repeat(500),
      match: longest(RULE_MATCHES),
      severity: longest(RULE_SEVERITIES),
      games: [...GAME_TYPES],
      source: '€'.repeat(500),
    };
    const body = {
      format: RULE_PACK_FORMAT,
      publisher: { name: '€'.repeat(100), keyId: publicKeyOf(key).keyId },
      name: 'a'.repeat(64),
      version: 2_147_483_647,
      rules: Array.from({ length: RULE_PACK_MAX_RULES }, () => big),
      signature: 'A'.repeat(86),
    };
    // As `rules pack export` writes it, and indented by four spaces.
    for (const text of [`${JSON.stringify(body, null, 2)}\n`, JSON.stringify(body, null, 4)]) {
      expect(Buffer.byteLength(text)).toBeGreaterThan(16 * 1024 * 1024);
      expect(Buffer.byteLength(text)).toBeLessThanOrEqual(RULE_PACK_MAX_BYTES);
      const res = await t.app.inject({
        method: 'POST',
        url: '/admin/v1/rule-packs',
        headers: { 'x-admin-token': ADMIN_TOKEN, 'content-type': 'application/json' },
        payload: text,
      });
      // Read and judged: its rules all match the same thing.
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_rule_pack' });
    }
  });
});

describe('scanpin rules pack verify on a file the server would refuse', () => {
  const dir = mkdtempSync(join(tmpdir(), 'scanpin-verify-'));
  const key = generateKeyPairSync('ed25519').privateKey;
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const verify = (name: string, content: string) => {
    writeFileSync(join(dir, name), content);
    return cli(['rules', 'pack', 'verify', join(dir, name), '--public-key', publicKeyOf(key).publicKey]);
  };

  it('says what is wrong, never a TypeError, never "valid"', async () => {
    const shapes: Array<[string, string, string]> = [
      ['not-json.json', '{"format":', 'the document is not JSON'],
      [
        'no-publisher.json',
        '{"format":"scanpin-rule-pack/1","name":"x","version":1,"rules":[],"signature":""}',
        'is not a rule pack',
      ],
      [
        'rules-null.json',
        JSON.stringify({
          ...signPack(
            { format: RULE_PACK_FORMAT, publisher: { name: 'x' }, name: 'x', version: 1, rules: [] },
            key,
          ),
          rules: null,
        }),
        '/rules',
      ],
      // Signed, and refused by the server's schema: a name longer than 100 characters.
      [
        'long-name.json',
        JSON.stringify(
          signPack(
            {
              format: RULE_PACK_FORMAT,
              publisher: { name: 'x' },
              name: 'x',
              version: 1,
              rules: [rule('org/x/', { name: 'n'.repeat(101) })],
            },
            key,
          ),
        ),
        '/rules/0/name',
      ],
      [
        'big-version.json',
        JSON.stringify(
          signPack(
            { format: RULE_PACK_FORMAT, publisher: { name: 'x' }, name: 'x', version: 2 ** 31, rules: [] },
            key,
          ),
        ),
        '/version',
      ],
    ];
    for (const [name, content, says] of shapes) {
      const result = await verify(name, content);
      expect(result.code, name).toBe(1);
      expect(result.err, name).toContain(says);
      expect(result.err, name).not.toMatch(/TypeError|Cannot read properties/);
      expect(result.out).not.toContain('valid');
    }
    const fine = await verify(
      'fine.json',
      JSON.stringify(
        signPack(
          {
            format: RULE_PACK_FORMAT,
            publisher: { name: 'x' },
            name: 'x',
            version: 1,
            rules: [rule('org/x/')],
          },
          key,
        ),
      ),
    );
    expect(fine.code, fine.err).toBe(0);
    expect(fine.out).toContain('valid: x / x v1, 1 rule,');
  });
});
