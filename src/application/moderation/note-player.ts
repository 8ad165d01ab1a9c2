import { MODERATION_LIMITS, moderationText } from '../../domain/moderation.js';
import { NOTE_REACH } from '../../domain/moderation-reach.js';
import type { SessionCaller } from '../access/authenticate-session.js';
import { auditRefusals, recordAudit } from '../audit/record.js';
import type { UseCaseContext } from '../context.js';
import { refuse } from '../failures.js';
import { STAFF_NOTE_CATEGORY } from '../players/with-own-reports.js';
import { dashboardModerator, type EntryView, knownPlayer, type ModeratorClaim, viewOf } from './moderator.js';

/**
 * Adds a note on a player for the moderator's Enterprise (docs/roles.md, "Moderation"). Notes are
 * the Enterprise's own: its members' lookups show them among the reasons (category `staff-note`),
 * no other community ever does.
 */
export async function notePlayer(
  ctx: UseCaseContext,
  claim: ModeratorClaim,
  discordId: string,
  rawText: string,
): Promise<{ entry: EntryView; enterpriseName: string }> {
  const attempt = {
    actor: claim.actor,
    action: 'reason.create',
    resource: { type: 'moderation_entry', id: null },
  } as const;
  return auditRefusals(ctx, attempt, async () => {
    const moderator = await claim.resolve();
    const text = moderationText(rawText, MODERATION_LIMITS.note);
    if (text === undefined)
      refuse({
        code: 'invalid_body',
        detail: `text must hold 1 to ${MODERATION_LIMITS.note} characters besides spaces, and no control characters but line breaks and tabs.`,
      });
    const now = ctx.clock();
    const entry = await ctx.transaction(async (repos) => {
      const enterprise = await repos.enterprises.find(moderator.enterprise.id);
      if (enterprise === undefined || !enterprise.active)
        refuse({ code: 'enterprise_not_found', enterpriseId: moderator.enterprise.id });
      await knownPlayer(repos, enterprise, discordId);
      const made = await repos.moderation.insert({
        enterpriseId: enterprise.id,
        discordId,
        kind: 'note',
        reason: text,
        accountId: moderator.accountId,
        staffName: moderator.staffName,
        banId: null,
        expiresAt: null,
        now,
      });
      // The note's id and category only: its text may name the player, and erasure removes it.
      await recordAudit(repos, {
        actor: moderator.actor,
        action: 'reason.create',
        // The entry's id, numbered apart from the operator's notes (docs/audit.md).
        resource: { type: 'moderation_entry', id: made.id },
        enterpriseId: enterprise.id,
        at: now,
        detail: { category: STAFF_NOTE_CATEGORY, reach: NOTE_REACH },
      });
      return made;
    });
    return { entry: viewOf(entry, now), enterpriseName: moderator.enterprise.name };
  });
}

/** POST /app/api/players/:discordId/notes: a signed-in person whose role may moderate there. */
export async function noteFromDashboard(
  ctx: UseCaseContext,
  caller: SessionCaller,
  discordId: string,
  enterpriseId: number | undefined,
  text: string,
): Promise<EntryView> {
  return (await notePlayer(ctx, dashboardModerator(ctx, caller, enterpriseId), discordId, text)).entry;
}
