import {
  type PackChanges,
  type PackRule,
  packChanges,
  packProblem,
  packRuleKey,
  type RulePack,
  rulesDigest,
} from '../../domain/rule-pack.js';
import type { Rule } from '../../domain/rules.js';
import { parsePublicKey, verifyPack } from '../../lib/rule-pack-signature.js';
import type { RulePublisher, StoredRulePack } from '../../storage/repositories/rule-packs.js';
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
import { type RetroHunt, retroHunt } from './pack-retro-hunt.js';

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
    publisher: { name: string; keyId: string };
    name: string;
    version: number;
    previousVersion: number | null;
  };
  changes: PackChanges;
  /** On a dry run: the stored scans the added and changed rules match. */
  retroHunt: RetroHunt | null;
}

/** A pack rule as a rule to judge with in a dry run: not stored, so its id is its place in the pack. */
function asTrialRule(rule: PackRule, id: number, now: number): Rule {
  return { ...rule, id, enabled: true, createdAt: now, updatedAt: now };
}

/**
 * Checks that a trusted key signed the pack, then imports it: a new pack's rules are added enabled (or
 * taken over from an identical rule no pack holds); a
 * newer version replaces the older's rules (added, changed in place keeping their ids and whether
 * the operator enabled them, removed ones disabled and unlinked). An older or equal version is
 * refused unless it holds the same rules. With `dryRun`, nothing is written: the answer says what
 * would change and which stored scans the added and changed rules match. `sourceId`: the pack was
 * fetched from that subscribed URL (rule-pack-sources.ts); the import is audited as the source's.
 */
export async function importRulePack(
  ctx: UseCaseContext,
  pack: RulePack,
  options: { dryRun: boolean; sourceId?: number },
): Promise<PackImport> {
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
  const verify = async () => {
    const problem = packProblem(pack);
    if (problem !== null) refuse({ code: 'invalid_rule_pack', problem });
    const publisher = await ctx.repos.rulePacks.findPublisherByKeyId(pack.publisher.keyId);
    if (publisher === undefined)
      refuse({
        code: 'untrusted_rule_publisher',
        keyId: pack.publisher.keyId,
        publisherName: pack.publisher.name,
      });
    if (!verifyPack(pack, publisher.publicKey))
      refuse({ code: 'invalid_rule_pack_signature', keyId: publisher.keyId, name: pack.name });
  };
  const digest = rulesDigest(pack.rules);
  const described = (previousVersion: number | null) => ({
    publisher: pack.publisher,
    name: pack.name,
    version: pack.version,
    previousVersion,
  });

  if (options.dryRun) {
    await verify();
    const existing = await ctx.repos.rulePacks.findPack(pack.publisher.keyId, pack.name);
    // What the import would answer: an older or equal version with other rules is refused alike.
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
    const current = existing === undefined ? [] : await ctx.repos.rulePacks.linkedRules(existing.id);
    const changes = packChanges(current, pack.rules);
    const now = ctx.clock();
    const trial = [...changes.added, ...changes.changed.map((c) => c.after)].map((r, i) =>
      asTrialRule(r, i + 1, now),
    );
    return {
      outcome: 'dry-run',
      pack: described(existing?.version ?? null),
      changes,
      retroHunt: await retroHunt(ctx, trial, `${pack.publisher.keyId}:${pack.name}:${digest}`),
    };
  }

  return auditRefusals(ctx, attempt, async () => {
    await verify();
    return ctx.transaction(async (repos) => {
      const now = ctx.clock();
      const existing = await repos.rulePacks.findPack(pack.publisher.keyId, pack.name);
      if (existing !== undefined && pack.version <= existing.version) {
        if (pack.version === existing.version && existing.rulesDigest === digest) {
          const current = await repos.rulePacks.linkedRules(existing.id);
          return {
            outcome: 'unchanged' as const,
            pack: described(existing.version),
            changes: packChanges(current, pack.rules),
            retroHunt: null,
          };
        }
        refuse({
          code: 'rule_pack_version_conflict',
          name: pack.name,
          version: pack.version,
          current: existing.version,
        });
      }
      const current = existing === undefined ? [] : await repos.rulePacks.linkedRules(existing.id);
      const changes = packChanges(current, pack.rules);
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
          return {
            outcome: 'unchanged' as const,
            pack: described(landed.version),
            changes: packChanges(await repos.rulePacks.linkedRules(landed.id), pack.rules),
            retroHunt: null,
          };
        refuse({
          code: 'rule_pack_version_conflict',
          name: pack.name,
          version: pack.version,
          current: landed?.version ?? pack.version,
        });
      }
      const added: Rule[] = [];
      for (const rule of changes.added) {
        // A rule already here that matches the same thing and belongs to no pack (a built-in rule a
        // migration loaded, or the operator's own) is taken into the pack, keeping whether it is
        // enabled, rather than copied: two rules on one pattern would report every match twice.
        const adopted = await repos.rulePacks.unlinkedMatching(rule);
        const stored =
          adopted === undefined
            ? await repos.rules.insert({ ...rule, enabled: true }, now)
            : await repos.rules.update(
                adopted,
                { name: rule.name, severity: rule.severity, games: rule.games, source: rule.source },
                now,
              );
        if (stored === undefined) throw new Error(`rule ${adopted} vanished within its transaction`);
        await repos.rulePacks.link(packId, packRuleKey(rule), stored.id, pack.version);
        added.push(stored);
      }
      for (const { before, after } of changes.changed) {
        await repos.rules.update(
          before.id,
          { name: after.name, severity: after.severity, games: after.games, source: after.source },
          now,
        );
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
          added: changes.added.length,
          changed: changes.changed.length,
          removed: changes.removed.length,
        },
      });
      return {
        outcome: existing === undefined ? ('created' as const) : ('updated' as const),
        pack: described(existing?.version ?? null),
        changes: { ...changes, added: changes.added.map((r, i) => ({ ...r, id: added[i]?.id })) },
        retroHunt: null,
      };
    });
  });
}
