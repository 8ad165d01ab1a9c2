/** Spec §5: each endpoint needs one of these on the caller's key. */
export const PERMISSIONS = [
  'pins:create',
  'pins:status',
  'pins:results',
  'user:risk-score',
  'scanned-users:lookup',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

/** Only owners of an active Enterprise may hold `pins:create` (spec §5). */
export function needsEnterpriseOwnership(permissions: readonly Permission[]): boolean {
  return permissions.includes('pins:create');
}
