import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { queryString, request } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

/** An Enterprise's audit trail for its owner (src/http/routes/dashboard/audit.ts, docs/audit.md). */

export interface AuditEntry {
  id: number;
  at: string;
  actor: {
    kind: 'operator' | 'key' | 'session' | 'sign_in' | 'discord';
    accountId: number | null;
    keyId: number | null;
    sessionId: number | null;
    /** A staff member's Discord user ID, when `kind` is discord. */
    discordUserId: string | null;
  };
  action: string;
  resource: { type: string; id: number | null };
  enterpriseId: number | null;
  outcome: 'succeeded' | 'refused';
  code: string | null;
  detail: Record<string, string | number | boolean | null | string[]>;
}

export interface AuditPage {
  data: AuditEntry[];
  nextBefore: number | null;
}

export interface AuditFilters {
  action: string;
  outcome: string;
}

const PAGE = 50;

export function useAudit(enterpriseId: number | null, filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: queryKeys.audit(enterpriseId ?? 0, filters),
    enabled: enterpriseId !== null,
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) =>
      request<AuditPage>(
        `/app/api/enterprises/${enterpriseId}/audit${queryString({ ...filters, limit: PAGE, before: pageParam })}`,
        { signal },
      ),
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    // A new filter keeps the old rows on screen (marked busy) until its answer arrives.
    placeholderData: keepPreviousData,
  });
}

interface MemberList {
  owner: { accountId: number; name: string };
  members: Array<{ accountId: number; name: string }>;
}

/** Names for the account ids entries carry: the Enterprise's owner and members (cached with Settings). */
export function useAccountNames(enterpriseId: number | null) {
  return useQuery({
    queryKey: queryKeys.members(enterpriseId ?? 0),
    enabled: enterpriseId !== null,
    queryFn: ({ signal }) => request<MemberList>(`/app/api/enterprises/${enterpriseId}/members`, { signal }),
    select: (list) =>
      new Map<number, string>([
        [list.owner.accountId, list.owner.name],
        ...list.members.map((m) => [m.accountId, m.name] as const),
      ]),
  });
}
