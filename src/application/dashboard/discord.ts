import { publicBaseUrl } from '../../config.js';
import type { DiscordGuild } from '../../domain/discord.js';
import { DISCORD_BOT_PERMISSIONS, discordInviteUrl } from '../../domain/discord.js';
import type { DiscordMessageBody } from '../../lib/discord-rest.js';
import type { SessionCaller } from '../access/authenticate-session.js';
import { authorizeRole } from '../access/role-policy.js';
import { sessionActor } from '../audit/actors.js';
import type { UseCaseContext } from '../context.js';
import { createConnectCode, deleteDiscordGuild, putDiscordGuild } from '../discord/guilds.js';
import { scanMessage } from '../discord/scan-message.js';
import { readVisiblePin } from './pins.js';

/*
 * The dashboard's Discord settings (docs/discord.md, "Connecting a server"), for an Enterprise's
 * owner: the app's invite link, one-time connect codes, the connected servers and their staff roles.
 */

export interface DiscordSettings {
  /** Whether the operator set the app up; without it nothing here can be used in Discord. */
  appConfigured: boolean;
  /** Adds the app to a server (scopes `bot applications.commands`); null until it is set up. */
  inviteUrl: string | null;
  /** Where Discord sends interactions: the operator enters it in Discord's developer portal. */
  interactionsUrl: string;
  guilds: DiscordGuild[];
}

/** The owner and admins manage the Enterprise's Discord servers (docs/roles.md). */
async function ownedEnterprise(ctx: UseCaseContext, caller: SessionCaller, enterpriseId: number) {
  return (await authorizeRole(ctx, caller.accountId, enterpriseId, 'discord.manage')).enterprise;
}

export async function readDiscordSettings(
  ctx: UseCaseContext,
  caller: SessionCaller,
  enterpriseId: number,
): Promise<DiscordSettings> {
  await ownedEnterprise(ctx, caller, enterpriseId);
  const applicationId = ctx.discord?.applicationId;
  return {
    appConfigured: ctx.discord !== null,
    inviteUrl: applicationId === undefined ? null : discordInviteUrl(applicationId, DISCORD_BOT_PERMISSIONS),
    interactionsUrl: `${publicBaseUrl(ctx.config)}/discord/interactions`,
    guilds: await ctx.repos.discord.listGuilds(enterpriseId),
  };
}

export async function createDashboardConnectCode(
  ctx: UseCaseContext,
  caller: SessionCaller,
  enterpriseId: number,
): Promise<{ code: string; expiresAt: number }> {
  await ownedEnterprise(ctx, caller, enterpriseId);
  return createConnectCode(ctx, enterpriseId, sessionActor(caller));
}

/** Sets the staff roles of a server the Enterprise has connected (connecting is done in Discord). */
export async function setDiscordStaffRoles(
  ctx: UseCaseContext,
  caller: SessionCaller,
  enterpriseId: number,
  guildId: string,
  staffRoleIds: readonly string[],
): Promise<DiscordGuild> {
  await ownedEnterprise(ctx, caller, enterpriseId);
  return putDiscordGuild(ctx, enterpriseId, guildId, staffRoleIds, sessionActor(caller), {
    onlyIfConnected: true,
  });
}

export async function disconnectDiscordGuild(
  ctx: UseCaseContext,
  caller: SessionCaller,
  enterpriseId: number,
  guildId: string,
): Promise<void> {
  await ownedEnterprise(ctx, caller, enterpriseId);
  await deleteDiscordGuild(ctx, enterpriseId, guildId, sessionActor(caller));
}

/**
 * The message the Discord app shows for a PIN the person may see, as it would be drawn now: the
 * dashboard previews it with Discord's look (docs/discord.md, "The scan message").
 */
export async function previewScanMessage(
  ctx: UseCaseContext,
  caller: SessionCaller,
  pinCode: string,
): Promise<DiscordMessageBody> {
  const { pin, state } = await readVisiblePin(ctx, caller, pinCode);
  const followed = await ctx.repos.discord.findScanMessageOf(pin.id);
  return scanMessage(ctx, pin, state, followed?.playerDiscordId ?? null);
}
