import { isoOrNull } from '../../../domain/time.js';
import type { AccountRow, EnterpriseRow } from '../../../storage/schema.js';

export function presentAccount(row: AccountRow) {
  return {
    id: row.id,
    name: row.name,
    discordId: row.discord_id,
    licenceExpiresAt: isoOrNull(row.licence_expires_at),
    banned: row.banned === 1,
  };
}

export function presentEnterprise(row: EnterpriseRow) {
  return { id: row.id, name: row.name, ownerAccountId: row.owner_account_id, active: row.active === 1 };
}

/** A timestamp the schema already checked (format date-time: finite and within range). */
export function parseTimestamp(value: string | null | undefined): number | null | undefined {
  if (value === undefined || value === null) return value;
  return Date.parse(value);
}
