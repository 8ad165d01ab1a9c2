import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError, type RequestOptions, request } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { useOperatorAccess } from './access';

/**
 * The operator API's scanner clients (src/http/routes/admin/scanner-clients.ts), called with the
 * operator token in `x-admin-token`. Nothing here retries: the server counts every refused token
 * against the caller's address (docs/api.md, "Rate limits"), so a refused token is sent once and then
 * dropped until the operator enters one again.
 */

const BASE = '/admin/v1/scanner-clients';

export type ClientKind = 'official' | 'third-party';
export type ClientStatus = 'active' | 'expired' | 'revoked';

export interface ScannerClient {
  id: number;
  clientId: string;
  name: string;
  kind: ClientKind;
  version: string | null;
  platform: string | null;
  status: ClientStatus;
  createdAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
  lastUsedAt: string | null;
}

export interface RegisteredClient extends ScannerClient {
  /** The client's HMAC key: in the registration's answer only. */
  key: string;
}

export interface RetiredClients {
  expiresAt: string;
  retired: ScannerClient[];
}

function asOperator<T>(token: string, path: string, options: RequestOptions = {}): Promise<T> {
  return request<T>(path, { ...options, headers: { 'x-admin-token': token } });
}

/** The first call with a token the operator typed: the list, or the server's refusal. */
export function useCheckToken() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: [...queryKeys.operator, 'check'],
    mutationFn: (token: string) => asOperator<{ data: ScannerClient[] }>(token, BASE),
    retry: false,
    onSuccess: (answer) => client.setQueryData(queryKeys.scannerClients, answer.data),
  });
}

export function useScannerClients() {
  const { token, refused } = useOperatorAccess();
  return useQuery({
    queryKey: queryKeys.scannerClients,
    queryFn: async ({ signal }) => {
      try {
        return (await asOperator<{ data: ScannerClient[] }>(token, BASE, { signal })).data;
      } catch (error) {
        if (isApiError(error) && error.status === 401) refused(error);
        throw error;
      }
    },
    retry: false,
  });
}

/** A write under the token: refreshes the list after, and drops the token if it was refused. */
function useOperatorMutation<Input, Output>(
  name: string,
  call: (token: string, input: Input) => Promise<Output>,
) {
  const { token, refused } = useOperatorAccess();
  const client = useQueryClient();
  return useMutation({
    mutationKey: [...queryKeys.operator, name],
    mutationFn: (input: Input) => call(token, input),
    retry: false,
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.scannerClients }),
    onError: (error) => {
      if (isApiError(error) && error.status === 401) refused(error);
    },
  });
}

export function useExpireClient() {
  return useOperatorMutation('expire', (token, input: { id: number; expiresAt: string | null }) =>
    asOperator<ScannerClient>(token, `${BASE}/${input.id}/expire`, {
      method: 'POST',
      body: { expiresAt: input.expiresAt },
    }),
  );
}

export function useRevokeClient() {
  return useOperatorMutation('revoke', (token, id: number) =>
    asOperator<void>(token, `${BASE}/${id}`, { method: 'DELETE' }),
  );
}

export function useRegisterClient() {
  return useOperatorMutation(
    'register',
    (token, input: { name: string; version: string | null; platform: string | null }) =>
      asOperator<RegisteredClient>(token, BASE, { method: 'POST', body: { ...input, kind: 'third-party' } }),
  );
}

export function useRetirePrevious() {
  return useOperatorMutation('retire-previous', (token, input: { clientId: number; graceDays: number }) =>
    asOperator<RetiredClients>(token, `${BASE}/retire-previous`, { method: 'POST', body: input }),
  );
}
