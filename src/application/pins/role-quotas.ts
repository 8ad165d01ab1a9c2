import { defaultRoleQuotas, type RoleQuotas } from '../../domain/roles.js';
import type { UseCaseContext } from '../context.js';

/** Each PIN-creating role's quota in the Enterprise: what its owner set, or MAX_ACTIVE_PINS (docs/roles.md). */
export async function roleQuotas(ctx: UseCaseContext, enterpriseId: number): Promise<RoleQuotas> {
  return {
    ...defaultRoleQuotas(ctx.config.maxActivePins),
    ...(await ctx.repos.enterprises.pinQuotas(enterpriseId)),
  };
}
