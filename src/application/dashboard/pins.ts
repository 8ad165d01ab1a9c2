import type { PinWithReport } from '../../domain/pin.js';
import { normalisePinCode } from '../../domain/pin-code.js';
import { observe, type PinState } from '../../domain/pin-lifecycle.js';
import { type DashboardViewer, dashboardAccessTo } from '../../domain/pin-visibility.js';
import type { VisiblePinQuery } from '../../storage/repositories/pins.js';
import type { SessionCaller } from '../access/authenticate-session.js';
import type { UseCaseContext } from '../context.js';
import { refuse } from '../failures.js';
import { lifecycleSettings } from '../settings.js';
import { viewerOf } from './viewer.js';

/** How a creator whose account was deleted is named. */
export const DELETED_ACCOUNT = '(deleted account)';
/** Enterprises are deactivated, never deleted; this only names a broken reference. */
const UNKNOWN_ENTERPRISE = '(unknown Enterprise)';

export type PinFilters = Omit<VisiblePinQuery, 'accountId' | 'enterpriseIds'>;

/** A PIN the person may see, as of now, with its report once finished. */
export interface VisiblePin {
  pin: PinWithReport;
  state: PinState;
  creatorName: string;
  /** The name of the Enterprise the PIN was created under. */
  enterpriseName: string;
  mine: boolean;
}

/** The PINs the person may see (docs/dashboard.md, "Who sees what"), newest first, as of now. */
export async function listVisiblePins(
  ctx: UseCaseContext,
  caller: SessionCaller,
  filters: PinFilters,
): Promise<{ pins: VisiblePin[]; nextBefore: number | null }> {
  const viewer = await viewerOf(ctx, caller);
  const rows = await ctx.repos.pins.listVisible({
    ...filters,
    accountId: viewer.accountId,
    enterpriseIds: [...viewer.enterpriseIds],
    limit: filters.limit + 1,
  });
  const now = ctx.clock();
  const settings = lifecycleSettings(ctx.config);
  const page = rows.slice(0, filters.limit);
  return {
    pins: page
      // The query states the visibility rule for speed; the rule itself has the last word.
      .filter((row) => dashboardAccessTo(row, viewer) === 'visible')
      .map((row) => ({
        pin: row,
        state: observe(row.state, now, settings),
        creatorName: row.creatorName ?? DELETED_ACCOUNT,
        enterpriseName: row.enterpriseName ?? UNKNOWN_ENTERPRISE,
        mine: row.accountId === viewer.accountId,
      })),
    nextBefore: rows.length > filters.limit ? (page[page.length - 1]?.id ?? null) : null,
  };
}

/** The PIN as `viewer` sees it now, with its creator's and Enterprise's names. */
async function asSeenBy(
  ctx: UseCaseContext,
  pin: PinWithReport,
  viewer: DashboardViewer,
): Promise<VisiblePin> {
  const creator = await ctx.repos.accounts.find(pin.accountId);
  const enterprise = await ctx.repos.enterprises.find(pin.enterpriseId);
  return {
    pin,
    state: observe(pin.state, ctx.clock(), lifecycleSettings(ctx.config)),
    creatorName: creator?.name ?? DELETED_ACCOUNT,
    enterpriseName: enterprise?.name ?? UNKNOWN_ENTERPRISE,
    mine: pin.accountId === viewer.accountId,
  };
}

/** One PIN with its results, if the person may see it; another's private PIN is as good as missing. */
export async function readVisiblePin(
  ctx: UseCaseContext,
  caller: SessionCaller,
  rawCode: string,
): Promise<VisiblePin> {
  const code = normalisePinCode(rawCode);
  const pin = await ctx.repos.pins.findByCode(code);
  if (pin === undefined) refuse({ code: 'pin_not_found', pin: code });
  const viewer = await viewerOf(ctx, caller);
  if (dashboardAccessTo(pin, viewer) === 'forbidden') refuse({ code: 'pin_not_found', pin: code });
  return asSeenBy(ctx, pin, viewer);
}

/** The PIN with this id as `viewer` sees it, or null when it is missing or not theirs to see. */
export async function visiblePinById(
  ctx: UseCaseContext,
  viewer: DashboardViewer,
  pinId: number,
): Promise<VisiblePin | null> {
  const ref = await ctx.repos.pins.findById(pinId);
  if (ref === undefined || dashboardAccessTo(ref, viewer) === 'forbidden') return null;
  const pin = await ctx.repos.pins.findByCode(ref.code);
  return pin === undefined ? null : asSeenBy(ctx, pin, viewer);
}
