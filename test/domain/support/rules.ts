import type { EvidenceDocument } from '../../../src/domain/evidence.js';
import { compileRules, evaluateEvidence, type Finding, type Rule } from '../../../src/domain/rules.js';

/**
 * A rule as the store holds one (src/domain/rules.ts): enabled, for every game, matched exactly, a
 * detection unless it is a signal rule; a test names what it is about.
 */
export function storedRule(fields: Pick<Rule, 'kind' | 'pattern'> & Partial<Rule>): Rule {
  return {
    id: 1,
    name: `rule ${fields.pattern}`,
    match: 'exact',
    severity: fields.kind === 'signal' ? 'integrity' : 'detection',
    games: [],
    enabled: true,
    source: null,
    createdAt: 0,
    updatedAt: 0,
    ...fields,
  };
}

/** The findings `rules` make of `doc` for a scan of `game`, as the server judges an upload. */
export function findingsOf(rules: readonly Rule[], doc: EvidenceDocument, game = 'FiveM'): Finding[] {
  return evaluateEvidence(compileRules(rules), doc, game).findings;
}
