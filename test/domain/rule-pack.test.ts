import { generateKeyPairSync } from 'node:crypto';
import { readdirSync } from 'node:fs';
import canonicalize from 'canonicalize';
import { describe, expect, it } from 'vitest';
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
import type { Rule } from '../../src/domain/rules.js';
import {
  parsePrivateKey,
  parsePublicKey,
  publicKeyOf,
  signPack,
  verifyPack,
} from '../../src/lib/rule-pack-signature.js';
import { PROJECT_PACKS, projectPackRules } from '../../src/storage/migrations/rule-packs/project-packs.js';
import gamesSigned from '../../src/storage/migrations/rule-packs/signed/games.json' with { type: 'json' };
import minecraftXraySigned from '../../src/storage/migrations/rule-packs/signed/minecraft-xray.json' with {
  type: 'json',
};
import projectPublisher from '../../src/storage/migrations/rule-packs/signed/project-publisher.json' with {
  type: 'json',
};
import rockstarSigned from '../../src/storage/migrations/rule-packs/signed/rockstar.json' with {
  type: 'json',
};
import starterSigned from '../../src/storage/migrations/rule-packs/signed/starter.json' with { type: 'json' };
import windowsSigned from '../../src/storage/migrations/rule-packs/signed/windows.json' with { type: 'json' };

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
    const changes = packChanges(current, [kept, { ...regraded, severity: 'suspicious' }, fresh]);
    expect(changes.added).toEqual([fresh]);
    expect(changes.changed.map((c) => [c.before.id, c.after.severity])).toEqual([[2, 'suspicious']]);
    expect(changes.removed.map((r) => r.id)).toEqual([3]);
    expect(changes.unchanged).toBe(1);
  });
});

describe('the project’s packs', () => {
  it('hold every built-in rule file, so no built-in rule ships unsigned', () => {
    const folder = new URL('../../src/storage/migrations/rule-packs/', import.meta.url);
    const builtIn = readdirSync(folder).filter((f) => f.endsWith('.json'));
    const packed = PROJECT_PACKS.flatMap((p) => p.parts.map((part) => part.file));
    // A new built-in file: add it to a pack in project-packs.ts, raise that pack's version, link its
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
