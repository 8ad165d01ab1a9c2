import { expiryInDays, type SanctionKind } from '../../domain/moderation.js';
import type { ReachReason } from '../../domain/moderation-reach.js';
import { requireRoleMay } from '../access/role-policy.js';
import type { UseCaseContext } from '../context.js';
import { authorizeDiscordStaff, type InteractionOrigin } from '../discord/staff.js';
import { discordStaffRole } from '../pins/staff-creation.js';
import { liftEntries, sanctionsInForce } from './lift-sanction.js';
import type { EntryView, Moderator } from './moderator.js';
import { notePlayer } from './note-player.js';
import { sanctionPlayer } from './sanction-player.js';

/*
 * `/ban`, `/warn`, `/note` and `/unban` in the Discord app (docs/discord.md, "Commands"): staff of a
 * connected server, acting with the role docs/roles.md ("In Discord") gives them, for the server's
 * Enterprise. The entries are signed with their Discord name; the audit trail names their Discord ID.
 */

/** A Discord staff member whose role may moderate, as the moderation use cases take them. */
async function discordModerator(ctx: UseCaseContext, origin: InteractionOrigin): Promise<Moderator> {
  const staff = await authorizeDiscordStaff(ctx, origin);
  requireRoleMay(await discordStaffRole(ctx, staff), 'player.moderate');
  return {
    enterprise: { id: staff.enterprise.id, name: staff.enterprise.name },
    actor: staff.actor,
    accountId: null,
    staffName: origin.member?.username ?? null,
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
  const moderator = await discordModerator(ctx, origin);
  const { entry, reachReason } = await sanctionPlayer(ctx, moderator, input.discordId, {
    kind: input.kind,
    reason: input.reason,
    expiresAt: expiryInDays(input.days, ctx.clock()),
  });
  return { enterpriseName: moderator.enterprise.name, entry, reachReason };
}

/** `/note`. */
export async function noteFromDiscord(
  ctx: UseCaseContext,
  origin: InteractionOrigin,
  input: { discordId: string; text: string },
): Promise<DiscordModeration> {
  const moderator = await discordModerator(ctx, origin);
  const entry = await notePlayer(ctx, moderator, input.discordId, input.text);
  return { enterpriseName: moderator.enterprise.name, entry };
}

/** `/unban`: lifts every ban and warning of the server's Enterprise on the player that is in force. */
export async function unbanFromDiscord(
  ctx: UseCaseContext,
  origin: InteractionOrigin,
  discordId: string,
): Promise<{ enterpriseName: string; lifted: number }> {
  const moderator = await discordModerator(ctx, origin);
  const open = await sanctionsInForce(ctx, moderator.enterprise.id, discordId);
  await liftEntries(ctx, moderator.actor, open);
  return { enterpriseName: moderator.enterprise.name, lifted: open.length };
}
