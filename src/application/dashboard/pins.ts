import type { Pin, PinWithReport } from '../../domain/pin.js';
import { normalisePinCode } from '../../domain/pin-code.js';
import { observe, type PinState } from '../../domain/pin-lifecycle.js';
import { dashboardAccessTo } from '../../domain/pin-visibility.js';
import type { VisiblePinQuery } from '../../storage/repositories/pins.js';
import type { SessionCaller } from '../access/authenticate-session.js';
import type { UseCaseContext } from '../context.js';
import { refuse } from '../failures.js';
import { lifecycleSettings } from '../settings.js';
import { viewerOf } from './viewer.js';

/** How a creator whose account was deleted is named. */
export const DELETED_ACCOUNT = '(deleted account)';

export type PinFilters = Omit<VisiblePinQuery, 'accountId' | 'enterpriseIds'>;

export interface ListedPin {
  pin: Pin;
  state: PinState;
  creatorName: string;
  mine: boolean;
}

/** The PINs the person may see (docs/dashboard.md, "Who sees what"), newest first, as of now. */
export async function listVisiblePins(
  ctx: UseCaseContext,
  caller: SessionCaller,
  filters: PinFilters,
): Promise<{ pins: ListedPin[]; nextBefore: number | null }> {
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
        mine: row.accountId === viewer.accountId,
      })),
    nextBefore: rows.length > filters.limit ? (page[page.length - 1]?.id ?? null) : null,
  };
}

/** One PIN with its results, if the person may see it; another's private PIN is as good as missing. */
export async function readVisiblePin(
  ctx: UseCaseContext,
  caller: SessionCaller,
  rawCode: string,
): Promise<{ pin: PinWithReport; state: PinState; creatorName: string }> {
  const code = normalisePinCode(rawCode);
  const pin = await ctx.repos.pins.findByCode(code);
  if (pin === undefined) refuse({ code: 'pin_not_found', pin: code });
  if (dashboardAccessTo(pin, await viewerOf(ctx, caller)) === 'forbidden')
    refuse({ code: 'pin_not_found', pin: code });
  const creator = await ctx.repos.accounts.find(pin.accountId);
  return {
    pin,
    state: observe(pin.state, ctx.clock(), lifecycleSettings(ctx.config)),
    creatorName: creator?.name ?? DELETED_ACCOUNT,
  };
}
