import type { Permission } from '../domain/permissions.js';
import { refuse } from './failures.js';

/** The account behind an API key, as far as the rules need it. */
export interface CallerAccount {
  id: number;
  banned: boolean;
  licenceExpiresAt: number | null;
}

/** Whoever called the keyed /v1 API: the key and, unless it was deleted, its account. */
export interface KeyCaller {
  keyId: number;
  accountId: number;
  permissions: readonly Permission[];
  /** null when the account was deleted after the key was issued. */
  account: CallerAccount | null;
}

/**
 * Whoever a rule needs only the account of: an API key's caller, or a signed-in person
 * (application/dashboard/account-caller.ts), so /v1 and the dashboard run the same use cases.
 */
export type AccountCaller = Pick<KeyCaller, 'account'> &
  Partial<Pick<KeyCaller, 'keyId' | 'accountId'>> & {
    /** Set when a signed-in person acts: the audit trail names the session (docs/audit.md). */
    sessionId?: number;
  };

/** The caller's live account, or the account_not_found refusal (the key outlived its account). */
export function liveAccountOf(caller: AccountCaller): CallerAccount {
  if (caller.account === null) refuse({ code: 'account_not_found' });
  return caller.account;
}
