import {
  type PackChanges,
  type PublisherField,
  packRuleKey,
  type RulePack,
  rulesDigest,
} from '../../domain/rule-pack.js';
import type { Rule } from '../../domain/rules.js';
import { parsePublicKey } from '../../lib/rule-pack-signature.js';
import type { PackPublisher, RulePublisher, StoredRulePack } from '../../storage/repositories/rule-packs.js';
import type { RuleChanges } from '../../storage/repositories/rules.js';
import {
  type AuditAction,
  type AuditActor,
  type AuditResource,
  auditRefusals,
  OPERATOR,
  recordAudit,
} from '../audit/record.js';
import type { UseCaseContext } from '../context.js';
import { refuse } from '../failures.js';
import { type Adoption, planImport, refuseOlder, verifiedPublisher } from './pack-import-plan.js';
import type { RetroHunt } from './pack-retro-hunt.js';

// The rows the use cases answer with, for the routes that present them.
export type { RulePublisher, StoredRulePack } from '../../storage/repositories/rule-packs.js';

/**
 * Trusted publishers and signed rule packs (docs/rules.md, "Rule packs"): the operator trusts a
 * publisher by its public key; a pack is imported only when a trusted key signed exactly what was
 * sent. An import changes rules for the next upload and never re-judges a finished scan.
 */

export function listRulePublishers(ctx: UseCaseContext): Promise<RulePublisher[]> {
  return ctx.repos.rulePacks.listPublishers();
}

/** Trusts a publisher's key; the same key twice is `rule_publisher_exists`. Audited. */
export async function trustRulePublisher(
  ctx: UseCaseContext,
  input: { name: string; publicKey: string },
): Promise<RulePublisher> {
  const attempt = {
    actor: OPERATOR,
    action: 'rule_publisher.trust',
    resource: { type: 'rule_publisher', id: null },
  } as const;
  return auditRefusals(ctx, attempt, () =>
    ctx.transaction(async (repos) => {
      const key = parsePublicKey(input.publicKey);
      if ('problem' in key) refuse({ code: 'invalid_public_key', problem: key.problem });
      const known = await repos.rulePacks.findPublisherByKeyId(key.keyId);
      if (known !== undefined)
        refuse({ code: 'rule_publisher_exists', publisherId: known.id, keyId: known.keyId });
      const now = ctx.clock();
      const publisher = await repos.rulePacks.insertPublisher({ name: input.name, ...key }, now);
      await recordAudit(repos, {
        ...attempt,
        resource: { type: 'rule_publisher', id: publisher.id },
        at: now,
        detail: { name: publisher.name, keyId: publisher.keyId },
      });
      return publisher;
    }),
  );
}

/**
 * Stops trusting a publisher: its packs can no longer be imported or updated. The rules its packs
 * brought stay as they are (disable them to stop them judging). Audited.
 */
export async function distrustRulePublisher(ctx: UseCaseContext, publisherId: number): Promise<void> {
  const attempt = {
    actor: OPERATOR,
    action: 'rule_publisher.distrust',
    resource: { type: 'rule_publisher', id: publisherId },
  } as const;
  await auditRefusals(ctx, attempt, () =>
    ctx.transaction(async (repos) => {
      const removed = await repos.rulePacks.deletePublisher(publisherId);
      if (removed === undefined) refuse({ code: 'rule_publisher_not_found', publisherId });
      await recordAudit(repos, {
        ...attempt,
        at: ctx.clock(),
        detail: { name: removed.name, keyId: removed.keyId },
      });
    }),
  );
}

export function listRulePacks(ctx: UseCaseContext): Promise<StoredRulePack[]> {
  return ctx.repos.rulePacks.listPacks();
}

export interface PackImport {
  /** `created`: the pack is new here; `updated`: a newer version replaced the older; `unchanged`: the same version again. */
  outcome: 'created' | 'updated' | 'unchanged' | 'dry-run';
  pack: {
    /** The trusted key, named as the operator named it (the pack's own name is informational). */
    publisher: PackPublisher;
    name: string;
    version: number;
    previousVersion: number | null;
  };
  /** `added` rules carry their new id once stored. */
  changes: Omit<PackChanges, 'added'> & { added: Array<PackChanges['added'][number] & { id?: number }> };
  /** Built-in rules a project pack took over (or would) instead of adding copies. */
  adopted: Adoption[];
  /** On a dry run: the stored scans the added and changed rules match. */
  retroHunt: RetroHunt | null;
}

/** The fields of `rule` an import writes: the ones its publisher changed, no other. */
function written(rule: Rule, fields: readonly PublisherField[]): RuleChanges {
  return Object.fromEntries(fields.map((f) => [f, rule[f]])) as RuleChanges;
}

/** The pack's description in an answer: its publisher as the operator trusted it. */
export function describedPack(pack: RulePack, publisher: RulePublisher, previousVersion: number | null) {
  return {
    publisher: { name: publisher.name, keyId: publisher.keyId },
    name: pack.name,
    version: pack.version,
    previousVersion,
  };
}

/**
 * Checks that a trusted key signed the pack, then imports it (docs/rules.md, "Importing a pack"): a
 * new pack's rules are added enabled, but a project pack takes over the built-in rules it holds
 * (`planImport`); a newer version replaces the older's rules (added; changed in place keeping their
 * ids, whether the operator enabled them and every field the publisher did not change; removed ones
 * disabled and unlinked). An older or equal version is refused unless it holds the same rules.
 * `sourceId`: the pack was fetched from that subscribed URL (rule-pack-sources.ts); the import is
 * audited as the source's. `dryRunRulePack` answers what this would do without writing.
 */
export async function importRulePack(
  ctx: UseCaseContext,
  pack: RulePack,
  options: { sourceId?: number } = {},
): Promise<PackImport & { outcome: 'created' | 'updated' | 'unchanged' }> {
  // A pack a subscribed URL served is recorded against its source, refused or not, so the source's
  // audit history tells what each check did (docs/audit.md).
  const fromSource = options.sourceId !== undefined;
  const attempt: { actor: AuditActor; action: AuditAction; resource: AuditResource } = {
    actor: OPERATOR,
    action: fromSource ? 'rule_pack_source.import' : 'rule_pack.import',
    resource: fromSource
      ? { type: 'rule_pack_source', id: options.sourceId ?? null }
      : { type: 'rule_pack', id: null },
  };
  const digest = rulesDigest(pack.rules);

  return auditRefusals(ctx, attempt, async () => {
    const publisher = await verifiedPublisher(ctx.repos, pack);
    return ctx.transaction(async (repos) => {
      const now = ctx.clock();
      const unchanged = async (held: StoredRulePack) => {
        const plan = await planImport(repos, pack, held);
        return {
          outcome: 'unchanged' as const,
          pack: describedPack(pack, publisher, held.version),
          changes: plan.changes,
          adopted: [],
          retroHunt: null,
        };
      };
      const existing = await repos.rulePacks.findPack(pack.publisher.keyId, pack.name);
      refuseOlder(pack, existing, digest);
      if (existing !== undefined && pack.version === existing.version) return unchanged(existing);
      const { changes, adoptions } = await planImport(repos, pack, existing);
      const packId = await repos.rulePacks.savePack(
        {
          publisherKeyId: pack.publisher.keyId,
          publisherName: pack.publisher.name,
          name: pack.name,
          version: pack.version,
          rulesDigest: digest,
          document: JSON.stringify(pack),
        },
        existing?.version ?? null,
        now,
      );
      // Another import of this pack landed since it was read: this one writes nothing. The same
      // pack is then already there; another is a conflict like any older or equal version.
      if (packId === null) {
        const landed = await repos.rulePacks.findPack(pack.publisher.keyId, pack.name);
        if (landed !== undefined && landed.version === pack.version && landed.rulesDigest === digest)
          return unchanged(landed);
        refuse({
          code: 'rule_pack_version_conflict',
          name: pack.name,
          version: pack.version,
          current: landed?.version ?? pack.version,
        });
      }
      const added: Rule[] = [];
      const adopted: Adoption[] = [];
      const toAdd = [...changes.added];
      for (const adoption of adoptions) {
        // Another import took the built-in rule into its pack meanwhile (two instances at once):
        // this pack adds its own rule instead, as it would had that import come first.
        if (
          !(await repos.rulePacks.claim(packId, packRuleKey(adoption.rule), adoption.before.id, pack.version))
        ) {
          toAdd.push(adoption.rule);
          continue;
        }
        if (adoption.fields.length > 0)
          await repos.rules.update(adoption.before.id, written(adoption.after, adoption.fields), now);
        adopted.push(adoption);
      }
      for (const rule of toAdd) {
        const stored = await repos.rules.insert({ ...rule, enabled: true }, now);
        await repos.rulePacks.link(packId, packRuleKey(rule), stored.id, pack.version);
        added.push(stored);
      }
      for (const { before, after, fields } of changes.changed) {
        await repos.rules.update(before.id, written(after, fields), now);
        await repos.rulePacks.markChanged(packId, packRuleKey(after), pack.version);
      }
      for (const rule of changes.removed) {
        await repos.rules.update(rule.id, { enabled: false }, now);
        await repos.rulePacks.unlink(packId, packRuleKey(rule));
      }
      // Names and counts only: a rule's pattern is the server's secret (docs/audit.md).
      await recordAudit(repos, {
        ...attempt,
        resource: fromSource ? attempt.resource : { type: 'rule_pack', id: packId },
        at: now,
        detail: {
          ...(fromSource ? { packId } : {}),
          publisherKeyId: pack.publisher.keyId,
          name: pack.name,
          version: pack.version,
          previousVersion: existing?.version ?? null,
          added: added.length,
          adopted: adopted.length,
          changed: changes.changed.length,
          removed: changes.removed.length,
        },
      });
      return {
        outcome: existing === undefined ? ('created' as const) : ('updated' as const),
        pack: describedPack(pack, publisher, existing?.version ?? null),
        changes: {
          ...changes,
          added: toAdd.map((r, i) => ({ ...r, id: added[i]?.id })),
        },
        adopted,
        retroHunt: null,
      };
    });
  });
}
