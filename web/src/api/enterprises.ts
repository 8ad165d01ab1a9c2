import { useQuery } from '@tanstack/react-query';
import { request } from './client';
import { queryKeys } from './query-keys';
import type { Membership } from './types';

/** The Enterprises the person owns or belongs to, each with their role. */
export function useEnterprises(enabled = true) {
  return useQuery({
    queryKey: queryKeys.enterprises,
    queryFn: ({ signal }) => request<Membership[]>('/app/api/enterprises', { signal }),
    enabled,
    staleTime: 60_000,
  });
}
