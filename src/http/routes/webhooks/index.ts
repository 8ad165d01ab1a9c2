import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
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

const tags = ['Webhooks'];
const security = [{ apiKey: [] }];
const config = { permission: 'webhooks:manage' as const };

/** Self-service webhook endpoints (docs/webhooks.md), behind the same key check as the rest of /v1. */
export function webhookRoutes(ctx: UseCaseContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      '/v1/webhooks',
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
        const { url, events = [], description = null } = request.body;
        const created = await createWebhook(ctx, callerOf(request), { url, events, description });
        return reply.code(201).send(presentWithSecret(created));
      },
    );

    app.get(
      '/v1/webhooks',
      {
        schema: {
          tags,
          security,
          summary: "List the account's webhook endpoints",
          response: { 200: WebhookList, ...webhookErrors },
        },
        config,
      },
      async (request) => ({ data: (await listWebhooks(ctx, callerOf(request))).map(presentWebhook) }),
    );

    app.get(
      '/v1/webhooks/:id',
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
      async (request) => presentWebhook(await readWebhook(ctx, callerOf(request), request.params.id)),
    );

    app.patch(
      '/v1/webhooks/:id',
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
        presentWebhook(await updateWebhook(ctx, callerOf(request), request.params.id, request.body)),
    );

    app.delete(
      '/v1/webhooks/:id',
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
        await deleteWebhook(ctx, callerOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/v1/webhooks/:id/rotate-secret',
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
        presentWithSecret(await rotateWebhookSecret(ctx, callerOf(request), request.params.id)),
    );

    app.get(
      '/v1/webhooks/:id/deliveries',
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
        const page = await listWebhookDeliveries(ctx, callerOf(request), request.params.id, rows);
        return presentDeliveryPage(page, limit);
      },
    );

    app.post(
      '/v1/webhooks/:id/deliveries/:deliveryId/redeliver',
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
          .send(presentDelivery(await redeliverWebhook(ctx, callerOf(request), id, deliveryId)));
      },
    );

    app.post(
      '/v1/webhooks/:id/test',
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
          .send(presentDelivery(await sendTestWebhook(ctx, callerOf(request), request.params.id))),
    );
  };
}
