import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EvidenceDocument } from '../../src/domain/evidence.js';
import {
  compileRules,
  evaluateEvidence,
  FINDINGS_PER_RULE,
  FINDINGS_TOTAL,
  RULE_KINDS,
  RULE_MATCHES,
  RULE_SEVERITIES,
  type Rule,
  ruleMatches,
} from '../../src/domain/rules.js';
import { evidence, jar } from '../support/evidence.js';

/** Short strings over a small alphabet, so patterns and values overlap often. */
const text = fc.string({
  unit: fc.constantFrom('a', 'b', '/', 'C', '$', 'é', '😀', '\u0301'),
  minLength: 0,
  maxLength: 8,
});
const nonEmpty = fc.string({
  unit: fc.constantFrom('a', 'b', '/', 'C', '$', 'é', '😀', '\u0301'),
  minLength: 1,
  maxLength: 4,
});

const rule = (id: number) =>
  fc.record({
    id: fc.constant(id),
    name: fc.constantFrom('Alpha', 'Beta', 'Gamma'),
    kind: fc.constantFrom(...RULE_KINDS),
    pattern: nonEmpty,
    match: fc.constantFrom(...RULE_MATCHES),
    severity: fc.constantFrom(...RULE_SEVERITIES),
    games: fc.subarray(['Java', 'FiveM']),
    enabled: fc.boolean(),
    source: fc.constant(null),
    createdAt: fc.constant(0),
    updatedAt: fc.constant(0),
  }) satisfies fc.Arbitrary<Rule>;

const rules = fc
  .integer({ min: 0, max: 12 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => rule(i + 1))))
  .map((list) => list as Rule[]);

const document = fc
  .record({
    processNames: fc.array(text, { maxLength: 3 }),
    classNames: fc.array(text, { maxLength: 6 }),
    strings: fc.array(text, { maxLength: 3 }),
    files: fc.array(fc.record({ name: text, entries: fc.array(text, { maxLength: 4 }) }), { maxLength: 3 }),
  })
  .map(
    ({ processNames, classNames, strings, files }): EvidenceDocument =>
      evidence('n'.repeat(16), {
        processes: {
          items: processNames.map((name, pid) => ({
            pid,
            name,
            path: null,
            sha256: null,
            startedAt: null,
            commandLine: '',
            injections: [],
          })),
        },
        memory: {
          status: 'collected',
          items: [
            {
              pid: 1,
              process: 'java',
              readable: true,
              reason: null,
              bytesScanned: 1,
              regions: 1,
              classNames,
              strings,
              truncated: false,
            },
          ],
        },
        files: { items: files.map((f, i) => jar(`~/mods/${i}/${f.name}`, f.entries)) },
      }),
  );

/** The findings by the definition in docs/scan-client.md, one value and one rule at a time. */
function reference(all: readonly Rule[], doc: EvidenceDocument, game: string): Set<string> {
  const out = new Set<string>();
  const applies = (r: Rule, kind: Rule['kind']) =>
    r.enabled && r.kind === kind && (r.games.length === 0 || r.games.includes(game));
  const test = (kind: Rule['kind'], value: string, where: string) => {
    for (const r of all)
      if (applies(r, kind) && ruleMatches(r, value)) out.add(`${r.id}|${r.name} in ${where}`);
  };
  for (const p of doc.sources.processes.items)
    test('process-name', p.name, `process ${p.name} (pid ${p.pid})`);
  for (const m of doc.sources.memory.items)
    for (const v of [...m.classNames, ...m.strings])
      test('memory-string', v, `memory of ${m.process} (pid ${m.pid})`);
  for (const f of doc.sources.files.items) {
    test('file-name', f.path.slice(f.path.lastIndexOf('/') + 1), f.path);
    test('file-path', f.path, f.path);
    test('file-sha256', f.sha256, f.path);
    for (const e of f.entries) test('jar-entry', e, f.path);
  }
  return out;
}

describe('rules judge evidence (docs/scan-client.md, "Rules")', () => {
  it('the compiled matcher finds exactly what each rule matches on its own, for any rules and evidence', () => {
    fc.assert(
      fc.property(rules, document, fc.constantFrom('Java', 'FiveM'), (all, doc, game) => {
        const { findings: found, omitted } = evaluateEvidence(compileRules(all), doc, game);
        const got = new Set(found.map((f) => `${f.ruleId}|${f.text}`));
        const expected = reference(all, doc, game);
        // Listed up to the bounds; each rule's places past them counted (docs/scan-client.md, "Rules").
        for (const key of got) expect(expected.has(key)).toBe(true);
        expect(found.length).toBeLessThanOrEqual(FINDINGS_TOTAL);
        const perRule = (ruleId: number, keys: Iterable<string>) =>
          [...keys].filter((k) => k.startsWith(`${ruleId}|`)).length;
        for (const r of all) {
          expect(perRule(r.id, got)).toBeLessThanOrEqual(FINDINGS_PER_RULE);
          const past = omitted.find((o) => o.ruleId === r.id)?.places ?? 0;
          expect(perRule(r.id, got) + past).toBe(perRule(r.id, expected));
        }
        // One finding per rule and place, and each names the value that matched.
        expect(got.size).toBe(found.length);
        for (const f of found) {
          const r = all.find((x) => x.id === f.ruleId);
          expect(r && ruleMatches(r, f.evidence.value)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('does not depend on the order of the rules, and disabled rules never fire', () => {
    fc.assert(
      fc.property(rules, document, (all, doc) => {
        const key = (list: Rule[]) =>
          new Set(
            evaluateEvidence(compileRules(list), doc, 'Java').findings.map((f) => `${f.ruleId}|${f.text}`),
          );
        expect(key([...all].reverse())).toEqual(key(all));
        const off = all.map((r) => ({ ...r, enabled: false }));
        expect(evaluateEvidence(compileRules(off), doc, 'Java')).toEqual({ findings: [], omitted: [] });
      }),
      { numRuns: 200 },
    );
  });

  it('says what a finding proves: possession for files, this game session for memory and processes', () => {
    const all: Rule[] = [
      {
        id: 1,
        name: 'Wurst',
        kind: 'jar-entry',
        pattern: 'net/wurstclient/',
        match: 'prefix',
        severity: 'detection',
        games: [],
        enabled: true,
        source: null,
        createdAt: 0,
        updatedAt: 0,
      },
      {
        id: 2,
        name: 'Wurst',
        kind: 'memory-string',
        pattern: 'net/wurstclient/',
        match: 'contains',
        severity: 'detection',
        games: [],
        enabled: true,
        source: null,
        createdAt: 0,
        updatedAt: 0,
      },
    ];
    const doc = evidence('n'.repeat(16), {
      files: {
        items: [jar('~/.minecraft/mods/x.txt', ['net/wurstclient/A.class', 'net/wurstclient/B.class'])],
      },
      memory: {
        status: 'collected',
        items: [
          {
            pid: 9,
            process: 'java',
            readable: true,
            reason: null,
            bytesScanned: 1,
            regions: 1,
            classNames: ['Lnet/wurstclient/A;', 'net/wurstclient/A'],
            strings: [],
            truncated: false,
          },
        ],
      },
    });
    const { findings: found } = evaluateEvidence(compileRules(all), doc, 'Java');
    expect(found.map((f) => [f.text, f.proves])).toEqual([
      ['Wurst in memory of java (pid 9)', 'this-session'],
      ['Wurst in ~/.minecraft/mods/x.txt', 'possession'],
    ]);
  });
});
