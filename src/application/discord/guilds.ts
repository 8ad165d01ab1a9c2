import {
  CONNECT_CODE_ALPHABET,
  CONNECT_CODE_LENGTH,
  CONNECT_CODE_TTL_MS,
  hasManageServer,
  normalizeConnectCode,
} from '../../domain/discord.js';
import { randomString, sha256Hex } from '../../lib/crypto.js';
import { type DiscordGuild, GuildTaken } from '../../storage/repositories/discord.js';
import type { TransactionRepositories } from '../../storage/repositories/index.js';
import { type AuditActor, OPERATOR, recordAudit } from '../audit/record.js';
import type { UseCaseContext } from '../context.js';
import { refuse } from '../failures.js';
import type { InteractionOrigin } from './staff.js';

/*
 * Which Discord servers an Enterprise has connected, and their staff roles (docs/discord.md,
 * "Connecting a server"). A server belongs to at most one Enterprise. The operator connects one
 * directly; an owner makes a one-time code in the dashboard that a manager of the server uses with
 * `/scanpin connect`.
 */

/** The Enterprise must exist; a deactivated one may still be given servers (its commands are refused until it is active). */
async function knownEnterprise(ctx: UseCaseContext, enterpriseId: number) {
  const enterprise = await ctx.repos.enterprises.find(enterpriseId);
  if (enterprise === undefined) refuse({ code: 'enterprise_not_found', enterpriseId });
  return enterprise;
}

async function connect(
  repos: TransactionRepositories,
  input: {
    guildId: string;
    enterpriseId: number;
    staffRoleIds: readonly string[] | null;
    now: number;
    onlyIfConnected?: boolean;
  },
  actor: AuditActor,
): Promise<DiscordGuild> {
  try {
    const connected = await repos.discord.connectGuild(input);
    if (connected === undefined) refuse({ code: 'discord_guild_not_found', guildId: input.guildId });
    const { guild, created } = connected;
    await recordAudit(repos, {
      actor,
      action: created ? 'discord_guild.connect' : 'discord_guild.update',
      resource: { type: 'enterprise', id: input.enterpriseId },
      enterpriseId: input.enterpriseId,
      at: input.now,
      detail: { guildId: guild.guildId, staffRoles: guild.staffRoleIds.length },
    });
    return guild;
  } catch (err) {
    if (err instanceof GuildTaken) refuse({ code: 'discord_guild_taken', guildId: input.guildId });
    throw err;
  }
}

/**
 * Operator: connects a server to an Enterprise with these staff roles, or sets the roles of one it
 * has. `onlyIfConnected` (the owner in the dashboard, who connects in Discord): never connects.
 */
export async function putDiscordGuild(
  ctx: UseCaseContext,
  enterpriseId: number,
  guildId: string,
  staffRoleIds: readonly string[],
  actor: AuditActor = OPERATOR,
  options: { onlyIfConnected?: boolean } = {},
): Promise<DiscordGuild> {
  await knownEnterprise(ctx, enterpriseId);
  const now = ctx.clock();
  return ctx.transaction((repos) =>
    connect(
      repos,
      { guildId, enterpriseId, staffRoleIds: [...new Set(staffRoleIds)], now, ...options },
      actor,
    ),
  );
}

/** Disconnects a server from the Enterprise: its commands are refused from then on. */
export async function deleteDiscordGuild(
  ctx: UseCaseContext,
  enterpriseId: number,
  guildId: string,
  actor: AuditActor = OPERATOR,
): Promise<void> {
  await knownEnterprise(ctx, enterpriseId);
  const now = ctx.clock();
  await ctx.transaction(async (repos) => {
    if (!(await repos.discord.disconnectGuild(guildId, enterpriseId)))
      refuse({ code: 'discord_guild_not_found', guildId });
    await recordAudit(repos, {
      actor,
      action: 'discord_guild.disconnect',
      resource: { type: 'enterprise', id: enterpriseId },
      enterpriseId,
      at: now,
      detail: { guildId },
    });
  });
}

export async function listDiscordGuilds(ctx: UseCaseContext, enterpriseId: number): Promise<DiscordGuild[]> {
  await knownEnterprise(ctx, enterpriseId);
  return ctx.repos.discord.listGuilds(enterpriseId);
}

/** A one-time code for `/scanpin connect`, shown once; only its hash is kept. */
export async function createConnectCode(
  ctx: UseCaseContext,
  enterpriseId: number,
  actor: AuditActor,
): Promise<{ code: string; expiresAt: number }> {
  await knownEnterprise(ctx, enterpriseId);
  const code = randomString(CONNECT_CODE_ALPHABET, CONNECT_CODE_LENGTH);
  const now = ctx.clock();
  const expiresAt = now + CONNECT_CODE_TTL_MS;
  await ctx.transaction(async (repos) => {
    await repos.discord.createConnectCode({
      codeHash: sha256Hex(code),
      enterpriseId,
      accountId: actor.kind === 'operator' ? null : actor.accountId,
      now,
      expiresAt,
    });
    await recordAudit(repos, {
      actor,
      action: 'discord_connect_code.create',
      resource: { type: 'enterprise', id: enterpriseId },
      enterpriseId,
      at: now,
    });
  });
  return { code, expiresAt };
}

/**
 * `/scanpin connect code:…` from a member with Manage Server: spends the code and connects the server
 * to the code's Enterprise. The code is spent only if the server is connected: a server taken by
 * another Enterprise leaves it usable elsewhere.
 */
export async function connectWithCode(
  ctx: UseCaseContext,
  origin: InteractionOrigin,
  rawCode: string,
): Promise<{ guild: DiscordGuild; enterpriseName: string }> {
  if (origin.guildId === null || origin.member === null) refuse({ code: 'discord_guild_not_connected' });
  if (!hasManageServer(origin.member.permissions)) refuse({ code: 'manage_server_required' });
  const code = normalizeConnectCode(rawCode);
  if (code === undefined) refuse({ code: 'invalid_connect_code' });
  const { guildId, member } = origin;
  const now = ctx.clock();
  const guild = await ctx.transaction(async (repos) => {
    const enterpriseId = await repos.discord.spendConnectCode(sha256Hex(code), guildId, now);
    if (enterpriseId === undefined) refuse({ code: 'invalid_connect_code' });
    const enterprise = await repos.enterprises.find(enterpriseId);
    if (enterprise === undefined || !enterprise.active) refuse({ code: 'invalid_connect_code' });
    const actor: AuditActor = {
      kind: 'discord',
      accountId: enterprise.ownerAccountId,
      discordUserId: member.userId,
    };
    return connect(repos, { guildId, enterpriseId, staffRoleIds: null, now }, actor);
  });
  const enterprise = await ctx.repos.enterprises.find(guild.enterpriseId);
  return { guild, enterpriseName: enterprise?.name ?? '' };
}
