import type { Pin } from './pin.js';

/*
 * Who may see a PIN (docs/api.md, "PINs"): through the /v1 API, only the account that
 * created it.
 */

export type PinAccess = 'visible' | 'forbidden';

export function apiAccessTo(pin: Pick<Pin, 'accountId'>, accountId: number): PinAccess {
  return pin.accountId === accountId ? 'visible' : 'forbidden';
}
