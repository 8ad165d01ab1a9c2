import { PERMISSIONS } from '../../domain/permissions.js';
import type { UseCaseContext } from '../context.js';
import { type IssuedKey, issueKeyWith } from './keys.js';

export interface Bootstrapped {
  accountId: number;
  enterpriseId: number;
  key: IssuedKey;
}

/**
 * A new community in one step: an owner account, its Enterprise and a key with every permission.
 * One transaction, so a failure part-way leaves nothing behind to clean up.
 */
export async function bootstrapEnterprise(
  ctx: UseCaseContext,
  input: { enterprise: string; ownerName: string; discordId: string | null },
): Promise<Bootstrapped> {
  const now = ctx.clock();
  return ctx.transaction(async (repos) => {
    const account = await repos.accounts.create({
      name: input.ownerName,
      discordId: input.discordId,
      licenceExpiresAt: null,
      now,
    });
    const enterprise = await repos.enterprises.create({
      name: input.enterprise,
      ownerAccountId: account.id,
      now,
    });
    const key = await issueKeyWith(
      repos,
      account.id,
      { name: 'bootstrap', permissions: [...PERMISSIONS], rateLimitPerHour: null },
      now,
    );
    return { accountId: account.id, enterpriseId: enterprise.id, key };
  });
}
