import type { VisiblePin } from '../../../application/dashboard/pins.js';
import { iso } from '../../../domain/time.js';
import { presentStatus } from '../pins/present.js';

/**
 * A PIN as the dashboard lists it (docs/dashboard.md, "The dashboard API"): the /v1 status body, plus
 * who made it, under which Enterprise, whether it is private or one's own, and when it expires.
 */
export function presentListedPin(listed: VisiblePin) {
  return {
    ...presentStatus({ pin: listed.pin, state: listed.state }),
    private: listed.pin.private,
    creator: listed.creatorName,
    mine: listed.mine,
    expiresAt: iso(listed.state.expiresAt),
    enterprise: listed.enterpriseName,
    enterpriseId: listed.pin.enterpriseId,
  };
}
