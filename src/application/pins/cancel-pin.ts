import type { AuditActor } from '../../domain/audit.js';
import type { Pin } from '../../domain/pin.js';
import { normalisePinCode } from '../../domain/pin-code.js';
import { cancel, type PinState } from '../../domain/pin-lifecycle.js';
import { apiAccessTo, dashboardAccessTo } from '../../domain/pin-visibility.js';
import type { SessionCaller } from '../access/authenticate-session.js';
import { authorizeRole, requireRoleMay } from '../access/role-policy.js';
import { sessionActor } from '../audit/actors.js';
import { actorOf, recordAudit } from '../audit/record.js';
import type { KeyCaller } from '../callers.js';
import type { UseCaseContext } from '../context.js';
import { viewerOf } from '../dashboard/viewer.js';
import { authorizeDiscordStaff, type InteractionOrigin } from '../discord/staff.js';
import { refuse } from '../failures.js';
import { applyMove } from '../scans/apply-move.js';
import { pinEvent } from '../webhooks/pin-events.js';
import { discordStaffRole } from './staff-creation.js';
import { timelineRows } from './timeline.js';

/*
 * Cancelling a pending PIN (docs/api.md, "Cancelling a PIN"): it becomes `expired` at once with a
 * message that says it was cancelled, so its slot is free, its event streams end and `pin.expired`
 * is sent, as for any PIN that ends unused. A PIN being scanned, or already ended, is refused
 * (409 pin_not_cancellable).
 */

/** The move, its event, timeline entry and audit entry, written together at the PIN's revision. */
async function cancelPin(ctx: UseCaseContext, pin: Pin, actor: AuditActor): Promise<PinState> {
  return applyMove(ctx, pin, cancel, (current, next, now) =>
    ctx.transaction(async (repos) => {
      if (!(await repos.pins.writeState(current, next))) return false;
      await repos.webhooks.record(pinEvent(current, current.state, next, null, now));
      for (const row of timelineRows(current, current.state, next)) await repos.pinTimeline.append(row);
      // Never the code: it is what lets a scan start (docs/audit.md).
      await recordAudit(repos, {
        actor,
        action: 'pin.cancel',
        resource: { type: 'pin', id: current.id },
        enterpriseId: current.enterpriseId,
        at: now,
      });
      return true;
    }),
  );
}

async function pinOf(ctx: UseCaseContext, rawCode: string): Promise<Pin> {
  const code = normalisePinCode(rawCode);
  const pin = await ctx.repos.pins.findByCode(code);
  if (pin === undefined) refuse({ code: 'pin_not_found', pin: code });
  return pin;
}

/** POST /v1/pins/:pinCode/cancel: the key's account created the PIN (as for its status). */
export async function cancelPinWithKey(
  ctx: UseCaseContext,
  caller: KeyCaller,
  rawCode: string,
): Promise<{ pin: Pin; state: PinState }> {
  const pin = await pinOf(ctx, rawCode);
  if (apiAccessTo(pin, caller.accountId) === 'forbidden') refuse({ code: 'pin_forbidden', pin: pin.code });
  return { pin, state: await cancelPin(ctx, pin, actorOf(caller)) };
}

/**
 * The dashboard: a PIN the person may see, in an Enterprise where their role may cancel
 * (docs/roles.md); another's private PIN is as good as missing.
 */
export async function cancelPinAsStaff(
  ctx: UseCaseContext,
  caller: SessionCaller,
  rawCode: string,
): Promise<{ pin: Pin; state: PinState }> {
  const pin = await pinOf(ctx, rawCode);
  const viewer = await viewerOf(ctx, caller);
  if (dashboardAccessTo(pin, viewer) === 'forbidden') refuse({ code: 'pin_not_found', pin: pin.code });
  await authorizeRole(ctx, caller.accountId, pin.enterpriseId, 'pin.cancel');
  return { pin, state: await cancelPin(ctx, pin, sessionActor(caller)) };
}

/**
 * `/cancel` in the Discord app (docs/discord.md, "Commands"): staff of a connected server, acting
 * with the role docs/roles.md ("In Discord") gives them, for a PIN of the server's Enterprise that
 * the Enterprise may see (its owner's, which `/scan` makes, or a member's that is not private).
 * Any other PIN is as good as missing.
 */
export async function cancelPinFromDiscord(
  ctx: UseCaseContext,
  origin: InteractionOrigin,
  rawCode: string,
): Promise<{ pin: Pin; state: PinState }> {
  const staff = await authorizeDiscordStaff(ctx, origin);
  requireRoleMay(await discordStaffRole(ctx, staff), 'pin.cancel');
  const pin = await pinOf(ctx, rawCode);
  const enterprise = {
    accountId: staff.enterprise.ownerAccountId,
    enterpriseIds: new Set([staff.enterprise.id]),
  };
  if (pin.enterpriseId !== staff.enterprise.id || dashboardAccessTo(pin, enterprise) === 'forbidden')
    refuse({ code: 'pin_not_found', pin: pin.code });
  return { pin, state: await cancelPin(ctx, pin, staff.actor) };
}
