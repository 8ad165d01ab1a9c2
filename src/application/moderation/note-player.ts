import { MODERATION_LIMITS, moderationText } from '../../domain/moderation.js';
import { NOTE_REACH } from '../../domain/moderation-reach.js';
import type { SessionCaller } from '../access/authenticate-session.js';
import { auditRefusals, recordAudit } from '../audit/record.js';
import type { UseCaseContext } from '../context.js';
import { refuse } from '../failures.js';
import { STAFF_NOTE_CATEGORY } from '../players/with-own-reports.js';
import { dashboardModerator, type EntryView, knownPlayer, type Moderator, viewOf } from './moderator.js';

/**
 * Adds a note on a player for the moderator's Enterprise (docs/roles.md, "Moderation"). Notes are
 * the Enterprise's own: its members' lookups show them among the reasons (category `staff-note`),
 * no other community ever does.
 */
export async function notePlayer(
  ctx: UseCaseContext,
  moderator: Moderator,
  discordId: string,
  rawText: string,
): Promise<EntryView> {
  const attempt = {
    actor: moderator.actor,
    action: 'reason.create',
    resource: { type: 'reason', id: null },
  } as const;
  return auditRefusals(ctx, attempt, async () => {
    const text = moderationText(rawText, MODERATION_LIMITS.note);
    if (text === undefined)
      refuse({
        code: 'invalid_body',
        detail: `text must hold 1 to ${MODERATION_LIMITS.note} characters besides spaces.`,
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
        resource: { type: 'reason', id: made.id },
        enterpriseId: enterprise.id,
        at: now,
        detail: { category: STAFF_NOTE_CATEGORY, reach: NOTE_REACH },
      });
      return made;
    });
    return viewOf(entry, now);
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
  const moderator = await dashboardModerator(ctx, caller, enterpriseId);
  return notePlayer(ctx, moderator, discordId, text);
}
