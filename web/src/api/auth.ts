import { useQuery } from '@tanstack/react-query';
import { isApiError, request } from './client';
import { queryKeys } from './query-keys';
import type { AuthOptions, InvitePreview } from './types';

/** Which ways of signing in this server offers; a server without the call offers links only. */
export function useAuthOptions() {
  return useQuery({
    queryKey: queryKeys.authOptions,
    queryFn: async ({ signal }) => {
      try {
        return await request<AuthOptions>('/app/api/auth/options', { signal });
      } catch (error) {
        if (isApiError(error) && error.status === 404) return { discord: false };
        throw error;
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useInvitePreview(token: string) {
  return useQuery({
    queryKey: queryKeys.invitePreview(token),
    queryFn: ({ signal }) =>
      request<InvitePreview>(`/app/api/invites/preview?token=${encodeURIComponent(token)}`, { signal }),
  });
}
