import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

/** The person's own API keys (src/http/routes/dashboard/keys.ts). */

/** Every permission a key may hold (src/domain/permissions.ts), with what it allows. */
export const PERMISSIONS = [
  { name: 'pins:create', label: 'Create PINs', ownersOnly: true },
  { name: 'pins:status', label: 'Read PIN status', ownersOnly: false },
  { name: 'pins:results', label: 'Read scan results', ownersOnly: false },
  { name: 'user:risk-score', label: "Read players' risk scores", ownersOnly: false },
  { name: 'scanned-users:lookup', label: 'Look up scanned players', ownersOnly: false },
  { name: 'webhooks:manage', label: 'Manage webhook endpoints', ownersOnly: false },
] as const;

export type Permission = (typeof PERMISSIONS)[number]['name'];

export interface KeyListing {
  id: number;
  prefix: string;
  name: string | null;
  permissions: string[];
  createdAt: string;
  lastUsedAt: string | null;
  revoked: boolean;
}

export interface CreatedKey {
  id: number;
  /** The raw key: in this answer only. */
  key: string;
  prefix: string;
  name: string | null;
  permissions: string[];
}

export function useKeys() {
  return useQuery({
    queryKey: queryKeys.keys,
    queryFn: ({ signal }) => request<KeyListing[]>('/app/api/keys', { signal }),
  });
}

export function useCreateKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string | null; permissions: Permission[] }) =>
      request<CreatedKey>('/app/api/keys', { method: 'POST', body: input }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.keys });
      void client.invalidateQueries({ queryKey: ['overview'] });
    },
  });
}

export function useRevokeKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request<void>(`/app/api/keys/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.keys });
      void client.invalidateQueries({ queryKey: ['overview'] });
    },
  });
}
