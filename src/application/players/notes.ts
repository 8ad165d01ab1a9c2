import { jsonDepth } from '../../domain/json-shape.js';
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
  const { evidence } = input;
  if (
    evidence !== undefined &&
    (jsonDepth(evidence) > MAX_EVIDENCE_DEPTH || JSON.stringify(evidence).length > MAX_EVIDENCE_CHARS)
  ) {
    refuse({ code: 'invalid_evidence', maxDepth: MAX_EVIDENCE_DEPTH, maxChars: MAX_EVIDENCE_CHARS });
  }
  const user = await ctx.repos.players.findUser(discordId);
  if (user === undefined) refuse({ code: 'scanned_user_not_found', discordId });
  const row = await ctx.repos.players.addReason({ userId: user.id, ...input, now: ctx.clock() });
  return {
    id: row.id,
    reason: row.reason,
    category: row.category,
    evidence: row.evidence === null ? null : (JSON.parse(row.evidence) as unknown),
    addedAt: row.added_at,
  };
}
