import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { type RulePack, rulesDigest } from '../../domain/rule-pack.js';
import type { Rule } from '../../domain/rules.js';
import type { UseCaseContext } from '../context.js';
import { planImport, refuseOlder, verifiedPublisher } from './pack-import-plan.js';
import { retroHunt } from './pack-retro-hunt.js';
import { describedPack, type PackImport } from './rule-packs.js';

/**
 * A pack's dry run (docs/rules.md, "Dry run (retro-hunt)"): every check of its import, and what the
 * import would change, without writing anything; then which stored scans the rules it would add or
 * change match. Built-in rules a project pack would take over are listed apart and not hunted with:
 * they have been judging every scan already.
 */
export async function dryRunRulePack(ctx: UseCaseContext, pack: RulePack): Promise<PackImport> {
  const publisher = await verifiedPublisher(ctx.repos, pack);
  const existing = await ctx.repos.rulePacks.findPack(pack.publisher.keyId, pack.name);
  // What the import would answer: an older or equal version with other rules is refused alike.
  refuseOlder(pack, existing, rulesDigest(pack.rules));
  const { changes, adoptions } = await planImport(ctx.repos, pack, existing);
  const now = ctx.clock();
  // Not stored, so each trial rule's id is its place in the list.
  const trial: Rule[] = [
    ...changes.added.map((r) => ({ ...r, enabled: true, createdAt: now, updatedAt: now })),
    ...changes.changed.map((c) => c.after),
  ].map((r, i) => ({ ...r, id: i + 1 }));
  // The workers keep compiled rules by this key: it names the very rules tested, which depend on
  // what the store holds as well as on the pack.
  const tested = createHash('sha256')
    .update(canonicalize(trial.map(({ createdAt: _c, updatedAt: _u, ...r }) => r)) ?? '')
    .digest('hex');
  return {
    outcome: 'dry-run',
    pack: describedPack(pack, publisher, existing?.version ?? null),
    changes,
    adopted: adoptions,
    retroHunt: await retroHunt(ctx, trial, `${pack.publisher.keyId}:${pack.name}:${tested}`),
  };
}
