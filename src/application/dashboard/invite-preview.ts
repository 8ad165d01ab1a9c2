import { isInviteUsable } from '../../domain/invite.js';
import { sha256Hex } from '../../lib/crypto.js';
import type { UseCaseContext } from '../context.js';
import { refuse } from '../failures.js';

export interface InvitePreview {
  enterprise: string;
  /** Whether accepting it now would work (not used up, revoked or expired; Enterprise active). */
  usable: boolean;
}

/**
 * What an invite link leads to, for the page that opens it before anyone signs in
 * (docs/dashboard.md, "Members and invites"). Holding the token is what lets one see the
 * Enterprise's name; it changes nothing and spends no use.
 */
export async function previewInvite(ctx: UseCaseContext, token: string): Promise<InvitePreview> {
  const invite = await ctx.repos.invites.findByToken(sha256Hex(token));
  if (invite === undefined) refuse({ code: 'unknown_invite' });
  const enterprise = await ctx.repos.enterprises.find(invite.enterpriseId);
  if (enterprise === undefined) refuse({ code: 'unknown_invite' });
  return { enterprise: enterprise.name, usable: enterprise.active && isInviteUsable(invite, ctx.clock()) };
}
