import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RULE_SEVERITIES } from '../../src/domain/rules.js';
import { SIGNAL_CODES } from '../../src/domain/windows-signals.js';
import xrayPack from '../../src/storage/migrations/rule-packs/minecraft-xray-1.json' with { type: 'json' };
import firstPart from '../../src/storage/migrations/rule-packs/windows-1.json' with { type: 'json' };
import secondPart from '../../src/storage/migrations/rule-packs/windows-2.json' with { type: 'json' };

/**
 * The Windows pack, the signals and the docs agree (docs/scan-client.md, "Cross-checks and
 * anti-forensics"): every signal the server derives has one rule of kind `signal` in the pack that
 * grades it, every such rule names a signal that exists, and the docs' table lists each code with the
 * pack's severity. A signal without a rule would never reach a result; a rule without a signal would
 * never match.
 */

interface PackRule {
  name: string;
  kind: string;
  pattern: string;
  match: string;
  severity: string;
  games: string[];
  source: string;
}

// The one signal outside the Windows sources, x-ray resource packs, is graded by a pack of its own.
const rules: PackRule[] = [...firstPart.rules, ...(secondPart.rules as PackRule[]), ...xrayPack.rules];
const signalRules = rules.filter((rule) => rule.kind === 'signal');

/** The docs' cross-checks table: code → severity (its last column). */
function documentedSeverities(): Map<string, string> {
  const docs = readFileSync(new URL('../../docs/scan-client.md', import.meta.url), 'utf8');
  const start = docs.indexOf('### Cross-checks and anti-forensics');
  expect(start).toBeGreaterThan(-1);
  const rest = docs.slice(start + 1);
  const section = rest.slice(0, rest.indexOf('\n### '));
  const rows = new Map<string, string>();
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    const code = /^`([a-z0-9-]+)`$/.exec(cells[1] ?? '')?.[1];
    if (code !== undefined) rows.set(code, cells[cells.length - 2] ?? '');
  }
  return rows;
}

describe('the Windows rule pack', () => {
  it('grades every signal once, and names no signal that does not exist', () => {
    const patterns = signalRules.map((rule) => rule.pattern);
    expect([...patterns].sort()).toEqual([...SIGNAL_CODES].sort());
    expect(new Set(patterns).size).toBe(patterns.length);
    for (const rule of signalRules) expect(rule.match, rule.pattern).toBe('exact');
  });

  it('gives each rule a severity the server knows, a name, and the public source of its meaning', () => {
    for (const rule of rules) {
      expect(RULE_SEVERITIES, rule.name).toContain(rule.severity);
      expect(rule.name.length, rule.pattern).toBeGreaterThan(0);
      expect(rule.source, rule.name).toMatch(/^https:\/\//);
      expect(Array.isArray(rule.games), rule.name).toBe(true);
    }
    const names = rules.map((rule) => rule.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('is what the docs’ cross-checks table says, code by code, severity by severity', () => {
    const documented = documentedSeverities();
    expect([...documented.keys()].sort()).toEqual([...SIGNAL_CODES].sort());
    for (const rule of signalRules) expect(documented.get(rule.pattern), rule.pattern).toBe(rule.severity);
  });
});
