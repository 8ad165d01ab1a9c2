/**
 * Invites (docs/dashboard.md, "Members and invites"): an Enterprise owner's link that makes whoever
 * accepts it a member. It expires (7 days by default, 30 at most), can be limited to a number of
 * uses (one by default), and can be revoked.
 */

export const DEFAULT_INVITE_DAYS = 7;
export const MAX_INVITE_DAYS = 30;
const DAY_MS = 24 * 3_600_000;

export interface InviteFacts {
  expiresAt: number;
  maxUses: number | null;
  uses: number;
  revokedAt: number | null;
}

export function inviteExpiry(now: number, days: number = DEFAULT_INVITE_DAYS): number {
  return now + Math.min(Math.max(1, Math.floor(days)), MAX_INVITE_DAYS) * DAY_MS;
}

export function isInviteUsable(invite: InviteFacts, now: number): boolean {
  return (
    invite.revokedAt === null &&
    now < invite.expiresAt &&
    (invite.maxUses === null || invite.uses < invite.maxUses)
  );
}

export type { Role } from './roles.js';
