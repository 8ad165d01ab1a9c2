import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { GAME_TYPES } from './game-types.js';
import { firstUnprintable } from './printable-text.js';
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
/** The highest version a pack may have: what every store's `integer` column holds (2^31 − 1). */
export const RULE_PACK_MAX_VERSION = 2_147_483_647;
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
  if (!Number.isSafeInteger(pack.version) || pack.version < 1 || pack.version > RULE_PACK_MAX_VERSION)
    return `the version must be a whole number from 1 to ${RULE_PACK_MAX_VERSION}.`;
  // A pack's free text is printable (docs/rules.md, "The pack format"); a pattern has its own check.
  const publisherName = firstUnprintable(pack.publisher.name);
  if (publisherName !== null)
    return `publisher.name holds the control character ${publisherName}; names are printable text.`;
  if (pack.rules.length > RULE_PACK_MAX_RULES) return `a pack holds at most ${RULE_PACK_MAX_RULES} rules.`;
  const seen = new Set<string>();
  for (const [index, rule] of pack.rules.entries()) {
    for (const field of ['name', 'source'] as const) {
      const found = firstUnprintable(rule[field]);
      if (found !== null)
        return `rules[${index}].${field} holds the control character ${found}; a rule's name and source are printable text.`;
    }
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

/** The fields of a pack rule its publisher may change in a later version; the rest identify it. */
export const PUBLISHER_FIELDS = ['name', 'severity', 'games', 'source'] as const;
export type PublisherField = (typeof PUBLISHER_FIELDS)[number];

/** What importing a pack over the rules the older version left does. */
export interface PackChanges {
  added: PackRule[];
  /**
   * The stored rule, the rule as the import leaves it, and the fields the publisher changed since the
   * older version (only those are written: the operator's own changes of the others stay).
   */
  changed: Array<{ before: Rule; after: Rule; fields: PublisherField[] }>;
  removed: Rule[];
  unchanged: number;
}

function sameField(field: PublisherField, a: PackRule | Rule, b: PackRule | Rule): boolean {
  if (field === 'games') return JSON.stringify([...a.games].sort()) === JSON.stringify([...b.games].sort());
  return (a[field] ?? '') === (b[field] ?? '');
}

/**
 * What a pack rule's new version does to the stored rule (docs/rules.md, "An update keeps your
 * changes"): each field the publisher changed from `previous` (the rule as the older version, or the
 * built-in file, had it) to `incoming` takes the publisher's new value; every other field stays as
 * the store has it, re-graded or renamed by the operator or not. Without `previous` (the older
 * version's document lacks the rule), the stored rule is what the publisher's last word is taken
 * to be. `fields` lists the fields the import writes, each of which differs from the stored value.
 */
export function publisherEdit(
  stored: Rule,
  previous: PackRule | undefined,
  incoming: PackRule,
): { after: Rule; fields: PublisherField[] } {
  const fields = PUBLISHER_FIELDS.filter(
    (f) => !sameField(f, previous ?? stored, incoming) && !sameField(f, stored, incoming),
  );
  const after: Rule = { ...stored };
  for (const f of fields) {
    if (f === 'games') after.games = [...incoming.games];
    else if (f === 'severity') after.severity = incoming.severity;
    else if (f === 'name') after.name = incoming.name;
    else after.source = incoming.source;
  }
  return { after, fields };
}

/**
 * The changes from the rules the pack's older version left in the store to the pack's rules: by
 * identity (`packRuleKey`), a rule new to the pack is added, one the pack no longer has is removed,
 * one whose name, severity, games or source the publisher changed since `previous` (the older
 * version's rules, from its stored document) is changed in those fields only. Whether a rule is
 * enabled is the operator's, not the pack's, so it is no change.
 */
export function packChanges(
  current: readonly LinkedRule[],
  previous: readonly PackRule[],
  rules: readonly PackRule[],
): PackChanges {
  const byKey = new Map(current.map((l) => [l.key, l.rule]));
  const before = new Map(previous.map((r) => [packRuleKey(r), r]));
  const incoming = new Set<string>();
  const changes: PackChanges = { added: [], changed: [], removed: [], unchanged: 0 };
  for (const rule of rules) {
    const key = packRuleKey(rule);
    incoming.add(key);
    const stored = byKey.get(key);
    if (stored === undefined) {
      changes.added.push(rule);
      continue;
    }
    const edit = publisherEdit(stored, before.get(key), rule);
    if (edit.fields.length === 0) changes.unchanged++;
    else changes.changed.push({ before: stored, ...edit });
  }
  for (const l of current) if (!incoming.has(l.key)) changes.removed.push(l.rule);
  return changes;
}

/** The rules of a stored pack document (`rule_packs.document`), or none when it holds none. */
export function documentRules(document: string): PackRule[] {
  const parsed = JSON.parse(document) as { rules?: unknown };
  return Array.isArray(parsed.rules) ? (parsed.rules as PackRule[]) : [];
}
