import { PROJECT_PACKS, PROJECT_PUBLISHER, projectPackRules } from '../../domain/project-packs.js';
import {
  documentRules,
  type PackChanges,
  type PackRule,
  type PublisherField,
  packChanges,
  packProblem,
  packRuleKey,
  publisherEdit,
  type RulePack,
} from '../../domain/rule-pack.js';
import type { Rule } from '../../domain/rules.js';
import { verifyPack } from '../../lib/rule-pack-signature.js';
import type { Repositories } from '../../storage/repositories/index.js';
import type { RulePublisher, StoredRulePack } from '../../storage/repositories/rule-packs.js';
import { refuse } from '../failures.js';

/**
 * What importing a pack would do, shared by the import and its dry run (docs/rules.md, "Importing a
 * pack"): the checks that refuse it, and the changes from what the store holds.
 */

/** What the plan reads: the import's transaction or the store. */
type PackRepos = Pick<Repositories, 'rulePacks' | 'rules'>;

/** The trusted publisher whose key signed exactly this pack; refused otherwise. */
export async function verifiedPublisher(repos: PackRepos, pack: RulePack): Promise<RulePublisher> {
  const problem = packProblem(pack);
  if (problem !== null) refuse({ code: 'invalid_rule_pack', problem });
  const publisher = await repos.rulePacks.findPublisherByKeyId(pack.publisher.keyId);
  if (publisher === undefined)
    refuse({
      code: 'untrusted_rule_publisher',
      keyId: pack.publisher.keyId,
      publisherName: pack.publisher.name,
    });
  if (!verifyPack(pack, publisher.publicKey))
    refuse({ code: 'invalid_rule_pack_signature', keyId: publisher.keyId, name: pack.name });
  return publisher;
}

/** An older or equal version is refused unless it is the version held, with the same rules. */
export function refuseOlder(pack: RulePack, existing: StoredRulePack | undefined, digest: string): void {
  if (
    existing !== undefined &&
    pack.version <= existing.version &&
    !(pack.version === existing.version && existing.rulesDigest === digest)
  )
    refuse({
      code: 'rule_pack_version_conflict',
      name: pack.name,
      version: pack.version,
      current: existing.version,
    });
}

/**
 * The built-in rule files' entries of each project pack, by rule key: the rules migrations loaded
 * (domain/project-packs.ts).
 */
const BUILT_IN = new Map(
  PROJECT_PACKS.map((p) => [p.name, new Map(projectPackRules(p).map((r) => [packRuleKey(r), r]))]),
);

/**
 * The built-in file entry `rule` is, when `pack` is a project pack signed by the project's key: only
 * then may the import take over a rule no pack holds (docs/rules.md, "The project's packs"). A
 * community pack never takes over a built-in rule or the operator's own.
 */
function builtInEntry(pack: RulePack, rule: PackRule): PackRule | undefined {
  if (pack.publisher.keyId !== PROJECT_PUBLISHER.keyId) return undefined;
  return BUILT_IN.get(pack.name)?.get(packRuleKey(rule));
}

/** A built-in rule the import takes into its project pack instead of adding a copy. */
export interface Adoption {
  rule: PackRule;
  /** The stored rule as it is, and as the import leaves it (only the fields the pack changed from the file). */
  before: Rule;
  after: Rule;
  fields: PublisherField[];
}

export interface ImportPlan {
  /** `added` holds only the rules the import adds; the built-in ones it takes over are `adoptions`. */
  changes: PackChanges;
  adoptions: Adoption[];
}

/**
 * The changes from what the pack's older version left (its linked rules, compared through its
 * stored document, so the operator's own changes stay: `packChanges`) to `pack`, and which of the
 * rules new to the pack are built-in rules to take over.
 */
export async function planImport(
  repos: PackRepos,
  pack: RulePack,
  existing: StoredRulePack | undefined,
): Promise<ImportPlan> {
  const current = existing === undefined ? [] : await repos.rulePacks.linkedRules(existing.id);
  const document = existing === undefined ? undefined : await repos.rulePacks.packDocument(existing.id);
  const changes = packChanges(current, document === undefined ? [] : documentRules(document), pack.rules);
  const added: PackRule[] = [];
  const adoptions: Adoption[] = [];
  for (const rule of changes.added) {
    const entry = builtInEntry(pack, rule);
    const id =
      entry === undefined
        ? undefined
        : await repos.rulePacks.unlinkedBuiltIn({ ...rule, source: entry.source });
    const before = id === undefined ? undefined : await repos.rules.find(id);
    if (entry === undefined || before === undefined) added.push(rule);
    else adoptions.push({ rule, before, ...publisherEdit(before, entry, rule) });
  }
  return { changes: { ...changes, added }, adoptions };
}
