import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryString, request } from './client';
import { queryKeys } from './query-keys';
import type {
  CreatePinInput,
  ListedPin,
  PinDetail,
  PinList,
  PinListFilters,
  PinSlots,
  ShareLinkCreated,
  ShareLinkListing,
  TimelineEntry,
} from './types';

export const PAGE_SIZE = 25;

/** The PINs the person may see, newest first, page by page (`nextBefore`). */
export function usePinList(filters: PinListFilters) {
  return useInfiniteQuery({
    queryKey: queryKeys.pins.list(filters),
    queryFn: ({ pageParam, signal }) =>
      request<PinList>(
        `/app/api/pins${queryString({ ...filters, before: pageParam ?? undefined, limit: PAGE_SIZE })}`,
        { signal },
      ),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBefore,
  });
}

export function usePin(code: string) {
  return useQuery({
    queryKey: queryKeys.pins.detail(code),
    queryFn: ({ signal }) => request<PinDetail>(`/app/api/pins/${encodeURIComponent(code)}`, { signal }),
  });
}

export function usePinTimeline(code: string) {
  return useQuery({
    queryKey: queryKeys.pins.timeline(code),
    queryFn: ({ signal }) =>
      request<{ data: TimelineEntry[] }>(`/app/api/pins/${encodeURIComponent(code)}/timeline`, { signal }),
  });
}

/** `?enterpriseId=` when the person chose an Enterprise: new PINs go there (docs/roles.md). */
const chosen = (enterpriseId: number | null) =>
  enterpriseId === null ? '' : `?enterpriseId=${enterpriseId}`;

export function usePinSlots(enterpriseId: number | null = null, enabled = true) {
  return useQuery({
    queryKey: [...queryKeys.pinSlots, enterpriseId],
    queryFn: ({ signal }) => request<PinSlots>(`/app/api/pin-slots${chosen(enterpriseId)}`, { signal }),
    enabled,
  });
}

export function useCreatePin(enterpriseId: number | null = null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreatePinInput) =>
      request<ListedPin>(`/app/api/pins${chosen(enterpriseId)}`, { method: 'POST', body: input }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.pins.lists });
      void client.invalidateQueries({ queryKey: queryKeys.pinSlots });
    },
  });
}

/** Cancels a pending PIN (docs/roles.md, "Cancelling a PIN"): it reads as expired at once. */
export function useCancelPin(code: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      request<ListedPin>(`/app/api/pins/${encodeURIComponent(code)}/cancel`, { method: 'POST' }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.pins.all });
      void client.invalidateQueries({ queryKey: queryKeys.pinSlots });
    },
  });
}

export function useShareLinks(code: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.pins.shareLinks(code),
    queryFn: ({ signal }) =>
      request<ShareLinkListing[]>(`/app/api/pins/${encodeURIComponent(code)}/share-links`, { signal }),
    enabled,
  });
}

export function useCreateShareLink(code: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (expiresInDays: number) =>
      request<ShareLinkCreated>(`/app/api/pins/${encodeURIComponent(code)}/share-links`, {
        method: 'POST',
        body: { expiresInDays },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.pins.shareLinks(code) }),
  });
}

export function useWithdrawShareLink(code: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request<void>(`/app/api/share-links/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.pins.shareLinks(code) }),
  });
}
