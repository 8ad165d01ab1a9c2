import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { AccountCaller } from '../../../application/callers.js';
import type { UseCaseContext } from '../../../application/context.js';
import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  readWebhook,
  redeliverWebhook,
  rotateWebhookSecret,
  sendTestWebhook,
  updateWebhook,
} from '../../../application/webhooks/endpoints.js';
import { callerOf } from '../../plugins/key-auth.js';
import { NoContent } from '../../schemas/common.js';
import {
  deliveryPageOf,
  presentDelivery,
  presentDeliveryPage,
  presentWebhook,
  presentWithSecret,
} from './present.js';
import {
  CreateWebhookBody,
  Delivery,
  DeliveryPage,
  DeliveryParams,
  DeliveryQuery,
  UpdateWebhookBody,
  Webhook,
  WebhookList,
  WebhookParams,
  WebhookWithSecret,
  webhookErrors,
} from './schemas.js';

/** Where the webhook routes are mounted and who they speak for: an API key, or a dashboard session. */
export interface WebhookSurface {
  /** '/v1' for the keyed API; '' inside the dashboard's /app/api prefix. */
  prefix: string;
  tags: string[];
  security: Array<Record<string, string[]>>;
  /** Route config the surface's auth hook reads (the keyed API's permission). */
  config: Record<string, unknown>;
  listSummary: string;
  caller(request: FastifyRequest): AccountCaller | Promise<AccountCaller>;
}

/** The keyed API's surface: behind the same key check as the rest of /v1. */
const keyedSurface: WebhookSurface = {
  prefix: '/v1',
  tags: ['Webhooks'],
  security: [{ apiKey: [] }],
  config: { permission: 'webhooks:manage' },
  listSummary: "List the account's webhook endpoints",
  caller: callerOf,
};

/**
 * Self-service webhook endpoints (docs/webhooks.md): the same paths, bodies, answers and use cases
 * on every surface, for the account behind the key or the session.
 */
export function webhookRoutes(
  ctx: UseCaseContext,
  surface: WebhookSurface = keyedSurface,
): FastifyPluginAsyncTypebox {
  const { prefix, tags, security, config, caller } = surface;

  return async (app) => {
    app.post(
      `${prefix}/webhooks`,
      {
        schema: {
          tags,
          security,
          summary: 'Register a webhook endpoint',
          description: 'At most 10 per account. The signing secret is in this answer only.',
          body: CreateWebhookBody,
          response: { 201: WebhookWithSecret, ...webhookErrors },
        },
        config,
      },
      async (request, reply) => {
        const { url, events = [], description = null, format } = request.body;
        const created = await createWebhook(ctx, await caller(request), {
          url,
          events,
          description,
          ...(format === undefined ? {} : { format }),
        });
        return reply.code(201).send(presentWithSecret(created));
      },
    );

    app.get(
      `${prefix}/webhooks`,
      {
        schema: {
          tags,
          security,
          summary: surface.listSummary,
          response: { 200: WebhookList, ...webhookErrors },
        },
        config,
      },
      async (request) => ({ data: (await listWebhooks(ctx, await caller(request))).map(presentWebhook) }),
    );

    app.get(
      `${prefix}/webhooks/:id`,
      {
        schema: {
          tags,
          security,
          summary: 'Read a webhook endpoint',
          params: WebhookParams,
          response: { 200: Webhook, ...webhookErrors },
        },
        config,
      },
      async (request) => presentWebhook(await readWebhook(ctx, await caller(request), request.params.id)),
    );

    app.patch(
      `${prefix}/webhooks/:id`,
      {
        schema: {
          tags,
          security,
          summary: 'Change a webhook endpoint',
          description: 'Re-enabling an endpoint the service disabled starts it afresh.',
          params: WebhookParams,
          body: UpdateWebhookBody,
          response: { 200: Webhook, ...webhookErrors },
        },
        config,
      },
      async (request) =>
        presentWebhook(await updateWebhook(ctx, await caller(request), request.params.id, request.body)),
    );

    app.delete(
      `${prefix}/webhooks/:id`,
      {
        schema: {
          tags,
          security,
          summary: 'Delete a webhook endpoint',
          params: WebhookParams,
          response: { ...NoContent, ...webhookErrors },
        },
        config,
      },
      async (request, reply) => {
        await deleteWebhook(ctx, await caller(request), request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.post(
      `${prefix}/webhooks/:id/rotate-secret`,
      {
        schema: {
          tags,
          security,
          summary: 'Rotate the signing secret',
          description: 'Deliveries are signed with both the old and the new secret for 24 hours.',
          params: WebhookParams,
          response: { 200: WebhookWithSecret, ...webhookErrors },
        },
        config,
      },
      async (request) =>
        presentWithSecret(await rotateWebhookSecret(ctx, await caller(request), request.params.id)),
    );

    app.get(
      `${prefix}/webhooks/:id/deliveries`,
      {
        schema: {
          tags,
          security,
          summary: 'The delivery log, newest first',
          params: WebhookParams,
          querystring: DeliveryQuery,
          response: { 200: DeliveryPage, ...webhookErrors },
        },
        config,
      },
      async (request) => {
        const { limit, rows } = deliveryPageOf(request.query);
        const page = await listWebhookDeliveries(ctx, await caller(request), request.params.id, rows);
        return presentDeliveryPage(page, limit);
      },
    );

    app.post(
      `${prefix}/webhooks/:id/deliveries/:deliveryId/redeliver`,
      {
        schema: {
          tags,
          security,
          summary: 'Send a past event again',
          description: 'A new delivery of the same event (same webhook-id), with the full retry schedule.',
          params: DeliveryParams,
          response: { 202: Delivery, ...webhookErrors },
        },
        config,
      },
      async (request, reply) => {
        const { id, deliveryId } = request.params;
        return reply
          .code(202)
          .send(presentDelivery(await redeliverWebhook(ctx, await caller(request), id, deliveryId)));
      },
    );

    app.post(
      `${prefix}/webhooks/:id/test`,
      {
        schema: {
          tags,
          security,
          summary: 'Send a ping event',
          params: WebhookParams,
          response: { 202: Delivery, ...webhookErrors },
        },
        config,
      },
      async (request, reply) =>
        reply
          .code(202)
          .send(presentDelivery(await sendTestWebhook(ctx, await caller(request), request.params.id))),
    );
  };
}
