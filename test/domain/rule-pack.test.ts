import { generateKeyPairSync } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import canonicalize from 'canonicalize';
import { describe, expect, it } from 'vitest';
import { PROJECT_PACKS, projectPackRules } from '../../src/domain/project-packs.js';
import {
  type PackRule,
  packChanges,
  packProblem,
  packRuleKey,
  publisherKeyId,
  RULE_PACK_FORMAT,
  type RulePack,
  signedBytes,
} from '../../src/domain/rule-pack.js';
import { readPackDocument } from '../../src/domain/rule-pack-schema.js';
import type { Rule } from '../../src/domain/rules.js';
import {
  parsePrivateKey,
  parsePublicKey,
  publicKeyOf,
  signPack,
  verifyPack,
} from '../../src/lib/rule-pack-signature.js';
import gamesSigned from '../../src/rule-packs/signed/games.json' with { type: 'json' };
import minecraftXraySigned from '../../src/rule-packs/signed/minecraft-xray.json' with { type: 'json' };
import projectPublisher from '../../src/rule-packs/signed/project-publisher.json' with { type: 'json' };
import rockstarSigned from '../../src/rule-packs/signed/rockstar.json' with { type: 'json' };
import starterSigned from '../../src/rule-packs/signed/starter.json' with { type: 'json' };
import windowsSigned from '../../src/rule-packs/signed/windows.json' with { type: 'json' };

const RULE: PackRule = {
  name: 'Example client',
  kind: 'jar-entry',
  pattern: 'org/example/client/',
  match: 'prefix',
  severity: 'detection',
  games: ['Java'],
  source: 'https://example.org/client/src',
};

function keyPair() {
  const { privateKey } = generateKeyPairSync('ed25519');
  return { privateKey, publicKey: publicKeyOf(privateKey).publicKey };
}

function pack(rules: PackRule[] = [RULE], version = 1) {
  return {
    format: RULE_PACK_FORMAT,
    publisher: { name: 'Example', keyId: '0'.repeat(32) },
    name: 'example',
    version,
    rules,
  } as const;
}

describe('JSON canonical form (RFC 8785)', () => {
  it('serialises the RFC’s primitive example exactly (section 3.2.2)', () => {
    const input = JSON.parse(
      '{"numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001], "string": "\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/", "literals": [null, true, false]}',
    );
    expect(canonicalize(input)).toBe(
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    );
  });

  it('sorts property names by UTF-16 code units, as the RFC’s sorting example (section 3.2.3)', () => {
    const input = JSON.parse(
      '{"\\u20ac": "Euro Sign", "\\r": "Carriage Return", "\\ufb33": "Hebrew Letter Dalet With Dagesh", "1": "One", "\\ud83d\\ude00": "Emoji: Grinning Face", "\\u0080": "Control", "\\u00f6": "Latin Small Letter O With Diaeresis"}',
    );
    const order = Object.values(JSON.parse(canonicalize(input) ?? '{}') as Record<string, string>);
    // Integer-like keys come first in a parsed object, so the order is read from the text instead.
    const text = canonicalize(input) ?? '';
    const positions = [
      'Carriage Return',
      'One',
      'Control',
      'Latin Small Letter O With Diaeresis',
      'Euro Sign',
      'Emoji: Grinning Face',
      'Hebrew Letter Dalet With Dagesh',
    ].map((v) => text.indexOf(`"${v}"`));
    expect(order).toHaveLength(7);
    expect(positions.every((p, i) => p > (positions[i - 1] ?? -1))).toBe(true);
  });

  it('signs the canonical form: key order and white space of the file do not matter, a changed value does', () => {
    const { privateKey, publicKey } = keyPair();
    const signed = signPack(pack(), privateKey);
    const reordered = JSON.parse(
      JSON.stringify(
        {
          signature: signed.signature,
          rules: signed.rules,
          version: 1,
          name: 'example',
          publisher: signed.publisher,
          format: signed.format,
        },
        null,
        4,
      ),
    ) as RulePack;
    expect(verifyPack(reordered, publicKey)).toBe(true);
    expect(signedBytes(reordered).equals(signedBytes(signed))).toBe(true);
    expect(verifyPack({ ...signed, version: 2 }, publicKey)).toBe(false);
    expect(verifyPack({ ...signed, rules: [{ ...RULE, severity: 'warning' }] }, publicKey)).toBe(false);
    expect(verifyPack(signed, keyPair().publicKey)).toBe(false);
    expect(verifyPack({ ...signed, signature: 'not-a-signature' }, publicKey)).toBe(false);
  });

  it('refuses a pack file with any one byte changed, the signature’s spare bits included', () => {
    const { privateKey, publicKey } = keyPair();
    const file = Buffer.from(`${JSON.stringify(signPack(pack(), privateKey), null, 2)}\n`);
    const usable = (bytes: Buffer) => {
      const read = readPackDocument(bytes);
      return 'pack' in read && packProblem(read.pack) === null && verifyPack(read.pack, publicKey);
    };
    expect(usable(file)).toBe(true);
    const accepted: string[] = [];
    for (let i = 0; i < file.length; i++)
      for (const flip of [0x01, 0x02, 0x04, 0x08, 0x20]) {
        const changed = Buffer.from(file);
        changed[i] = (changed[i] ?? 0) ^ flip;
        if (usable(changed)) accepted.push(`byte ${i} ^ ${flip}`);
      }
    expect(accepted).toEqual([]);
    // Each of the 16 spellings of the signature's last character decodes to the same 64 bytes; only
    // the canonical one is the signature.
    const signed = signPack(pack(), privateKey);
    const last = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const spellings = [...last].filter((c) =>
      Buffer.from(`${signed.signature.slice(0, 85)}${c}`, 'base64url').equals(
        Buffer.from(signed.signature, 'base64url'),
      ),
    );
    expect(spellings).toHaveLength(16);
    expect(
      spellings.filter((c) =>
        verifyPack({ ...signed, signature: `${signed.signature.slice(0, 85)}${c}` }, publicKey),
      ),
    ).toEqual([signed.signature.slice(85)]);
  });
});

describe('keys', () => {
  it('reads PEM and hex forms of the same key to the same fingerprint', () => {
    const { privateKey, publicKey } = keyPair();
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const seed = privateKey.export({ format: 'jwk' }).d as string;
    const fromSeed = parsePrivateKey(Buffer.from(seed, 'base64url').toString('hex'));
    expect(publicKeyOf(fromSeed).publicKey).toBe(publicKey);
    expect(publicKeyOf(parsePrivateKey(pem)).publicKey).toBe(publicKey);
    const parsed = parsePublicKey(publicKeyOf(privateKey).pem);
    expect(parsed).toEqual({ publicKey, keyId: publisherKeyId(Buffer.from(publicKey, 'hex')) });
    expect(parsePublicKey(publicKey.toUpperCase())).toEqual(parsed);
  });

  it('refuses what cannot be a publisher’s key, a small-order point included', () => {
    expect(parsePublicKey('hello')).toHaveProperty('problem');
    expect(
      parsePublicKey(
        generateKeyPairSync('x25519').publicKey.export({ format: 'pem', type: 'spki' }).toString(),
      ),
    ).toEqual({
      problem: 'is not an Ed25519 key.',
    });
    // The identity point: every signature of the right shape "verifies" under it.
    expect(parsePublicKey(`01${'00'.repeat(31)}`)).toHaveProperty(
      'problem',
      expect.stringMatching(/small order/),
    );
    expect(() => parsePrivateKey('nope')).toThrow(/Ed25519 key in PEM/);
  });
});

describe('pack content', () => {
  it('refuses a pack the schema cannot catch: format, name, duplicate rules, a pattern its kind never matches', () => {
    expect(packProblem(pack())).toBeNull();
    expect(packProblem({ ...pack(), format: 'other/2' as typeof RULE_PACK_FORMAT })).toMatch(/format/);
    expect(packProblem({ ...pack(), name: 'Has Spaces' })).toMatch(/name/);
    expect(packProblem(pack([RULE, { ...RULE, name: 'again' }]))).toMatch(/same jar-entry prefix pattern/);
    expect(packProblem(pack([{ ...RULE, kind: 'file-sha1', match: 'exact', pattern: 'abc' }]))).toMatch(
      /SHA-1/,
    );
    expect(packProblem(pack([{ ...RULE, kind: 'file-sha256', match: 'exact', pattern: 'ABC' }]))).toMatch(
      /lower case/,
    );
  });

  it('tells added, changed and removed rules apart by what they match; enabled is the operator’s', () => {
    const stored = (r: PackRule, id: number, enabled = true): Rule => ({
      ...r,
      id,
      enabled,
      createdAt: 0,
      updatedAt: 0,
    });
    const kept = { ...RULE, pattern: 'org/kept/' };
    const regraded = { ...RULE, pattern: 'org/regraded/' };
    const dropped = { ...RULE, pattern: 'org/dropped/' };
    const current = [kept, regraded, dropped].map((r, i) => ({
      key: packRuleKey(r),
      rule: stored(r, i + 1, i !== 0),
    }));
    const fresh = { ...RULE, pattern: 'org/fresh/' };
    const changes = packChanges(
      current,
      [kept, regraded, dropped],
      [kept, { ...regraded, severity: 'suspicious' }, fresh],
    );
    expect(changes.added).toEqual([fresh]);
    expect(changes.changed.map((c) => [c.before.id, c.after.severity, c.fields])).toEqual([
      [2, 'suspicious', ['severity']],
    ]);
    expect(changes.changed[0]?.after.enabled).toBe(true);
    expect(changes.removed.map((r) => r.id)).toEqual([3]);
    expect(changes.unchanged).toBe(1);
  });

  it('keeps the operator’s own changes of a rule the publisher did not change; applies the publisher’s', () => {
    const v1 = { ...RULE, games: ['Java'] };
    // The operator re-graded it and limited it to another game; the rule is still the pack's.
    const stored: Rule = {
      ...v1,
      severity: 'warning',
      games: ['FiveM'],
      id: 7,
      enabled: false,
      createdAt: 0,
      updatedAt: 0,
    };
    const current = [{ key: packRuleKey(v1), rule: stored }];
    // Version 2 renames it only: the re-grade and the games stay, the name is the publisher's.
    const renamed = packChanges(current, [v1], [{ ...v1, name: 'Example client (renamed)' }]);
    expect(renamed.changed).toEqual([
      {
        before: stored,
        after: { ...stored, name: 'Example client (renamed)' },
        fields: ['name'],
      },
    ]);
    // Version 2 the same as version 1: nothing changes, whatever the store holds.
    expect(packChanges(current, [v1], [v1])).toMatchObject({ changed: [], unchanged: 1 });
    // The publisher re-grades it: the publisher's severity applies; the operator's games stay.
    const regraded = packChanges(current, [v1], [{ ...v1, severity: 'suspicious' }]);
    expect(regraded.changed[0]).toMatchObject({
      after: { severity: 'suspicious', games: ['FiveM'], enabled: false },
      fields: ['severity'],
    });
    // Without an older document that holds it, the stored rule is compared (every difference applies).
    expect(packChanges(current, [], [v1]).changed[0]?.fields).toEqual(['severity', 'games']);
  });

  it('refuses a version no store column holds, and control characters in names and sources', () => {
    expect(packProblem(pack([RULE], 2_147_483_647))).toBeNull();
    expect(packProblem(pack([RULE], 2_147_483_648))).toMatch(/from 1 to 2147483647/);
    for (const bad of ['\u001b[2J', 'a\tb', 'a\u0085b', 'a\u202eb', 'a\ud800b', 'a\u007fb'])
      for (const field of ['name', 'source'] as const) {
        const problem = packProblem(pack([{ ...RULE, [field]: bad }]));
        expect(problem, `${field} ${bad}`).toMatch(
          new RegExp(`^rules\\[0\\]\\.${field} holds the control character U\\+`),
        );
        // The refusal names the character, never echoes it.
        expect(
          [...(problem ?? '')].filter((c) => c < ' ' || (bad.includes(c) && !/[a-z[\]0-9]/i.test(c))),
        ).toEqual([]);
      }
    expect(packProblem({ ...pack(), publisher: { name: 'scan\u001bpin', keyId: '0'.repeat(32) } })).toMatch(
      /publisher\.name holds the control character U\+001B/,
    );
    expect(packProblem(pack([{ ...RULE, name: 'Café – “client” 😀' }]))).toBeNull();
  });
});

describe('the project’s packs', () => {
  it('are recorded by migration 0031 from what it holds itself, never from files or code that change later', () => {
    const source = readFileSync(
      new URL('../../src/storage/migrations/0031-rule-packs.ts', import.meta.url),
      'utf8',
    );
    const imports = [...source.matchAll(/from '([^']+)'/g)].map((m) => m[1]);
    // The built-in rule files it records are frozen with their own migrations; the signed files, the
    // project key and domain code change when the key rotates or the format moves on.
    expect(
      imports.filter(
        (i) => i?.startsWith('.') && !/^\.\/rule-packs\/[a-z]+-\d+\.json$/.test(i) && i !== './index.js',
      ),
    ).toEqual([]);
    expect(source).toContain(`keyId: '${projectPublisher.keyId}'`);
  });

  it('hold every built-in rule file, so no built-in rule ships unsigned', () => {
    const folder = new URL('../../src/storage/migrations/rule-packs/', import.meta.url);
    const builtIn = readdirSync(folder).filter((f) => f.endsWith('.json'));
    const packed = PROJECT_PACKS.flatMap((p) => p.parts.map((part) => part.file));
    // A new built-in file: add it to a pack in domain/project-packs.ts, raise that pack's version, link its
    // rules in its migration and sign the packs again (docs/rules.md, "The project's packs").
    expect(builtIn.filter((f) => !packed.includes(f))).toEqual([]);
    expect(packed.sort()).toEqual([...new Set(packed)].sort());
  });

  it('verify with the shipped public key and hold exactly the built-in rules', () => {
    const signed = {
      starter: starterSigned,
      windows: windowsSigned,
      rockstar: rockstarSigned,
      games: gamesSigned,
      'minecraft-xray': minecraftXraySigned,
    } as Record<string, unknown>;
    expect(parsePublicKey(projectPublisher.publicKey)).toEqual({
      publicKey: projectPublisher.publicKey,
      keyId: projectPublisher.keyId,
    });
    for (const project of PROJECT_PACKS) {
      const shipped = signed[project.name] as RulePack;
      expect(shipped, project.name).toBeDefined();
      expect(shipped.publisher.keyId).toBe(projectPublisher.keyId);
      expect(verifyPack(shipped, projectPublisher.publicKey), project.name).toBe(true);
      expect(packProblem(shipped), project.name).toBeNull();
      expect(shipped.version).toBe(project.version);
      expect(shipped.rules).toEqual(projectPackRules(project));
    }
  });
});
