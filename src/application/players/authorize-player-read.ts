import { mayReadPlayers } from '../../domain/licence.js';
import { type AccountCaller, liveAccountOf } from '../callers.js';
import type { UseCaseContext } from '../context.js';
import { refuse } from '../failures.js';

/**
 * The licence rule for the risk score and the lookup (domain/licence.ts). The HTTP surface runs it
 * before validating the Discord ID, so an unlicensed caller gets licence_required whatever it sent.
 */
export async function authorizePlayerRead(ctx: UseCaseContext, caller: AccountCaller): Promise<void> {
  const account = liveAccountOf(caller);
  const now = ctx.clock();
  if (mayReadPlayers(account, now, false)) return;
  const member = await membershipOf(ctx, caller, account.id);
  if (!mayReadPlayers(account, now, member)) refuse({ code: 'licence_required' });
}

/*
 * The check runs twice per request (before validation, and in the use case itself); the caller
 * object lives for one request, so its membership is read once.
 */
const memberships = new WeakMap<AccountCaller, Promise<boolean>>();

function membershipOf(ctx: UseCaseContext, caller: AccountCaller, accountId: number): Promise<boolean> {
  let member = memberships.get(caller);
  if (member === undefined) {
    member = ctx.repos.enterprises.hasActiveMembership(accountId);
    memberships.set(caller, member);
  }
  return member;
}
