/** Each endpoint needs one of these on the caller's key. */
export const PERMISSIONS = [
  'pins:create',
  'pins:status',
  'pins:results',
  'user:risk-score',
  'scanned-users:lookup',
  /** Any account may hold it: manage its own webhook endpoints (docs/webhooks.md). */
  'webhooks:manage',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

/** Only owners of an active Enterprise may hold `pins:create` (docs/api.md, "Authentication"). */
export function needsEnterpriseOwnership(permissions: readonly Permission[]): boolean {
  return permissions.includes('pins:create');
}
