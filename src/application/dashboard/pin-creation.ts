import { checkActivePinLimit } from '../../domain/active-pin-limit.js';
import type { ScanPlatform } from '../../domain/player-platform.js';
import type { Role } from '../../domain/roles.js';
import type { SessionCaller } from '../access/authenticate-session.js';
import type { UseCaseContext } from '../context.js';
import { UseCaseFailure } from '../failures.js';
import { createPin, type NewPinInput, type PinCreator } from '../pins/create-pin.js';
import { roleQuotas } from '../pins/role-quotas.js';
import { authorizeStaffPinCreation } from '../pins/staff-creation.js';
import { scannerBuildPlatforms } from '../scans/scanner-downloads.js';
import { lifecycleSettings } from '../settings.js';
import { accountCallerOf } from './account-caller.js';
import type { VisiblePin } from './pins.js';

/*
 * Creating PINs from the dashboard: the same use case as POST /v1/pins/create (docs/api.md, "PINs"),
 * for staff whose role may create, counted against their role's quota in the Enterprise
 * (docs/roles.md, "PIN quotas").
 */

/** The person's right to create a PIN for the Enterprise (docs/roles.md), checked before the body is read as on /v1. */
export async function authorizeDashboardPinCreation(
  ctx: UseCaseContext,
  caller: SessionCaller,
  enterpriseId?: number,
): Promise<PinCreator> {
  const accountCaller = await accountCallerOf(ctx, caller);
  return authorizeStaffPinCreation(ctx, { ...accountCaller, accountId: caller.accountId }, enterpriseId);
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
  /** The person's role there may create PINs. */
  canCreate: boolean;
  /** The Enterprise a new PIN would be created for, or null when the person is in none. */
  enterpriseId: number | null;
  role: Role | null;
  /** The active (pending or scanning) PINs of the role's staff there now. */
  used: number;
  /** The role's quota there (docs/roles.md, "PIN quotas"). */
  limit: number;
  /**
   * The systems a scan link can give the player a scanner for: none until the operator runs
   * `npm run build:scanner` (docs/scan-client.md, "Building the executables").
   */
  scannerDownloads: ScanPlatform[];
}

/** The active staff PINs of the person's role against its quota (domain/active-pin-limit.ts counts them). */
export async function pinSlots(
  ctx: UseCaseContext,
  caller: SessionCaller,
  enterpriseId?: number,
): Promise<PinSlots> {
  const now = ctx.clock();
  const scannerDownloads = await scannerBuildPlatforms(ctx);
  const none = {
    canCreate: false,
    enterpriseId: null,
    role: null,
    used: 0,
    limit: ctx.config.maxActivePins,
    scannerDownloads,
  };
  let creator: PinCreator;
  try {
    creator = await authorizeDashboardPinCreation(ctx, caller, enterpriseId);
  } catch (err) {
    if (!(err instanceof UseCaseFailure)) throw err;
    const memberships = await ctx.repos.enterprises.membershipsOf(caller.accountId);
    const standing = memberships.find((m) =>
      enterpriseId === undefined ? m.enterprise.active : m.enterprise.id === enterpriseId,
    );
    return standing === undefined
      ? none
      : { ...none, enterpriseId: standing.enterprise.id, role: standing.role };
  }
  const role = creator.staffRole ?? 'owner';
  const limit = (await roleQuotas(ctx, creator.enterprise.id))[role];
  const open = await ctx.repos.pins.openStaffStates(creator.enterprise.id, role, now);
  return {
    canCreate: true,
    enterpriseId: creator.enterprise.id,
    role,
    used: checkActivePinLimit(open, limit, now, lifecycleSettings(ctx.config)).active,
    limit,
    scannerDownloads,
  };
}

/** Whether the person owns an active Enterprise: who may hold pins:create keys (docs/roles.md). */
export async function ownsActiveEnterprise(ctx: UseCaseContext, caller: SessionCaller): Promise<boolean> {
  return (await ctx.repos.enterprises.activeOwnedBy(caller.accountId)) !== undefined;
}
