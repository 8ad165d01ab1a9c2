import type { SessionCaller } from '../access/authenticate-session.js';
import { requireRoleMay, standingIn } from '../access/role-policy.js';
import { sessionActor } from '../audit/actors.js';
import { auditRefusals, recordAudit } from '../audit/record.js';
import type { UseCaseContext } from '../context.js';
import { refuse } from '../failures.js';
import { readVisiblePin, type VisiblePin } from './pins.js';

/**
 * Staff's word that a finding is a false positive (docs/rules.md, "Rule quality"): one mark per scan
 * and rule, counted against the rule for the operator. A mark never changes the scan's verdict, its
 * results or anything a player or a bot reads: staff decide what to do about the scan themselves.
 */

/**
 * The PIN, if the person may see it (404 as for the PIN otherwise), is staff of its active Enterprise
 * (finding_review_forbidden otherwise: the creator of a PIN of an Enterprise they left, or that was
 * deactivated, still sees it but no longer speaks for the Enterprise), and their role may review
 * findings (docs/roles.md: a viewer reads, and does not flag rules to the operator).
 */
async function reviewablePin(
  ctx: UseCaseContext,
  caller: SessionCaller,
  pinCode: string,
): Promise<VisiblePin> {
  const visible = await readVisiblePin(ctx, caller, pinCode);
  const standing = await standingIn(ctx, caller.accountId, visible.pin.enterpriseId);
  if (standing === undefined || !standing.enterprise.active)
    refuse({ code: 'finding_review_forbidden', pin: visible.pin.code });
  requireRoleMay(standing.role, 'finding.review');
  return visible;
}

/** Marks the scan's finding of `ruleId` a false positive (again, with a new note, if it was). Audited. */
export async function markFalsePositive(
  ctx: UseCaseContext,
  caller: SessionCaller,
  pinCode: string,
  ruleId: number,
  input: { note?: string | null | undefined },
): Promise<void> {
  const actor = sessionActor(caller);
  const attempt = {
    actor,
    action: 'finding.mark_false_positive',
    resource: { type: 'pin', id: null },
  } as const;
  await auditRefusals(ctx, attempt, async () => {
    const { pin } = await reviewablePin(ctx, caller, pinCode);
    const note = input.note?.trim() || null;
    await ctx.transaction(async (repos) => {
      // A finding is a hit the scan's judging recorded; no hit, nothing to mark.
      if (!(await repos.ruleQuality.hitExists(pin.id, ruleId)))
        refuse({ code: 'finding_not_found', pin: pin.code, ruleId });
      const now = ctx.clock();
      const first = await repos.ruleQuality.mark({
        pinId: pin.id,
        ruleId,
        accountId: caller.accountId,
        note,
        at: now,
      });
      // Never the note's text (docs/audit.md, "What an entry never holds").
      await recordAudit(repos, {
        actor,
        action: 'finding.mark_false_positive',
        resource: { type: 'pin', id: pin.id },
        enterpriseId: pin.enterpriseId,
        at: now,
        detail: { ruleId, noted: note !== null, again: !first },
      });
    });
  });
}

/** Takes a mark back. Nothing to take back is no change (and no audit entry). */
export async function unmarkFalsePositive(
  ctx: UseCaseContext,
  caller: SessionCaller,
  pinCode: string,
  ruleId: number,
): Promise<void> {
  const actor = sessionActor(caller);
  const attempt = {
    actor,
    action: 'finding.unmark_false_positive',
    resource: { type: 'pin', id: null },
  } as const;
  await auditRefusals(ctx, attempt, async () => {
    const { pin } = await reviewablePin(ctx, caller, pinCode);
    await ctx.transaction(async (repos) => {
      if (!(await repos.ruleQuality.hitExists(pin.id, ruleId)))
        refuse({ code: 'finding_not_found', pin: pin.code, ruleId });
      if (!(await repos.ruleQuality.unmark(pin.id, ruleId))) return;
      const now = ctx.clock();
      await recordAudit(repos, {
        actor,
        action: 'finding.unmark_false_positive',
        resource: { type: 'pin', id: pin.id },
        enterpriseId: pin.enterpriseId,
        at: now,
        detail: { ruleId },
      });
    });
  });
}
