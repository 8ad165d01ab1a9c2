import { useEnterprises } from './enterprises';
import type { Membership, RoleAction } from './types';

/*
 * What the person's role lets them do (docs/roles.md), as the server says in each Enterprise's
 * `allowedActions`: the pages offer exactly what the server would accept, and keep no copy of the
 * role table. The server still checks every call.
 */

/** Whether the membership's role allows `action` (false outside the Enterprise). */
export function may(membership: Membership | undefined, action: RoleAction): boolean {
  return membership?.allowedActions.includes(action) === true;
}

/** The person's Enterprises, with questions about what they may do in one or in any. */
export function useRoleActions() {
  const enterprises = useEnterprises();
  const memberships = enterprises.data ?? [];
  return {
    enterprises,
    /** The Enterprises where the person's role allows `action`. */
    where: (action: RoleAction) => memberships.filter((m) => may(m, action)),
    /** Whether the person's role allows `action` in the Enterprise with this id. */
    mayIn: (enterpriseId: number, action: RoleAction) =>
      may(
        memberships.find((m) => m.enterprise.id === enterpriseId),
        action,
      ),
  };
}
