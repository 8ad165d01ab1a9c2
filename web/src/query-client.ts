import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api/client';
import { queryKeys } from './api/query-keys';

const OPERATOR = queryKeys.operator[0];

/**
 * One QueryClient for the app. A 4xx is an answer, not a hiccup: it is not retried. A 401 anywhere
 * means the session ended (expired, or signed out elsewhere): asking /me again lets useMe send the
 * person to /sign-in. Except under the `operator` key: the operator page has no session, and its 401
 * is a refused operator token, which that page handles itself (pages/operator-scanner-clients).
 */
export function makeQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        const own = query.queryKey[0] === queryKeys.me[0] || query.queryKey[0] === OPERATOR;
        if (isApiError(error) && error.status === 401 && !own) {
          void client.invalidateQueries({ queryKey: queryKeys.me });
        }
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (isApiError(error) && error.status === 401 && mutation.options.mutationKey?.[0] !== OPERATOR)
          void client.invalidateQueries({ queryKey: queryKeys.me });
      },
    }),
    defaultOptions: {
      queries: {
        retry: (count, error) =>
          !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 2,
        refetchOnWindowFocus: true,
        staleTime: 10_000,
      },
    },
  });
  return client;
}
