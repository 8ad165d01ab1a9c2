import type { AuditDetail } from '../../domain/audit.js';
import type { TransactionRepositories } from '../../storage/repositories/index.js';
import { OPERATOR, recordAudit } from '../audit/record.js';

export type PrivacyAction = 'scanned_user.export' | 'scanned_user.erase';

/**
 * Records an export or erasure in the audit trail, in the caller's transaction (docs/privacy.md,
 * "Export" and "Erasure"): the operator did it, and when, but not whom it was about. The resource id
 * is null and the detail holds only counts, so the trail never keeps what an erasure removed, and
 * never needs editing by one.
 */
export async function recordPrivacyAction(
  repos: TransactionRepositories,
  action: PrivacyAction,
  now: number,
  detail: AuditDetail = {},
): Promise<void> {
  await recordAudit(repos, {
    actor: OPERATOR,
    action,
    resource: { type: 'scanned_user', id: null },
    at: now,
    detail,
  });
}
