import { Type } from 'typebox';
import { Value } from 'typebox/value';
import { GAME_TYPES } from './game-types.js';
import { RULE_PACK_FORMAT, RULE_PACK_MAX_RULES, RULE_PACK_MAX_VERSION, type RulePack } from './rule-pack.js';
import { RULE_KINDS, RULE_MATCHES, RULE_SEVERITIES } from './rules.js';

/**
 * The shape of a signed pack document (docs/rules.md, "The pack format"): the operator API's body
 * schema, and what a pack fetched from a subscribed URL is checked against before its import.
 */

const PackRuleSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    kind: Type.Enum([...RULE_KINDS]),
    pattern: Type.String({ minLength: 1, maxLength: 500 }),
    match: Type.Enum([...RULE_MATCHES]),
    severity: Type.Enum([...RULE_SEVERITIES]),
    games: Type.Array(Type.Enum([...GAME_TYPES]), { maxItems: GAME_TYPES.length }),
    source: Type.String({ minLength: 1, maxLength: 500, description: 'The public source of the pattern.' }),
  },
  { additionalProperties: false },
);

const Publisher = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    keyId: Type.String({
      pattern: '^[0-9a-f]{32}$',
      description: 'The fingerprint of the signing key.',
      examples: ['b8bd2fccedcf49f6e0e0d213d292d825'],
    }),
  },
  { additionalProperties: false },
);

export const SignedPackSchema = Type.Object(
  {
    format: Type.Literal(RULE_PACK_FORMAT),
    publisher: Publisher,
    name: Type.String({ minLength: 1, maxLength: 64 }),
    version: Type.Integer({ minimum: 1, maximum: RULE_PACK_MAX_VERSION }),
    rules: Type.Array(PackRuleSchema, { maxItems: RULE_PACK_MAX_RULES }),
    signature: Type.String({
      description:
        'Base64url Ed25519 signature of the RFC 8785 canonical JSON of every other member (docs/rules.md, "The pack format").',
    }),
  },
  { additionalProperties: false },
);

/**
 * A pack document's bytes as a pack, or why they are not one (its first shape error, with where it
 * is). What the pack's content means is then `packProblem`'s and the signature's to judge.
 */
export function readPackDocument(bytes: Buffer): { pack: RulePack } | { problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    return { problem: 'the document is not JSON.' };
  }
  if (Value.Check(SignedPackSchema, value)) return { pack: value as RulePack };
  const first = [...Value.Errors(SignedPackSchema, value)][0];
  const at = first?.instancePath ? `${first.instancePath}: ` : '';
  return { problem: `the document is not a rule pack (${at}${first?.message ?? 'unexpected shape'}).` };
}
