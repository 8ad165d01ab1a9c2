import type { Account, ApiKeyListing, Enterprise } from '../../../domain/account.js';
import { iso, isoOrNull } from '../../../domain/time.js';
import { timestampOf } from '../../../domain/timestamp-input.js';

export function presentAccount(account: Account) {
  return { ...account, licenceExpiresAt: isoOrNull(account.licenceExpiresAt) };
}

export function presentEnterprise(enterprise: Enterprise) {
  return enterprise;
}

export function presentKeyListing(key: ApiKeyListing) {
  return { ...key, createdAt: iso(key.createdAt), lastUsedAt: isoOrNull(key.lastUsedAt) };
}

/** A timestamp the schema already checked (format date-time), or null / absent as sent. */
export function parseTimestamp(value: string | null | undefined): number | null | undefined {
  if (value === undefined || value === null) return value;
  return timestampOf(value);
}
