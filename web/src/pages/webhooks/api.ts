import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryString, request } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

/** The person's webhook endpoints: /app/api/webhooks…, the same bodies as /v1/webhooks (docs/webhooks.md). */

/** Events an endpoint may subscribe to (src/domain/webhook-events.ts); none chosen means all. */
export const PIN_EVENTS = [
  { name: 'pin.created', label: 'A PIN is created' },
  { name: 'pin.started', label: 'A scan starts' },
  { name: 'pin.progress', label: 'A scan progresses' },
  { name: 'pin.finished', label: 'A scan finishes' },
  { name: 'pin.expired', label: 'A PIN expires unused' },
  { name: 'pin.failed', label: 'A scan fails' },
] as const;

export type PinEvent = (typeof PIN_EVENTS)[number]['name'];

export interface Webhook {
  id: number;
  url: string;
  events: PinEvent[];
  description: string | null;
  enabled: boolean;
  /** Why the service disabled it, if it did. */
  disabledReason: string | null;
  createdAt: string;
}

export interface WebhookWithSecret extends Webhook {
  /** whsec_…: in this answer only. */
  secret: string;
}

export type DeliveryState = 'pending' | 'delivered' | 'failed' | 'cancelled';

export interface Delivery {
  id: number;
  eventId: number;
  event: PinEvent | 'ping';
  state: DeliveryState;
  delivered: boolean;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  lastResponse: string | null;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  createdAt: string;
}

export interface DeliveryPage {
  data: Delivery[];
  nextCursor: string | null;
}

export interface WebhookInput {
  url: string;
  events: PinEvent[];
  description: string | null;
}

const base = '/app/api/webhooks';

export function useWebhooks() {
  return useQuery({
    queryKey: queryKeys.webhooks,
    queryFn: ({ signal }) => request<{ data: Webhook[] }>(base, { signal }),
  });
}

/** Every write refreshes the endpoint list and that endpoint's log (a test or redelivery adds a row). */
function useWebhookMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.webhooks }),
  });
}

export const useCreateWebhook = () =>
  useWebhookMutation((input: WebhookInput) =>
    request<WebhookWithSecret>(base, { method: 'POST', body: input }),
  );

export const useUpdateWebhook = () =>
  useWebhookMutation(({ id, ...changes }: Partial<WebhookInput> & { id: number; enabled?: boolean }) =>
    request<Webhook>(`${base}/${id}`, { method: 'PATCH', body: changes }),
  );

export const useDeleteWebhook = () =>
  useWebhookMutation((id: number) => request<void>(`${base}/${id}`, { method: 'DELETE' }));

export const useRotateSecret = () =>
  useWebhookMutation((id: number) =>
    request<WebhookWithSecret>(`${base}/${id}/rotate-secret`, { method: 'POST' }),
  );

export const useSendTest = () =>
  useWebhookMutation((id: number) => request<Delivery>(`${base}/${id}/test`, { method: 'POST' }));

export const useRedeliver = () =>
  useWebhookMutation(({ id, deliveryId }: { id: number; deliveryId: number }) =>
    request<Delivery>(`${base}/${id}/deliveries/${deliveryId}/redeliver`, { method: 'POST' }),
  );

const PAGE_SIZE = 20;

/** The delivery log, newest first, page by page; read again every few seconds while one is pending. */
export function useDeliveries(webhookId: number, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: queryKeys.deliveries(webhookId),
    queryFn: ({ pageParam, signal }) =>
      request<DeliveryPage>(
        `${base}/${webhookId}/deliveries${queryString({ limit: PAGE_SIZE, before: pageParam })}`,
        {
          signal,
        },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
    refetchInterval: (query) =>
      query.state.data?.pages.some((p) => p.data.some((d) => d.state === 'pending')) ? 3_000 : false,
  });
}
