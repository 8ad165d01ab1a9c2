import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import type { MemberRole, SessionListing } from '../../api/types';

/** Keywords, members and invites, and sessions (docs/dashboard.md, "Members and invites", "Sessions"). */

export interface MemberList {
  owner: { accountId: number; name: string };
  members: Array<{ accountId: number; name: string; joinedAt: string; role: MemberRole }>;
}

export interface InviteListing {
  id: number;
  createdAt: string;
  expiresAt: string;
  /** null: any number of people may join with it. */
  maxUses: number | null;
  uses: number;
  revoked: boolean;
  usable: boolean;
}

export interface InviteCreated {
  id: number;
  /** The invite URL: in this answer only. */
  url: string;
  expiresAt: string;
  maxUses: number | null;
}

export function useKeywords() {
  return useQuery({
    queryKey: queryKeys.keywords,
    queryFn: ({ signal }) => request<{ keywords: string[] }>('/app/api/keywords', { signal }),
  });
}

export function useSaveKeywords() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (keywords: string[]) =>
      request<{ keywords: string[] }>('/app/api/keywords', { method: 'PUT', body: { keywords } }),
    onSuccess: (saved) => client.setQueryData(queryKeys.keywords, saved),
  });
}

export function useMembers(enterpriseId: number) {
  return useQuery({
    queryKey: queryKeys.members(enterpriseId),
    queryFn: ({ signal }) => request<MemberList>(`/app/api/enterprises/${enterpriseId}/members`, { signal }),
  });
}

export function useRemoveMember(enterpriseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (accountId: number) =>
      request<void>(`/app/api/enterprises/${enterpriseId}/members/${accountId}`, { method: 'DELETE' }),
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.members(enterpriseId) }),
  });
}

export function useInvites(enterpriseId: number) {
  return useQuery({
    queryKey: queryKeys.invites(enterpriseId),
    queryFn: ({ signal }) =>
      request<InviteListing[]>(`/app/api/enterprises/${enterpriseId}/invites`, { signal }),
  });
}

export function useCreateInvite(enterpriseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { expiresInDays: number; maxUses: number | null }) =>
      request<InviteCreated>(`/app/api/enterprises/${enterpriseId}/invites`, { method: 'POST', body: input }),
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.invites(enterpriseId) }),
  });
}

export function useRevokeInvite(enterpriseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (inviteId: number) => request<void>(`/app/api/invites/${inviteId}`, { method: 'DELETE' }),
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.invites(enterpriseId) }),
  });
}

export function useSessions() {
  return useQuery({
    queryKey: queryKeys.sessions,
    queryFn: ({ signal }) => request<SessionListing[]>('/app/api/sessions', { signal }),
  });
}

export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request<void>(`/app/api/sessions/${id}`, { method: 'DELETE' }),
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.sessions }),
  });
}

/** An Enterprise's own settings (docs/dashboard.md, "Showing players their verdict"). */
export interface EnterpriseSettings {
  verdictToPlayers: boolean;
}

export function useEnterpriseSettings(enterpriseId: number) {
  return useQuery({
    queryKey: queryKeys.enterpriseSettings(enterpriseId),
    queryFn: ({ signal }) =>
      request<EnterpriseSettings>(`/app/api/enterprises/${enterpriseId}/settings`, { signal }),
  });
}

export function useSaveEnterpriseSettings(enterpriseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: EnterpriseSettings) =>
      request<EnterpriseSettings>(`/app/api/enterprises/${enterpriseId}/settings`, {
        method: 'PUT',
        body: settings,
      }),
    // The switch moves at once; a refusal puts it back where the server has it.
    onMutate: async (settings) => {
      const key = queryKeys.enterpriseSettings(enterpriseId);
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<EnterpriseSettings>(key);
      client.setQueryData(key, settings);
      return { before };
    },
    onError: (_error, _settings, context) =>
      client.setQueryData(queryKeys.enterpriseSettings(enterpriseId), context?.before),
    onSuccess: (saved) => client.setQueryData(queryKeys.enterpriseSettings(enterpriseId), saved),
  });
}

/** The owner gives a member another role (docs/roles.md). */
export function useChangeRole(enterpriseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ accountId, role }: { accountId: number; role: MemberRole }) =>
      request<{ accountId: number; role: MemberRole }>(
        `/app/api/enterprises/${enterpriseId}/members/${accountId}/role`,
        { method: 'PUT', body: { role } },
      ),
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.members(enterpriseId) }),
  });
}

export type PinQuotas = Record<'owner' | 'admin' | 'moderator', number>;

export function usePinQuotas(enterpriseId: number) {
  return useQuery({
    queryKey: ['enterprises', enterpriseId, 'pin-quotas'],
    queryFn: ({ signal }) =>
      request<PinQuotas>(`/app/api/enterprises/${enterpriseId}/pin-quotas`, { signal }),
  });
}

export function useSavePinQuotas(enterpriseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (quotas: Partial<PinQuotas>) =>
      request<PinQuotas>(`/app/api/enterprises/${enterpriseId}/pin-quotas`, { method: 'PUT', body: quotas }),
    onSuccess: (saved) => {
      client.setQueryData(['enterprises', enterpriseId, 'pin-quotas'], saved);
      void client.invalidateQueries({ queryKey: queryKeys.pinSlots });
    },
  });
}
