import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isApiError, request } from './client';
import { queryKeys } from './query-keys';
import type { Me } from './types';

export function fetchMe(): Promise<Me> {
  return request<Me>('/app/api/me');
}

/** Where /sign-in should send the person back to: a path on this site, never another origin. */
export function safeNext(next: string | null | undefined): string {
  return next?.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : '/';
}

/**
 * Who is signed in. With `redirect` (the default) a 401 sends the browser to /sign-in, remembering
 * the page to come back to; pages open to signed-out visitors (sign-in, invite) pass `redirect: false`
 * and read `isSignedOut` instead.
 */
export function useMe(options: { redirect?: boolean } = {}) {
  const redirect = options.redirect ?? true;
  const query = useQuery({ queryKey: queryKeys.me, queryFn: fetchMe, staleTime: 60_000 });
  const navigate = useNavigate();
  const location = useLocation();
  const isSignedOut = isApiError(query.error) && query.error.status === 401;

  useEffect(() => {
    if (!redirect || !isSignedOut) return;
    const here = `${location.pathname}${location.search}`;
    navigate(here === '/' ? '/sign-in' : `/sign-in?next=${encodeURIComponent(here)}`, { replace: true });
  }, [redirect, isSignedOut, navigate, location.pathname, location.search]);

  return { ...query, me: query.data, isSignedOut };
}

/** Signing out: ends the session on the server, forgets every cached answer, goes to /sign-in. */
export function useSignOut() {
  const client = useQueryClient();
  const navigate = useNavigate();
  return async (everywhere: boolean) => {
    await request<void>(everywhere ? '/app/api/sign-out-everywhere' : '/app/api/sign-out', {
      method: 'POST',
    });
    client.clear();
    navigate('/sign-in?signedOut=1', { replace: true });
  };
}
