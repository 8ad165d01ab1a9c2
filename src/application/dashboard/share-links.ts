import { publicBaseUrl } from '../../config.js';
import type { AuditActor } from '../../domain/audit.js';
import { observe } from '../../domain/pin-lifecycle.js';
import { dashboardAccessTo } from '../../domain/pin-visibility.js';
import {
  isShareLive,
  mayWithdrawShareLink,
  redactForSharing,
  type SharedResult,
  shareExpiry,
} from '../../domain/share-link.js';
import { randomToken, sha256Hex } from '../../lib/crypto.js';
import type { ShareLink } from '../../storage/repositories/share-links.js';
import type { SessionCaller } from '../access/authenticate-session.js';
import { sessionActor } from '../audit/actors.js';
import { recordAudit } from '../audit/record.js';
import type { UseCaseContext } from '../context.js';
import { refuse } from '../failures.js';
import { lifecycleSettings } from '../settings.js';
import { readVisiblePin } from './pins.js';
import { viewerFor, viewerOf } from './viewer.js';

export const SHARE_PATH = '/share/';

/** Shares a finished PIN the person may see; the URL (with its token) is in this answer only. */
export async function createShareLink(
  ctx: UseCaseContext,
  caller: SessionCaller,
  pinCode: string,
  input: { expiresInDays?: number },
): Promise<{ link: ShareLink; url: string }> {
  const { pin, state } = await readVisiblePin(ctx, caller, pinCode);
  return shareFinishedPin(ctx, { pin, state }, caller.accountId, input, sessionActor(caller));
}

/**
 * Shares a PIN the caller was allowed to see (checked by the surface's own rule: the dashboard's
 * visibility, or Discord staff of the PIN's Enterprise): only once its scan has finished.
 */
export async function shareFinishedPin(
  ctx: UseCaseContext,
  { pin, state }: { pin: { id: number; code: string; enterpriseId: number }; state: { status: string } },
  accountId: number,
  input: { expiresInDays?: number },
  actor: AuditActor,
): Promise<{ link: ShareLink; url: string }> {
  if (state.status !== 'finished') refuse({ code: 'pin_not_finished', pin: pin.code });
  const token = randomToken(32);
  const now = ctx.clock();
  const link = await ctx.transaction(async (repos) => {
    const made = await repos.shareLinks.create({
      pinId: pin.id,
      accountId,
      tokenHash: sha256Hex(token),
      now,
      expiresAt: shareExpiry(now, input.expiresInDays),
    });
    // A public page of a scan: who made it is recorded (docs/audit.md), never the token.
    await recordAudit(repos, {
      actor,
      action: 'share_link.create',
      resource: { type: 'pin', id: pin.id },
      enterpriseId: pin.enterpriseId,
      at: now,
      detail: { shareLinkId: made.id, expiresAt: new Date(made.expiresAt).toISOString() },
    });
    return made;
  });
  return { link, url: `${publicBaseUrl(ctx.config)}${SHARE_PATH}${token}` };
}

/** The owner of the active Enterprise a PIN was created under, who may withdraw any of its links. */
async function enterpriseOwnerOf(ctx: UseCaseContext, enterpriseId: number): Promise<number | null> {
  const enterprise = await ctx.repos.enterprises.find(enterpriseId);
  return enterprise?.active ? enterprise.ownerAccountId : null;
}

/** Anyone who may see the PIN sees its links, and which of them they may withdraw. */
export async function listShareLinks(
  ctx: UseCaseContext,
  caller: SessionCaller,
  pinCode: string,
): Promise<Array<ShareLink & { mayWithdraw: boolean }>> {
  const { pin } = await readVisiblePin(ctx, caller, pinCode);
  const owner = await enterpriseOwnerOf(ctx, pin.enterpriseId);
  const links = await ctx.repos.shareLinks.listForPin(pin.id);
  return links.map((link) => ({
    ...link,
    mayWithdraw: mayWithdrawShareLink(link, owner, caller.accountId),
  }));
}

/**
 * Withdraws a share link: its maker or the Enterprise's owner (domain/share-link.ts). Someone who may
 * not see the PIN learns nothing of the link (404); a member who may see it is told who can (403).
 */
export async function revokeShareLink(ctx: UseCaseContext, caller: SessionCaller, id: number): Promise<void> {
  const link = await ctx.repos.shareLinks.find(id);
  const pin = link === undefined ? undefined : await ctx.repos.pins.findById(link.pinId);
  if (
    link === undefined ||
    pin === undefined ||
    dashboardAccessTo(pin, await viewerOf(ctx, caller)) === 'forbidden'
  )
    refuse({ code: 'share_link_not_found' });
  if (!mayWithdrawShareLink(link, await enterpriseOwnerOf(ctx, pin.enterpriseId), caller.accountId))
    refuse({ code: 'share_link_forbidden', shareLinkId: id });
  await ctx.repos.shareLinks.revoke(id, ctx.clock());
}

/** The public, redacted result behind a share link; unknown, revoked and expired links look alike. */
export async function readSharedResult(ctx: UseCaseContext, token: string): Promise<SharedResult> {
  const now = ctx.clock();
  const link = await ctx.repos.shareLinks.findByToken(sha256Hex(token));
  if (link === undefined || !isShareLive(link, now)) refuse({ code: 'share_link_not_found' });
  const pinRef = await ctx.repos.pins.findById(link.pinId);
  const pin = pinRef === undefined ? undefined : await ctx.repos.pins.findByCode(pinRef.code);
  if (pin === undefined || pin.report === null) refuse({ code: 'share_link_not_found' });
  // A link speaks for whoever made it only while they may still see the PIN: removing, banning or
  // deleting them withdraws their links at once.
  const sharer = await ctx.repos.accounts.find(link.createdByAccountId);
  if (
    sharer === undefined ||
    sharer.banned ||
    dashboardAccessTo(pin, await viewerFor(ctx, sharer.id)) === 'forbidden'
  )
    refuse({ code: 'share_link_not_found' });
  const state = observe(pin.state, now, lifecycleSettings(ctx.config));
  if (state.status !== 'finished' || state.result === null) refuse({ code: 'share_link_not_found' });
  return redactForSharing(pin, state.result, state.lastStatusUpdate ?? pin.createdAt, pin.report);
}
