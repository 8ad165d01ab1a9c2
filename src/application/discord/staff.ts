import type { AuditActor } from '../../domain/audit.js';
import { isDiscordStaff } from '../../domain/discord.js';
import type { AccountCaller } from '../callers.js';
import type { UseCaseContext } from '../context.js';
import { refuse } from '../failures.js';

/** Who sent an interaction, as Discord signed it: the server, the channel and the member. */
export interface InteractionOrigin {
  /** null outside a server (a DM), where no command of ours runs. */
  guildId: string | null;
  channelId: string | null;
  member: { userId: string; username: string; roles: readonly string[]; permissions: string } | null;
}

/** A staff member of a connected server, acting for its Enterprise. */
export interface DiscordStaff {
  guildId: string;
  channelId: string | null;
  enterprise: { id: number; name: string; ownerAccountId: number };
  /** The Enterprise owner's account: the use cases run as it (PINs are created under it). */
  caller: AccountCaller;
  /** The audit trail names the Discord user, for the owner's account (docs/audit.md). */
  actor: AuditActor & { kind: 'discord' };
}

/**
 * The server must be connected to an active Enterprise, and the member must be its staff: a staff
 * role of the server, or Manage Server (docs/discord.md, "Commands"). Everything comes from the signed
 * interaction, never from a command's options.
 */
export async function authorizeDiscordStaff(
  ctx: UseCaseContext,
  origin: InteractionOrigin,
): Promise<DiscordStaff> {
  if (origin.guildId === null || origin.member === null) refuse({ code: 'discord_guild_not_connected' });
  const guild = await ctx.repos.discord.findGuild(origin.guildId);
  if (guild === undefined) refuse({ code: 'discord_guild_not_connected' });
  const enterprise = await ctx.repos.enterprises.find(guild.enterpriseId);
  if (enterprise === undefined || !enterprise.active) refuse({ code: 'discord_guild_not_connected' });
  if (!isDiscordStaff(origin.member, guild.staffRoleIds)) refuse({ code: 'discord_not_staff' });
  const account = await ctx.repos.accounts.find(enterprise.ownerAccountId);
  return {
    guildId: guild.guildId,
    channelId: origin.channelId,
    enterprise: { id: enterprise.id, name: enterprise.name, ownerAccountId: enterprise.ownerAccountId },
    caller: {
      accountId: enterprise.ownerAccountId,
      account:
        account === undefined
          ? null
          : { id: account.id, banned: account.banned, licenceExpiresAt: account.licenceExpiresAt },
    },
    actor: { kind: 'discord', accountId: enterprise.ownerAccountId, discordUserId: origin.member.userId },
  };
}
