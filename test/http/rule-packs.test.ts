import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RULE_PACK_FORMAT, type RulePack } from '../../src/domain/rule-pack.js';
import { publicKeyOf, signPack } from '../../src/lib/rule-pack-signature.js';
import projectPublisher from '../../src/rule-packs/signed/project-publisher.json' with { type: 'json' };
import starterSigned from '../../src/rule-packs/signed/starter.json' with { type: 'json' };
import { backends } from '../support/backends.js';
import { cli } from '../support/cli.js';
import { evidence, jar, startScan, uploadEvidence } from '../support/evidence.js';
import { ADMIN_TOKEN, type Owner, startTestApp, type TestApp } from '../support/test-app.js';

// Packs touch the store only, never the shared counters.
const stores = backends().filter((b) => b.redisUrl === undefined);

interface RuleView {
  id: number;
  name: string;
  pattern: string;
  severity: string;
  enabled: boolean;
}

interface ImportAnswer {
  outcome: string;
  pack: { name: string; version: number; previousVersion: number | null };
  changes: {
    added: Array<{ id: number | null; name: string; pattern: string }>;
    adopted: Array<{ after: { id: number | null } }>;
    changed: Array<{ before: { id: number; severity: string }; after: { id: number; severity: string } }>;
    removed: Array<{ id: number; pattern: string }>;
    unchanged: number;
  };
  retroHunt: {
    total: number;
    examined: number;
    matched: number;
    partial: boolean;
    data: Array<{ pin: string; findings: string[] }>;
  } | null;
}

const SOURCE = 'https://example.org/community/clients';
const CLIENT = {
  name: 'Example client',
  kind: 'jar-entry',
  pattern: 'org/example/client/',
  match: 'prefix',
} as const;
const CLICKER = {
  name: 'Example clicker',
  kind: 'file-name',
  pattern: 'clicker.exe',
  match: 'exact',
} as const;

async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

describe.each(stores)('signed rule packs between two servers on $name', (backend) => {
  // The publisher's server (a community curating rules) and an operator's server that imports them.
  let publisher: TestApp;
  let operator: TestApp;
  let owner: Owner;
  let publisherUrl: string;
  let operatorUrl: string;
  let dir: string;
  let key: KeyObject;
  let ruleIds: number[];
  let pastPin: string;

  const rulesOf = async (t: TestApp) => (await t.admin<{ data: RuleView[] }>('GET', '/admin/v1/rules')).data;
  const run = (url: string, ...args: string[]) =>
    cli(['rules', '--url', url, '--token', ADMIN_TOKEN, ...args]);
  const importPack = (pack: unknown, query = '') =>
    operator.adminRaw('POST', `/admin/v1/rule-packs${query}`, pack);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'scanpin-packs-'));
    key = generateKeyPairSync('ed25519').privateKey;
    writeFileSync(join(dir, 'publisher.pem'), key.export({ format: 'pem', type: 'pkcs8' }));
    writeFileSync(join(dir, 'publisher.pub'), publicKeyOf(key).pem);
    [publisher, operator] = await Promise.all([startTestApp(backend), startTestApp(backend)]);
    [publisherUrl, operatorUrl] = await Promise.all([listen(publisher), listen(operator)]);
    ruleIds = [];
    for (const rule of [CLIENT, CLICKER])
      ruleIds.push(
        (
          await publisher.admin<{ id: number }>('POST', '/admin/v1/rules', {
            ...rule,
            severity: 'detection',
            games: ['Java'],
            source: SOURCE,
          })
        ).id,
      );
    // A scan the operator judged before any pack: its jar is the community's client.
    owner = await operator.createOwner();
    const scan = await startScan(operator, owner.key);
    const doc = evidence(scan.nonce, {
      files: { items: [jar('~/.minecraft/mods/optimizer.jar', ['org/example/client/Main.class'])] },
    });
    expect((await uploadEvidence(operator, scan.token, doc)).json()).toMatchObject({ result: 'legit' });
    pastPin = scan.pin;
  });
  afterAll(async () => {
    await Promise.all([publisher?.close(), operator?.close()]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('ships the project’s packs trusted and linked to the built-in rules', async () => {
    const publishers = await operator.admin<{ data: Array<{ keyId: string; name: string }> }>(
      'GET',
      '/admin/v1/rule-publishers',
    );
    expect(publishers.data).toEqual([
      expect.objectContaining({ name: 'scanpin', keyId: projectPublisher.keyId }),
    ]);
    const packs = await operator.admin<{ data: Array<{ name: string; version: number; rules: number }> }>(
      'GET',
      '/admin/v1/rule-packs',
    );
    expect(packs.data.map((p) => [p.name, p.version, p.rules])).toEqual([
      ['starter', 1, 14],
      ['windows', 2, 42],
    ]);
    // The shipped starter pack is newer than what the migrations recorded (starter-1 and, loaded by a
    // later migration, minecraft-2): importing it takes the rules already loaded into the pack, no copies.
    const before = await rulesOf(operator);
    const updated = await importPack(starterSigned);
    expect(updated.statusCode, updated.body).toBe(200);
    const answer = updated.json() as ImportAnswer;
    expect(answer).toMatchObject({ outcome: 'updated', pack: { version: 2, previousVersion: 1 } });
    expect(answer.changes).toMatchObject({ added: [], changed: [], removed: [], unchanged: 14 });
    expect(answer.changes.adopted.length).toBe(starterSigned.rules.length - 14);
    const ids = new Set(before.map((r) => r.id));
    expect(answer.changes.adopted.every((r) => r.after.id !== null && ids.has(r.after.id))).toBe(true);
    expect(await rulesOf(operator)).toHaveLength(before.length);
    const again = await importPack(starterSigned);
    expect(again.json()).toMatchObject({
      outcome: 'unchanged',
      changes: { added: [], unchanged: starterSigned.rules.length },
    });
  });

  it('exports a signed pack on one server; the other refuses it untrusted, tampered or from another key', async () => {
    const file = join(dir, 'community-v1.json');
    const exported = await run(
      publisherUrl,
      'pack',
      'export',
      '--key',
      join(dir, 'publisher.pem'),
      '--publisher',
      'Example community',
      '--name',
      'community-clients',
      '--pack-version',
      '1',
      '--rules',
      ruleIds.join(','),
      '--out',
      file,
    );
    expect(exported.code, exported.err).toBe(0);
    const verified = await run(
      publisherUrl,
      'pack',
      'verify',
      file,
      '--public-key',
      join(dir, 'publisher.pub'),
    );
    expect(verified.code, verified.err).toBe(0);
    expect(verified.out).toContain('valid: Example community / community-clients v1, 2 rules');

    const before = (await rulesOf(operator)).length;
    const untrusted = await run(operatorUrl, 'pack', 'import', file);
    expect(untrusted.code).toBe(1);
    expect(untrusted.err).toContain('403 untrusted_rule_publisher');

    const trusted = await operator.adminRaw('POST', '/admin/v1/rule-publishers', {
      name: 'Example community',
      publicKey: readFileSync(join(dir, 'publisher.pub'), 'utf8'),
    });
    expect(trusted.statusCode, trusted.body).toBe(201);
    expect(trusted.json()).toMatchObject({ keyId: publicKeyOf(key).keyId });
    const twice = await operator.adminRaw('POST', '/admin/v1/rule-publishers', {
      name: 'again',
      publicKey: publicKeyOf(key).publicKey,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'rule_publisher_exists' });
    const badKey = await operator.adminRaw('POST', '/admin/v1/rule-publishers', {
      name: 'x',
      publicKey: 'abc',
    });
    expect(badKey.json()).toMatchObject({ status: 400, code: 'invalid_public_key' });

    // One byte changed in the file (a rule's pattern): the signature no longer verifies.
    const text = readFileSync(file, 'utf8');
    const tampered = text.replace('org/example/client/', 'org/example/cliens/');
    expect(tampered).not.toBe(text);
    writeFileSync(join(dir, 'tampered.json'), tampered);
    const refused = await importPack(JSON.parse(tampered));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'invalid_rule_pack_signature' });
    expect(refused.json().detail).toContain('changed after it was signed');
    const offline = await run(
      publisherUrl,
      'pack',
      'verify',
      join(dir, 'tampered.json'),
      '--public-key',
      publicKeyOf(key).publicKey,
    );
    expect(offline.code).toBe(1);
    expect(offline.err).toContain('the signature does not verify');

    // Signed by another key that claims to be the trusted one.
    const impostor = signPack(
      { ...(JSON.parse(text) as RulePack) },
      generateKeyPairSync('ed25519').privateKey,
    );
    const claimed = await importPack({
      ...impostor,
      publisher: { ...impostor.publisher, keyId: publicKeyOf(key).keyId },
    });
    expect(claimed.json()).toMatchObject({ code: 'invalid_rule_pack_signature' });
    const stranger = await importPack(impostor);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toMatchObject({ code: 'untrusted_rule_publisher' });
    expect((await rulesOf(operator)).length).toBe(before);
  });

  it('a dry run shows the stored scans the pack would match and changes nothing', async () => {
    const file = join(dir, 'community-v1.json');
    const rulesBefore = await rulesOf(operator);
    const dry = await run(operatorUrl, 'pack', 'import', file, '--dry-run');
    expect(dry.code, dry.err).toBe(0);
    expect(dry.out).toContain(
      'Dry run of Example community / community-clients v1: 2 added, 0 built-in taken over, 0 changed, 0 removed',
    );
    expect(dry.out).toContain(`${pastPin}  Java  Example client in ~/.minecraft/mods/optimizer.jar`);
    const answer = (
      await importPack(JSON.parse(readFileSync(file, 'utf8')), '?dryRun=true')
    ).json() as ImportAnswer;
    expect(answer).toMatchObject({
      outcome: 'dry-run',
      retroHunt: { total: 1, examined: 1, matched: 1, partial: false },
    });
    expect(answer.changes.added.map((r) => r.id)).toEqual([null, null]);
    expect(await rulesOf(operator)).toEqual(rulesBefore);
    const packs = await operator.admin<{ data: Array<{ name: string }> }>('GET', '/admin/v1/rule-packs');
    expect(packs.data.map((p) => p.name)).not.toContain('community-clients');
    const results = await operator.api('GET', `/v1/pins/${pastPin}/results`, { key: owner.key });
    expect(results.json().data.cheating).toBe('legit');
  });

  it('imports, replaces with a newer version reporting what changed, and refuses an older one', async () => {
    const file = join(dir, 'community-v1.json');
    const imported = await run(operatorUrl, 'pack', 'import', file);
    expect(imported.code, imported.err).toBe(0);
    expect(imported.out).toContain('Imported Example community / community-clients v1: 2 added');
    const rules = await rulesOf(operator);
    const client = rules.find((r) => r.pattern === CLIENT.pattern);
    const clicker = rules.find((r) => r.pattern === CLICKER.pattern);
    expect(client).toMatchObject({ enabled: true, severity: 'detection' });
    expect(clicker).toMatchObject({ enabled: true });
    // The finished scan keeps its verdict: an import never judges a scan again.
    const results = await operator.api('GET', `/v1/pins/${pastPin}/results`, { key: owner.key });
    expect(results.json().data.cheating).toBe('legit');
    // The same version again is no change; the new upload is judged by the pack's rules.
    expect((await importPack(JSON.parse(readFileSync(file, 'utf8')))).json()).toMatchObject({
      outcome: 'unchanged',
    });

    // Version 2: the client re-graded, the clicker dropped, a loader added.
    const v1 = JSON.parse(readFileSync(file, 'utf8')) as RulePack;
    const loader = {
      ...CLIENT,
      name: 'Example loader',
      pattern: 'org/example/loader/',
      severity: 'suspicious',
    } as const;
    const v2 = signPack(
      {
        format: RULE_PACK_FORMAT,
        publisher: v1.publisher,
        name: v1.name,
        version: 2,
        rules: [
          { ...(v1.rules[0] as RulePack['rules'][number]), severity: 'suspicious' },
          { ...loader, games: ['Java'], source: SOURCE },
        ],
      },
      key,
    );
    const updated = await importPack(v2);
    expect(updated.statusCode, updated.body).toBe(200);
    const answer = updated.json() as ImportAnswer;
    expect(answer).toMatchObject({ outcome: 'updated', pack: { version: 2, previousVersion: 1 } });
    expect(answer.changes.added.map((r) => r.pattern)).toEqual([loader.pattern]);
    expect(answer.changes.changed).toEqual([
      {
        before: expect.objectContaining({ id: client?.id, severity: 'detection' }),
        after: expect.objectContaining({ id: client?.id, severity: 'suspicious' }),
        fields: ['severity'],
      },
    ]);
    expect(answer.changes.removed.map((r) => r.id)).toEqual([clicker?.id]);
    const after = await rulesOf(operator);
    expect(after.find((r) => r.id === client?.id)).toMatchObject({ severity: 'suspicious', enabled: true });
    expect(after.find((r) => r.id === clicker?.id)).toMatchObject({ enabled: false });
    expect(after.find((r) => r.pattern === loader.pattern)).toMatchObject({ enabled: true });
    const packs = await operator.admin<{ data: Array<{ name: string; version: number; rules: number }> }>(
      'GET',
      '/admin/v1/rule-packs',
    );
    expect(packs.data.find((p) => p.name === 'community-clients')).toMatchObject({ version: 2, rules: 2 });
    // Each rule says which pack it came from, and at which versions; a removed one no longer does.
    const origins = await operator.admin<{ data: Array<RuleView & { pack: unknown }> }>(
      'GET',
      '/admin/v1/rules',
    );
    const packOf = (id: number | undefined) => origins.data.find((r) => r.id === id)?.pack;
    expect(packOf(client?.id)).toMatchObject({
      name: 'community-clients',
      publisher: { name: 'Example community', keyId: publicKeyOf(key).keyId },
      addedVersion: 1,
      changedVersion: 2,
    });
    expect(packOf(clicker?.id)).toBeNull();
    const listed = await run(operatorUrl, 'list');
    expect(listed.out).toContain(
      '"org/example/client/"  → suspicious  Java  [Example community / community-clients v2]',
    );
    expect(listed.out).toContain('"net/wurstclient/"  → detection  Java  [scanpin / starter v1]');

    // Version 1 again: older, other rules.
    const older = await importPack(v1);
    expect(older.statusCode).toBe(409);
    expect(older.json()).toMatchObject({ code: 'rule_pack_version_conflict' });
    expect((await importPack(v1, '?dryRun=true')).json()).toMatchObject({
      code: 'rule_pack_version_conflict',
    });
    expect(await rulesOf(operator)).toEqual(after);

    const audit = await operator.admin<{ data: Array<{ action: string; detail: Record<string, unknown> }> }>(
      'GET',
      '/admin/v1/audit?resourceType=rule_pack',
    );
    expect(audit.data.map((e) => e.action)).toContain('rule_pack.import');
    expect(JSON.stringify(audit.data)).not.toContain('org/example');
  });

  it('two imports of one pack at once add its rules once', async () => {
    const packOf = (version: number, pattern: string) =>
      signPack(
        {
          format: RULE_PACK_FORMAT,
          publisher: { name: 'Example community' },
          name: 'community-racers',
          version,
          rules: [{ ...CLIENT, pattern, severity: 'warning', games: [], source: SOURCE }],
        },
        key,
      );
    for (const [version, pattern] of [
      [1, 'org/example/racer/'],
      [2, 'org/example/racer2/'],
    ] as const) {
      const pack = packOf(version, pattern);
      const answers = await Promise.all([importPack(pack), importPack(pack)]);
      expect(answers.map((a) => a.json().outcome).sort(), answers.map((a) => a.body).join()).toEqual(
        [version === 1 ? 'created' : 'updated', 'unchanged'].sort(),
      );
      expect((await rulesOf(operator)).filter((r) => r.pattern === pattern)).toHaveLength(1);
    }
    // Whichever import writes second finds the pack moved on, and writes nothing (the store's check,
    // which one server's requests may never reach, but two instances can).
    const stale = {
      publisherKeyId: publicKeyOf(key).keyId,
      publisherName: 'Example community',
      name: 'community-racers',
      version: 2,
      rulesDigest: 'x',
      document: '{}',
    };
    const repo = operator.deps.repos.rulePacks;
    expect(await repo.savePack(stale, null, Date.now())).toBeNull();
    expect(await repo.savePack(stale, 1, Date.now())).toBeNull();
    expect(await repo.findPack(stale.publisherKeyId, stale.name)).toMatchObject({ version: 2, rules: 1 });
  });

  it('stops trusting a publisher: its next version is refused, its rules stay', async () => {
    const { data } = await operator.admin<{ data: Array<{ id: number; name: string }> }>(
      'GET',
      '/admin/v1/rule-publishers',
    );
    const community = data.find((p) => p.name === 'Example community');
    expect((await operator.adminRaw('DELETE', `/admin/v1/rule-publishers/${community?.id}`)).statusCode).toBe(
      204,
    );
    const missing = await operator.adminRaw('DELETE', `/admin/v1/rule-publishers/${community?.id}`);
    expect(missing.json()).toMatchObject({ status: 404, code: 'rule_publisher_not_found' });
    const v3 = signPack(
      {
        format: RULE_PACK_FORMAT,
        publisher: { name: 'Example community' },
        name: 'community-clients',
        version: 3,
        rules: [],
      },
      key,
    );
    expect((await importPack(v3)).json()).toMatchObject({ code: 'untrusted_rule_publisher' });
    expect((await rulesOf(operator)).find((r) => r.pattern === 'org/example/loader/')).toMatchObject({
      enabled: true,
    });
  });
});
