import { checkActivePinLimit } from '../../domain/active-pin-limit.js';
import type { SessionCaller } from '../access/authenticate-session.js';
import type { UseCaseContext } from '../context.js';
import { authorizePinCreation, createPin, type NewPinInput, type PinCreator } from '../pins/create-pin.js';
import { lifecycleSettings } from '../settings.js';
import { accountCallerOf } from './account-caller.js';
import type { VisiblePin } from './pins.js';

/*
 * Creating PINs from the dashboard: the same rules and the same use case as POST /v1/pins/create
 * (docs/api.md, "PINs"), for the signed-in person's account instead of an API key's.
 */

/** Whether the person owns an active Enterprise: who may create PINs and hold pins:create keys. */
export async function ownsActiveEnterprise(ctx: UseCaseContext, caller: SessionCaller): Promise<boolean> {
  return (await ctx.repos.enterprises.activeOwnedBy(caller.accountId)) !== undefined;
}

/** The person's PIN creation rights, checked before the body is read as on /v1. */
export async function authorizeDashboardPinCreation(
  ctx: UseCaseContext,
  caller: SessionCaller,
): Promise<PinCreator> {
  return authorizePinCreation(ctx, await accountCallerOf(ctx, caller));
}

/** A new pending PIN of the person's, as the PIN list shows it. */
export async function createDashboardPin(
  ctx: UseCaseContext,
  caller: SessionCaller,
  creator: PinCreator,
  input: NewPinInput,
): Promise<VisiblePin> {
  const pin = await createPin(ctx, creator, input);
  return {
    pin: { ...pin, report: null },
    state: pin.state,
    creatorName: caller.name,
    enterpriseName: creator.enterprise.name,
    mine: true,
  };
}

export interface PinSlots {
  /** Owns an active Enterprise, so may create PINs at all. */
  canCreate: boolean;
  /** The person's active (pending or scanning) PINs now. */
  used: number;
  /** MAX_ACTIVE_PINS. */
  limit: number;
}

/** The person's active PINs against the limit (domain/active-pin-limit.ts counts them). */
export async function pinSlots(ctx: UseCaseContext, caller: SessionCaller): Promise<PinSlots> {
  const now = ctx.clock();
  const max = ctx.config.maxActivePins;
  const open = await ctx.repos.pins.openStates(caller.accountId, now);
  return {
    canCreate: await ownsActiveEnterprise(ctx, caller),
    used: checkActivePinLimit(open, max, now, lifecycleSettings(ctx.config)).active,
    limit: max,
  };
}
