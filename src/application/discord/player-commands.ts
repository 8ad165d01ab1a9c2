import { recordAudit } from '../audit/record.js';
import type { UseCaseContext } from '../context.js';
import { type LookupResult, lookUpPlayer } from '../players/lookup.js';
import { type RiskScoreResult, readRiskScore } from '../players/risk-score.js';
import { authorizeDiscordStaff, type InteractionOrigin } from './staff.js';

/*
 * `/lookup` and `/risk` (docs/discord.md, "Commands"): the same answers the API gives the Enterprise's
 * owner, for its staff in Discord. A player's data is personal data, so each read through Discord is
 * in the audit trail, naming the staff member (never the player).
 */

export async function lookupFromDiscord(
  ctx: UseCaseContext,
  origin: InteractionOrigin,
  discordId: string,
): Promise<LookupResult> {
  const staff = await authorizeDiscordStaff(ctx, origin);
  // Only this server's Enterprise's own reports: its owner may belong to others too.
  const result = await lookUpPlayer(ctx, staff.caller, discordId, [staff.enterprise.id]);
  await recordAudit(ctx.repos, {
    actor: staff.actor,
    action: 'scanned_user.lookup',
    resource: { type: 'scanned_user', id: null },
    enterpriseId: staff.enterprise.id,
    at: ctx.clock(),
    detail: { found: result.found },
  });
  return result;
}

export async function riskFromDiscord(
  ctx: UseCaseContext,
  origin: InteractionOrigin,
  discordId: string,
): Promise<RiskScoreResult> {
  const staff = await authorizeDiscordStaff(ctx, origin);
  const result = await readRiskScore(ctx, staff.caller, discordId, [staff.enterprise.id]);
  await recordAudit(ctx.repos, {
    actor: staff.actor,
    action: 'scanned_user.risk_score',
    resource: { type: 'scanned_user', id: null },
    enterpriseId: staff.enterprise.id,
    at: ctx.clock(),
    detail: { found: result.found },
  });
  return result;
}
