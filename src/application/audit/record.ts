import type {
  AuditAction,
  AuditActor,
  AuditDetail,
  AuditOutcome,
  AuditResource,
} from '../../domain/audit.js';
import type { TransactionRepositories } from '../../storage/repositories/index.js';
import type { AccountCaller } from '../callers.js';
import type { UseCaseContext } from '../context.js';
import { UseCaseFailure } from '../failures.js';

export type { AuditAction, AuditActor, AuditDetail, AuditResource } from '../../domain/audit.js';

/** The operator (x-admin-token, or the CLI that drives the operator API). */
export const OPERATOR: AuditActor = { kind: 'operator' };

export interface AuditRecord {
  actor: AuditActor;
  action: AuditAction;
  resource: AuditResource;
  /** The Enterprise the resource belongs to, if any: its owner sees the entry in the dashboard. */
  enterpriseId?: number | null;
  /** Epoch milliseconds: the action's own `now`, so the entry and the action agree. */
  at: number;
  /** Non-secret facts only: never a key, token, secret, hardware ID, IP or a player's Discord ID. */
  detail?: AuditDetail;
}

/**
 * Records that an action took effect. Call it with the repositories of the action's own
 * transaction (docs/audit.md, "What is recorded"): an acknowledged action always has its entry and
 * a rolled-back one has none.
 */
export async function recordAudit(
  repos: Pick<TransactionRepositories, 'audit'>,
  record: AuditRecord,
): Promise<void> {
  await repos.audit.append({
    at: record.at,
    actor: record.actor,
    action: record.action,
    resource: record.resource,
    enterpriseId: record.enterpriseId ?? null,
    outcome: 'succeeded' satisfies AuditOutcome,
    code: null,
    detail: record.detail ?? {},
  });
}

/**
 * Runs `work`, and when it refuses (a `UseCaseFailure`) records the refusal with its code, outside
 * any transaction, before rethrowing (docs/audit.md, "Refusals"). Only use cases reached after
 * authentication call this, so the trail shows who tried what, never anonymous noise. If the store
 * cannot take the entry, the caller still gets the original refusal.
 */
export async function auditRefusals<T>(
  ctx: UseCaseContext,
  attempt: Omit<AuditRecord, 'at' | 'detail' | 'enterpriseId'>,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof UseCaseFailure) {
      await ctx.repos.audit
        .append({
          at: ctx.clock(),
          actor: attempt.actor,
          action: attempt.action,
          resource: attempt.resource,
          enterpriseId: null,
          outcome: 'refused',
          code: err.failure.code,
          detail: {},
        })
        .catch(() => undefined);
    }
    throw err;
  }
}

/**
 * Who is acting, from the caller a use case was given: an API key's caller carries its key, a
 * dashboard caller its session (application/dashboard/account-caller.ts).
 */
export function actorOf(caller: AccountCaller): AuditActor {
  const accountId = caller.account?.id ?? caller.accountId ?? 0;
  if (caller.keyId !== undefined) return { kind: 'key', accountId, keyId: caller.keyId };
  if (caller.sessionId !== undefined) return { kind: 'session', accountId, sessionId: caller.sessionId };
  // A caller with neither is the operator acting through an account-level use case.
  return OPERATOR;
}
