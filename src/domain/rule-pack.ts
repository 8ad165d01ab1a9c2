import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { GAME_TYPES } from './game-types.js';
import {
  normalisePattern,
  patternProblem,
  RULE_KINDS,
  RULE_MATCHES,
  RULE_SEVERITIES,
  type Rule,
  type RuleKind,
  type RuleMatch,
  type RuleSeverity,
} from './rules.js';

/**
 * Signed rule packs (docs/rules.md, "Rule packs"): a publisher's rules as one versioned document, its
 * Ed25519 signature over the RFC 8785 canonical form (JSON Canonicalization Scheme) of everything but
 * the signature. Pure: what a pack is, when it is well formed, what it says is signed, and what an
 * update changes. Keys and signatures are lib/rule-pack-signature.ts.
 */

/** The pack format this server reads and writes; a later format gets a number of its own. */
export const RULE_PACK_FORMAT = 'scanpin-rule-pack/1';
/** At most this many rules per pack, so a pack's import and its dry run stay bounded. */
export const RULE_PACK_MAX_RULES = 5_000;
/** A pack's name: lower-case letters, digits and dashes, as in a file name. */
export const RULE_PACK_NAME = /^[a-z0-9][a-z0-9-]{0,63}$/;

export interface PackRule {
  name: string;
  kind: RuleKind;
  pattern: string;
  match: RuleMatch;
  severity: RuleSeverity;
  /** Game types the rule applies to; empty means every game. */
  games: string[];
  /** The public source of the pattern: a pack rule always cites one. */
  source: string;
}

export interface PackPublisher {
  /** For people; the key is what is trusted. */
  name: string;
  /** The fingerprint of the publisher's public key (`publisherKeyId`). */
  keyId: string;
}

/** What a publisher signs: the pack without its signature. */
export interface UnsignedRulePack {
  format: typeof RULE_PACK_FORMAT;
  publisher: PackPublisher;
  name: string;
  /** A whole number that only grows from one release of the pack to the next. */
  version: number;
  rules: PackRule[];
}

export interface RulePack extends UnsignedRulePack {
  /** Base64url (no padding) of the 64-byte Ed25519 signature of `signedBytes(pack)`. */
  signature: string;
}

/**
 * A public key's fingerprint: the first 16 bytes of the SHA-256 of its 32 raw bytes, in hex. A pack
 * names its key by it; the server then verifies with the key the operator trusted, so the fingerprint
 * only finds the key and proves nothing by itself.
 */
export function publisherKeyId(rawPublicKey: Uint8Array): string {
  return createHash('sha256').update(rawPublicKey).digest('hex').slice(0, 32);
}

/** The bytes a signature covers: the RFC 8785 canonical JSON of the pack without `signature`, UTF-8. */
export function signedBytes(pack: UnsignedRulePack | RulePack): Buffer {
  const { signature: _signature, ...unsigned } = pack as RulePack;
  const text = canonicalize(unsigned);
  if (text === undefined) throw new Error('a rule pack is a JSON object');
  return Buffer.from(text, 'utf8');
}

/**
 * A rule's identity within its pack: what it matches. Two rules of a pack may not share one. JSON
 * keeps the three apart whatever the pattern holds, in text every store can keep.
 */
export function packRuleKey(rule: Pick<PackRule, 'kind' | 'match' | 'pattern'>): string {
  return JSON.stringify([rule.kind, rule.match, rule.pattern]);
}

/** A pack rule's fields apart from what identifies it: a change to any of them is a changed rule. */
function ruleBody(rule: PackRule): string {
  return JSON.stringify([rule.name, rule.severity, [...rule.games].sort(), rule.source]);
}

/** SHA-256 (hex) of the canonical rules: two packs with equal digests hold the same rules. */
export function rulesDigest(rules: readonly PackRule[]): string {
  const sorted = [...rules]
    .map((r) => ({ ...r, games: [...r.games].sort() }))
    .sort((a, b) => (packRuleKey(a) < packRuleKey(b) ? -1 : packRuleKey(a) > packRuleKey(b) ? 1 : 0));
  return createHash('sha256')
    .update(canonicalize(sorted) ?? '')
    .digest('hex');
}

/**
 * Why a pack's content is unusable, or null: the checks its JSON schema cannot make (the format, the
 * rules' patterns for their kinds, two rules matching the same thing). The rules' patterns must be
 * stored as the server compares them (`normalisePattern`), so a signed pack means what it says.
 */
export function packProblem(pack: UnsignedRulePack): string | null {
  if (pack.format !== RULE_PACK_FORMAT)
    return `this server reads packs of format "${RULE_PACK_FORMAT}", not "${pack.format}".`;
  if (!RULE_PACK_NAME.test(pack.name))
    return 'the name must be 1 to 64 lower-case letters, digits and dashes, starting with a letter or digit.';
  if (!Number.isSafeInteger(pack.version) || pack.version < 1)
    return 'the version must be a whole number from 1.';
  if (pack.rules.length > RULE_PACK_MAX_RULES) return `a pack holds at most ${RULE_PACK_MAX_RULES} rules.`;
  const seen = new Set<string>();
  for (const [index, rule] of pack.rules.entries()) {
    const at = `rule ${index} (${rule.name})`;
    if (!(RULE_KINDS as readonly string[]).includes(rule.kind)) return `${at} has an unknown kind.`;
    if (!(RULE_MATCHES as readonly string[]).includes(rule.match)) return `${at} has an unknown match.`;
    if (!(RULE_SEVERITIES as readonly string[]).includes(rule.severity))
      return `${at} has an unknown severity.`;
    for (const game of rule.games)
      if (!(GAME_TYPES as readonly string[]).includes(game)) return `${at} names an unknown game ${game}.`;
    if (normalisePattern(rule.kind, rule.pattern) !== rule.pattern)
      return `${at}: a ${rule.kind} pattern is written in lower case, without spaces around it.`;
    const problem = patternProblem(rule.kind, rule.pattern);
    if (problem !== null) return `${at}: ${problem}`;
    const key = packRuleKey(rule);
    if (seen.has(key)) return `${at} matches the same ${rule.kind} ${rule.match} pattern as an earlier rule.`;
    seen.add(key);
  }
  return null;
}

/** A rule of the pack as the store holds it now, linked to the pack. */
export interface LinkedRule {
  key: string;
  rule: Rule;
}

/** What importing a pack over the rules the older version left does. */
export interface PackChanges {
  added: PackRule[];
  /** The stored rule and what the pack now says of it. */
  changed: Array<{ before: Rule; after: PackRule }>;
  removed: Rule[];
  unchanged: number;
}

/** The stored rule's pack fields, to compare with the pack's. */
function storedAsPackRule(rule: Rule): PackRule {
  return {
    name: rule.name,
    kind: rule.kind,
    pattern: rule.pattern,
    match: rule.match,
    severity: rule.severity,
    games: rule.games,
    source: rule.source ?? '',
  };
}

/**
 * The changes from the rules the pack's older version left in the store to the pack's rules: by
 * identity (`packRuleKey`), a rule new to the pack is added, one the pack no longer has is removed,
 * one whose name, severity, games or source differ is changed. Whether a rule is enabled is the
 * operator's, not the pack's, so it is no change.
 */
export function packChanges(current: readonly LinkedRule[], rules: readonly PackRule[]): PackChanges {
  const byKey = new Map(current.map((l) => [l.key, l.rule]));
  const incoming = new Set<string>();
  const changes: PackChanges = { added: [], changed: [], removed: [], unchanged: 0 };
  for (const rule of rules) {
    const key = packRuleKey(rule);
    incoming.add(key);
    const before = byKey.get(key);
    if (before === undefined) changes.added.push(rule);
    else if (ruleBody(storedAsPackRule(before)) !== ruleBody(rule))
      changes.changed.push({ before, after: rule });
    else changes.unchanged++;
  }
  for (const l of current) if (!incoming.has(l.key)) changes.removed.push(l.rule);
  return changes;
}
