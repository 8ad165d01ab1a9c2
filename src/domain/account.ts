import type { Permission } from './permissions.js';

/** A person or community using scanpin (docs/operations.md, "Operator API"). */
export interface Account {
  id: number;
  name: string;
  discordId: string | null;
  licenceExpiresAt: number | null;
  banned: boolean;
}

export interface Enterprise {
  id: number;
  name: string;
  ownerAccountId: number;
  active: boolean;
  /**
   * false: an operator keeps this Enterprise's reports inside it, proven or not (new or abusive
   * customers; docs/risk-score.md, "Whose scan it is").
   */
  reportsShared: boolean;
}

/** An issued API key as listed: never the key itself, which is shown once and kept only as a hash. */
export interface ApiKeyListing {
  id: number;
  prefix: string;
  name: string | null;
  permissions: Permission[];
  /** The key's own hourly budget, or null for the installation's (RATE_LIMIT_PER_HOUR). */
  rateLimitPerHour: number | null;
  createdAt: number;
  lastUsedAt: number | null;
  revoked: boolean;
}
