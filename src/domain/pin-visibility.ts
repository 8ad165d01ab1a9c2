import type { Pin } from './pin.js';

/*
 * Who may see a PIN (docs/api.md, "PINs"): through the /v1 API, only the account that
 * created it.
 */

export type PinAccess = 'visible' | 'forbidden';

export function apiAccessTo(pin: Pick<Pin, 'accountId'>, accountId: number): PinAccess {
  return pin.accountId === accountId ? 'visible' : 'forbidden';
}

/** Who is looking through the dashboard: a person and the active Enterprises they own or belong to. */
export interface DashboardViewer {
  accountId: number;
  enterpriseIds: ReadonlySet<number>;
}

/**
 * Through the dashboard (docs/dashboard.md, "Who sees what"): the creator, and, unless the PIN is
 * private, the owner and members of the Enterprise it was created under.
 */
export function dashboardAccessTo(
  pin: Pick<Pin, 'accountId' | 'enterpriseId' | 'private'>,
  viewer: DashboardViewer,
): PinAccess {
  if (pin.accountId === viewer.accountId) return 'visible';
  return !pin.private && viewer.enterpriseIds.has(pin.enterpriseId) ? 'visible' : 'forbidden';
}
