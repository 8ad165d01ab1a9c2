import { jsonDepth } from '../../domain/json-shape.js';
import { auditRefusals, OPERATOR, recordAudit } from '../audit/record.js';
import type { UseCaseContext } from '../context.js';
import { refuse } from '../failures.js';

/** Evidence is free-form JSON shown as is in lookups; bounded so it stays a note, not a payload. */
export const MAX_EVIDENCE_DEPTH = 10;
export const MAX_EVIDENCE_CHARS = 16_384;

export interface StaffNote {
  id: number;
  reason: string;
  category: string;
  evidence: unknown;
  addedAt: number;
}

/** Adds a staff note (a "reason") to a scanned user, shown in every lookup of them. */
export async function addStaffNote(
  ctx: UseCaseContext,
  discordId: string,
  input: { reason: string; category: string; evidence?: unknown },
): Promise<StaffNote> {
  const attempt = {
    actor: OPERATOR,
    action: 'reason.create',
    resource: { type: 'reason', id: null },
  } as const;
  return auditRefusals(ctx, attempt, () => addNote(ctx, discordId, input));
}

async function addNote(
  ctx: UseCaseContext,
  discordId: string,
  input: { reason: string; category: string; evidence?: unknown },
): Promise<StaffNote> {
  const { evidence } = input;
  if (
    evidence !== undefined &&
    (jsonDepth(evidence) > MAX_EVIDENCE_DEPTH || JSON.stringify(evidence).length > MAX_EVIDENCE_CHARS)
  ) {
    refuse({ code: 'invalid_evidence', maxDepth: MAX_EVIDENCE_DEPTH, maxChars: MAX_EVIDENCE_CHARS });
  }
  const now = ctx.clock();
  const row = await ctx.transaction(async (repos) => {
    // The note outdates the player's document, a row finishes update too: in turn with them (bans.ts).
    await repos.privacy.excludeFinishes();
    const user = await repos.players.findUser(discordId);
    if (user === undefined) refuse({ code: 'scanned_user_not_found', discordId });
    const added = await repos.players.addReason({ userId: user.id, ...input, now });
    // The note's id and category only: its text may name the player, and erasure removes it.
    await recordAudit(repos, {
      actor: OPERATOR,
      action: 'reason.create',
      resource: { type: 'reason', id: added.id },
      at: now,
      detail: { category: added.category },
    });
    return added;
  });
  return {
    id: row.id,
    reason: row.reason,
    category: row.category,
    evidence: row.evidence === null ? null : (JSON.parse(row.evidence) as unknown),
    addedAt: row.added_at,
  };
}
