/**
 * Who may read players (docs/api.md, "Risk score" and "Lookup"): an account with a licence that has
 * not expired, or a member of an active Enterprise. Checked before the Discord ID is validated, so
 * an unlicensed caller learns nothing about the input's shape.
 */

export function hasLiveLicence(licenceExpiresAt: number | null, now: number): boolean {
  return licenceExpiresAt !== null && licenceExpiresAt > now;
}

export function mayReadPlayers(
  account: { licenceExpiresAt: number | null },
  now: number,
  hasActiveMembership: boolean,
): boolean {
  return hasLiveLicence(account.licenceExpiresAt, now) || hasActiveMembership;
}
