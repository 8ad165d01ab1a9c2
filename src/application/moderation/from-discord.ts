import { expiryInDays, type SanctionKind } from '../../domain/moderation.js';
import type { ReachReason } from '../../domain/moderation-reach.js';
import { requireRoleMay } from '../access/role-policy.js';
import type { UseCaseContext } from '../context.js';
import { authorizeDiscordStaff, type InteractionOrigin } from '../discord/staff.js';
import { discordStaffRole } from '../pins/staff-creation.js';
import { liftSanctionsInForce } from './lift-sanction.js';
import type { EntryView, ModeratorClaim } from './moderator.js';
import { notePlayer } from './note-player.js';
import { sanctionPlayer } from './sanction-player.js';

/*
 * `/ban`, `/warn`, `/note` and `/unban` in the Discord app (docs/discord.md, "Commands"): staff of a
 * connected server, acting with the role docs/roles.md ("In Discord") gives them, for the server's
 * Enterprise. The entries are signed with their Discord name; the audit trail names their Discord ID.
 */

/**
 * A Discord staff member of a connected server (authenticated by the signed interaction), to moderate
 * for the server's Enterprise if the role docs/roles.md ("In Discord") gives them may.
 */
async function discordModerator(ctx: UseCaseContext, origin: InteractionOrigin): Promise<ModeratorClaim> {
  const staff = await authorizeDiscordStaff(ctx, origin);
  return {
    actor: staff.actor,
    resolve: async () => {
      requireRoleMay(await discordStaffRole(ctx, staff), 'player.moderate');
      return {
        enterprise: { id: staff.enterprise.id, name: staff.enterprise.name },
        actor: staff.actor,
        accountId: null,
        staffName: origin.member?.username ?? null,
      };
    },
  };
}

export interface DiscordModeration {
  enterpriseName: string;
  entry: EntryView;
}

/** A ban or warning made, and why it stays the Enterprise's own (null when shared). */
export interface DiscordSanction extends DiscordModeration {
  reachReason: ReachReason | null;
}

/** `/ban` and `/warn`: `days` from now, or until lifted. */
export async function sanctionFromDiscord(
  ctx: UseCaseContext,
  origin: InteractionOrigin,
  input: { kind: SanctionKind; discordId: string; reason: string; days?: number },
): Promise<DiscordSanction> {
  return sanctionPlayer(ctx, await discordModerator(ctx, origin), input.discordId, {
    kind: input.kind,
    reason: input.reason,
    expiresAt: expiryInDays(input.days, ctx.clock()),
  });
}

/** `/note`. */
export async function noteFromDiscord(
  ctx: UseCaseContext,
  origin: InteractionOrigin,
  input: { discordId: string; text: string },
): Promise<DiscordModeration> {
  return notePlayer(ctx, await discordModerator(ctx, origin), input.discordId, input.text);
}

/** `/unban`: lifts every ban and warning of the server's Enterprise on the player that is in force. */
export async function unbanFromDiscord(
  ctx: UseCaseContext,
  origin: InteractionOrigin,
  discordId: string,
): Promise<{ enterpriseName: string; lifted: number }> {
  return liftSanctionsInForce(ctx, await discordModerator(ctx, origin), discordId);
}
