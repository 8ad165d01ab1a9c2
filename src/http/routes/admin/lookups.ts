import type { AccountRow, EnterpriseRow } from '../../../storage/schema.js';
import type { Repositories } from '../../deps.js';
import { problems } from '../../problem.js';

/** The live account with this id, or 404 account_not_found. */
export async function requireAccount(repos: Repositories, id: number): Promise<AccountRow> {
  const account = await repos.accounts.find(id);
  if (account === undefined) throw accountMissing(id);
  return account;
}

export function accountMissing(id: number) {
  return problems.notFound('account_not_found', `Account ${id}`);
}

/** The Enterprise with this id, or 404 enterprise_not_found. */
export async function requireEnterprise(repos: Repositories, id: number): Promise<EnterpriseRow> {
  const enterprise = await repos.enterprises.find(id);
  if (enterprise === undefined) throw enterpriseMissing(id);
  return enterprise;
}

export function enterpriseMissing(id: number) {
  return problems.notFound('enterprise_not_found', `Enterprise ${id}`);
}
