import {
  banStatusOf,
  isUsableExpiry,
  MODERATION_LIMITS,
  moderationText,
  type SanctionKind,
} from '../../domain/moderation.js';
import { type ReachReason, reachReason, sanctionReach } from '../../domain/moderation-reach.js';
import type { SessionCaller } from '../access/authenticate-session.js';
import { auditRefusals, recordAudit } from '../audit/record.js';
import type { UseCaseContext } from '../context.js';
import { refuse } from '../failures.js';
import { dashboardModerator, type EntryView, knownPlayer, type ModeratorClaim, viewOf } from './moderator.js';

/** A ban or warning made, and why it stays the Enterprise's own (null when shared). */
export interface SanctionMade {
  entry: EntryView;
  reachReason: ReachReason | null;
}

export interface SanctionInput {
  kind: SanctionKind;
  reason: string;
  expiresAt: number | null;
}

/**
 * Bans or warns a player for the moderator's Enterprise (docs/roles.md, "Moderation"). Where it
 * reaches is decided in the same transaction as it is written, in turn with scans finishing
 * (domain/moderation-reach.ts): a shared one covers every hardware ID linked to the player now, as an
 * operator's ban does; one that reaches only the Enterprise covers none, and becomes shared when the
 * player proves their account in a later scan (storage/repositories/moderation.ts, sanctionsSharer).
 */
export async function sanctionPlayer(
  ctx: UseCaseContext,
  claim: ModeratorClaim,
  discordId: string,
  input: SanctionInput,
): Promise<SanctionMade & { enterpriseName: string }> {
  const attempt = {
    actor: claim.actor,
    action: 'ban.create',
    resource: { type: 'moderation_entry', id: null },
  } as const;
  return auditRefusals(ctx, attempt, async () => {
    const moderator = await claim.resolve();
    const now = ctx.clock();
    const reason = moderationText(input.reason, MODERATION_LIMITS.reason);
    if (reason === undefined)
      refuse({
        code: 'invalid_body',
        detail: `reason must hold 1 to ${MODERATION_LIMITS.reason} characters besides spaces, and no control characters but line breaks and tabs.`,
      });
    if (input.expiresAt !== null && !isUsableExpiry(input.expiresAt, now))
      refuse({ code: 'invalid_expiry', expiresAt: input.expiresAt });
    const made = await ctx.transaction(async (repos) => {
      // As the operator's ban (application/players/bans.ts): in turn with finishes, so the player's
      // profile and hardware read here are still theirs when the ban is written, and a proof that
      // finishes after it shares it.
      await repos.privacy.excludeFinishes();
      const enterprise = await repos.enterprises.find(moderator.enterprise.id);
      if (enterprise === undefined || !enterprise.active)
        refuse({ code: 'enterprise_not_found', enterpriseId: moderator.enterprise.id });
      const { userId } = await knownPlayer(repos, enterprise, discordId);
      const hwidIds = userId === null ? [] : await repos.players.hwidIdsOf(userId);
      const standing = { proven: userId !== null, hardware: hwidIds.length };
      const reach = sanctionReach(standing, enterprise.reportsShared);
      const ban =
        reach === 'shared' && userId !== null
          ? await repos.players.createBan({
              userId,
              hwidIds,
              status: banStatusOf(input.kind),
              reason,
              expiresAt: input.expiresAt,
              now,
              enterpriseId: enterprise.id,
              accountId: moderator.accountId,
            })
          : undefined;
      const entry = await repos.moderation.insert({
        enterpriseId: enterprise.id,
        discordId,
        kind: input.kind,
        reason,
        accountId: moderator.accountId,
        staffName: moderator.staffName,
        banId: ban?.id ?? null,
        expiresAt: input.expiresAt,
        now,
      });
      // Never the player's ID or the reason: they stay with the entry, so erasure removes them.
      await recordAudit(repos, {
        actor: moderator.actor,
        action: 'ban.create',
        // The entry's id: its `bans` row, if shared, is numbered apart (docs/audit.md).
        resource: { type: 'moderation_entry', id: entry.id },
        enterpriseId: enterprise.id,
        at: now,
        detail: {
          status: banStatusOf(input.kind),
          reach,
          hardwareCovered: ban === undefined ? 0 : hwidIds.length,
        },
      });
      return { entry, reachReason: reachReason(standing, enterprise.reportsShared) };
    });
    return {
      entry: viewOf(made.entry, now),
      reachReason: made.reachReason,
      enterpriseName: moderator.enterprise.name,
    };
  });
}

/** POST /app/api/players/:discordId/bans: a signed-in person whose role may moderate there. */
export async function sanctionFromDashboard(
  ctx: UseCaseContext,
  caller: SessionCaller,
  discordId: string,
  enterpriseId: number | undefined,
  input: SanctionInput,
): Promise<EntryView> {
  return (await sanctionPlayer(ctx, dashboardModerator(ctx, caller, enterpriseId), discordId, input)).entry;
}
