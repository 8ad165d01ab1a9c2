import { useState } from 'react';
import { useRoleActions } from '../../api/roles';
import { Button, EmptyState, ErrorState, Loading, PageHeader, SelectField } from '../../components';
import { useEnterpriseChoice } from '../../layout/enterprise-choice';
import { AuditTable } from './AuditTable';
import { type AuditFilters, useAccountNames, useAudit } from './api';
import { ACTION_WORDS } from './words';

const NO_NAMES: ReadonlyMap<number, string> = new Map();
const ACTIONS: Array<[string, string]> = [['', 'Every action'], ...Object.entries(ACTION_WORDS)];
const OUTCOMES: Array<[string, string]> = [
  ['', 'Any outcome'],
  ['succeeded', 'Done'],
  ['refused', 'Refused'],
];

/**
 * `/audit`: what happened in an Enterprise the person owns (docs/audit.md, "The owner's page"):
 * members and invites, the owner's keys and webhooks, PINs created under it.
 */
export default function AuditPage() {
  const { enterprises, where } = useRoleActions();
  const { enterpriseId: chosen } = useEnterpriseChoice();
  // The Enterprises whose audit trail the person's role may read (docs/roles.md).
  const owned = where('audit.read');
  const [picked, setPicked] = useState<number | null>(null);
  const enterpriseId =
    owned.find((m) => m.enterprise.id === picked)?.enterprise.id ??
    owned.find((m) => m.enterprise.id === chosen)?.enterprise.id ??
    owned[0]?.enterprise.id ??
    null;
  const [filters, setFilters] = useState<AuditFilters>({ action: '', outcome: '' });
  const audit = useAudit(enterpriseId, filters);
  const names = useAccountNames(enterpriseId).data ?? NO_NAMES;

  if (enterprises.isPending) return <Loading label="Loading your Enterprises…" />;
  if (enterprises.isError)
    return <ErrorState error={enterprises.error} onRetry={() => void enterprises.refetch()} />;

  const entries = audit.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <>
      <PageHeader title="Audit trail" />
      <p className="muted">
        Every change made in your Enterprise, newest first: who made it, what it was, and whether it took
        effect. Entries cannot be edited or deleted.
      </p>
      {owned.length === 0 ? (
        <EmptyState title="You own no Enterprise.">
          Only an Enterprise’s owner can read its audit trail.
        </EmptyState>
      ) : (
        <section className="stack" aria-labelledby="audit-list-title">
          <h2 id="audit-list-title">Entries</h2>
          <div className="filters">
            {owned.length > 1 ? (
              <SelectField
                label="Enterprise"
                value={String(enterpriseId ?? '')}
                options={owned.map((m) => [String(m.enterprise.id), m.enterprise.name] as const)}
                onChange={(e) => setPicked(Number(e.target.value))}
              />
            ) : null}
            <SelectField
              label="Action"
              value={filters.action}
              options={ACTIONS}
              onChange={(e) => setFilters((f) => ({ ...f, action: e.target.value }))}
            />
            <SelectField
              label="Outcome"
              value={filters.outcome}
              options={OUTCOMES}
              onChange={(e) => setFilters((f) => ({ ...f, outcome: e.target.value }))}
            />
          </div>
          {audit.isPending ? (
            <Loading label="Loading the audit trail…" />
          ) : audit.isError ? (
            <ErrorState error={audit.error} onRetry={() => void audit.refetch()} />
          ) : entries.length === 0 ? (
            <EmptyState title="No entries match." />
          ) : (
            <>
              <AuditTable entries={entries} names={names} busy={audit.isFetching} />
              {audit.hasNextPage ? (
                <Button
                  variant="secondary"
                  busy={audit.isFetchingNextPage}
                  onClick={() => void audit.fetchNextPage()}
                >
                  Show older entries
                </Button>
              ) : null}
            </>
          )}
        </section>
      )}
    </>
  );
}
