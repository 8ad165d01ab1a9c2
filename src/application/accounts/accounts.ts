import type { Account } from '../../domain/account.js';
import { normaliseKeywords } from '../../domain/custom-keywords.js';
import { OPERATOR, recordAudit } from '../audit/record.js';
import type { UseCaseContext } from '../context.js';
import { refuse } from '../failures.js';

/** Operator use cases on accounts (docs/operations.md, "Operator API"). */

export async function liveAccount(ctx: UseCaseContext, id: number): Promise<Account> {
  const account = await ctx.repos.accounts.find(id);
  if (account === undefined) refuse({ code: 'account_not_found', accountId: id });
  return account;
}

export function createAccount(
  ctx: UseCaseContext,
  input: { name: string; discordId: string | null; licenceExpiresAt: number | null },
): Promise<Account> {
  const now = ctx.clock();
  return ctx.transaction(async (repos) => {
    const account = await repos.accounts.create({ ...input, now });
    const resource = { type: 'account', id: account.id } as const;
    await recordAudit(repos, { actor: OPERATOR, action: 'account.create', resource, at: now });
    return account;
  });
}

export async function updateAccount(
  ctx: UseCaseContext,
  id: number,
  changes: { name?: string; banned?: boolean; licenceExpiresAt?: number | null },
): Promise<Account> {
  const updated = await ctx.transaction(async (repos) => {
    const account = await repos.accounts.update(id, changes);
    if (account === undefined) refuse({ code: 'account_not_found', accountId: id });
    // A ban signs the person out everywhere at once (docs/dashboard.md, "Sessions").
    if (changes.banned === true) await repos.sessions.revokeAllSessions(id, ctx.clock());
    // Which fields changed, and the ban and licence as they now are (docs/audit.md).
    await recordAudit(repos, {
      actor: OPERATOR,
      action: 'account.update',
      resource: { type: 'account', id },
      at: ctx.clock(),
      detail: {
        changed: Object.keys(changes).filter((k) => changes[k as keyof typeof changes] !== undefined),
        banned: account.banned,
        licenceExpiresAt:
          account.licenceExpiresAt === null ? null : new Date(account.licenceExpiresAt).toISOString(),
      },
    });
    return account;
  });
  // A ban or licence change reaches the account's keys on every instance at once.
  ctx.keyPrincipals.accessChanged();
  if (changes.banned === true) ctx.sessionEnds.announceSessionsEnded([id]);
  return updated;
}

/** Soft delete: its keys then answer account_not_found; its PINs stay for the record. */
export async function deleteAccount(ctx: UseCaseContext, id: number): Promise<void> {
  await ctx.transaction(async (repos) => {
    if (!(await repos.accounts.softDelete(id, ctx.clock())))
      refuse({ code: 'account_not_found', accountId: id });
    await repos.sessions.revokeAllSessions(id, ctx.clock());
    const resource = { type: 'account', id } as const;
    await recordAudit(repos, { actor: OPERATOR, action: 'account.delete', resource, at: ctx.clock() });
  });
  ctx.keyPrincipals.accessChanged();
  ctx.sessionEnds.announceSessionsEnded([id]);
}

/** The account's custom suspicious keywords, as stored (normalised, sorted). */
export async function customKeywords(ctx: UseCaseContext, id: number): Promise<string[]> {
  const account = await liveAccount(ctx, id);
  return ctx.repos.accounts.keywords(account.id);
}

/** Replaces the account's custom suspicious keywords; returns them as stored. */
export async function setCustomKeywords(
  ctx: UseCaseContext,
  id: number,
  keywords: readonly string[],
): Promise<string[]> {
  const account = await liveAccount(ctx, id);
  const normalised = normaliseKeywords(keywords);
  await ctx.repos.accounts.setKeywords(account.id, normalised);
  return normalised;
}
