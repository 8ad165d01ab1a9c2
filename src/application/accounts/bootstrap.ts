import { PERMISSIONS } from '../../domain/permissions.js';
import { OPERATOR, recordAudit } from '../audit/record.js';
import type { UseCaseContext } from '../context.js';
import { issueSignInLinkWith, type SignInLink } from '../people/sign-in.js';
import { type IssuedKey, issueKeyWith } from './keys.js';

export interface Bootstrapped {
  accountId: number;
  enterpriseId: number;
  key: IssuedKey;
  /** A one-time link that signs the owner in to the dashboard (docs/dashboard.md, "Signing in"). */
  signIn: SignInLink;
}

/**
 * A new community in one step: an owner account, its Enterprise, a key with every permission and a
 * sign-in link for the dashboard. One transaction, so a failure part-way leaves nothing behind to clean up.
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
    // The account and the Enterprise in the audit trail (docs/audit.md); issueKeyWith records the key.
    const made = { actor: OPERATOR, enterpriseId: enterprise.id, at: now } as const;
    await recordAudit(repos, {
      ...made,
      action: 'account.create',
      resource: { type: 'account', id: account.id },
    });
    await recordAudit(repos, {
      ...made,
      action: 'enterprise.create',
      resource: { type: 'enterprise', id: enterprise.id },
      detail: { ownerAccountId: account.id },
    });
    const key = await issueKeyWith(
      repos,
      account.id,
      { name: 'bootstrap', permissions: [...PERMISSIONS], rateLimitPerHour: null },
      now,
    );
    const signIn = await issueSignInLinkWith(repos, ctx.config, account.id, now);
    return { accountId: account.id, enterpriseId: enterprise.id, key, signIn };
  });
}
