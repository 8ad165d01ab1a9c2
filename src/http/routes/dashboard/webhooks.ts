import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { UseCaseContext } from '../../../application/context.js';
import { accountCallerOf } from '../../../application/dashboard/account-caller.js';
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
import { personOf } from '../../plugins/session-auth.js';
import { NoContent } from '../../schemas/common.js';
import {
  deliveryPageOf,
  presentDelivery,
  presentDeliveryPage,
  presentWebhook,
  presentWithSecret,
} from '../webhooks/present.js';
import {
  CreateWebhookBody,
  Delivery,
  DeliveryPage,
  DeliveryParams,
  DeliveryQuery,
  webhookErrors as errors,
  UpdateWebhookBody,
  Webhook,
  WebhookList,
  WebhookParams,
  WebhookWithSecret,
} from '../webhooks/schemas.js';
import { security, tags } from './schemas.js';

/**
 * The person's own webhook endpoints (docs/webhooks.md): the same paths, bodies and answers as
 * /v1/webhooks, through the same use cases, for the signed-in account instead of a key's.
 */
export function dashboardWebhookRoutes(ctx: UseCaseContext): FastifyPluginAsyncTypebox {
  const caller = (request: FastifyRequest) => accountCallerOf(ctx, personOf(request));

  return async (app) => {
    app.post(
      '/webhooks',
      {
        schema: {
          tags,
          security,
          summary: 'Register a webhook endpoint',
          description: 'At most 10 per account. The signing secret is in this answer only.',
          body: CreateWebhookBody,
          response: { 201: WebhookWithSecret, ...errors },
        },
      },
      async (request, reply) => {
        const { url, events = [], description = null } = request.body;
        const created = await createWebhook(ctx, await caller(request), { url, events, description });
        return reply.code(201).send(presentWithSecret(created));
      },
    );

    app.get(
      '/webhooks',
      {
        schema: {
          tags,
          security,
          summary: 'Your webhook endpoints',
          response: { 200: WebhookList, ...errors },
        },
      },
      async (request) => ({ data: (await listWebhooks(ctx, await caller(request))).map(presentWebhook) }),
    );

    app.get(
      '/webhooks/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Read a webhook endpoint',
          params: WebhookParams,
          response: { 200: Webhook, ...errors },
        },
      },
      async (request) => presentWebhook(await readWebhook(ctx, await caller(request), request.params.id)),
    );

    app.patch(
      '/webhooks/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Change a webhook endpoint',
          description: 'Re-enabling an endpoint the service disabled starts it afresh.',
          params: WebhookParams,
          body: UpdateWebhookBody,
          response: { 200: Webhook, ...errors },
        },
      },
      async (request) =>
        presentWebhook(await updateWebhook(ctx, await caller(request), request.params.id, request.body)),
    );

    app.delete(
      '/webhooks/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Delete a webhook endpoint',
          params: WebhookParams,
          response: { ...NoContent, ...errors },
        },
      },
      async (request, reply) => {
        await deleteWebhook(ctx, await caller(request), request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/webhooks/:id/rotate-secret',
      {
        schema: {
          tags,
          security,
          summary: 'Rotate the signing secret',
          description: 'Deliveries are signed with both the old and the new secret for 24 hours.',
          params: WebhookParams,
          response: { 200: WebhookWithSecret, ...errors },
        },
      },
      async (request) =>
        presentWithSecret(await rotateWebhookSecret(ctx, await caller(request), request.params.id)),
    );

    app.get(
      '/webhooks/:id/deliveries',
      {
        schema: {
          tags,
          security,
          summary: 'The delivery log, newest first',
          params: WebhookParams,
          querystring: DeliveryQuery,
          response: { 200: DeliveryPage, ...errors },
        },
      },
      async (request) => {
        const { limit, rows } = deliveryPageOf(request.query);
        const page = await listWebhookDeliveries(ctx, await caller(request), request.params.id, rows);
        return presentDeliveryPage(page, limit);
      },
    );

    app.post(
      '/webhooks/:id/deliveries/:deliveryId/redeliver',
      {
        schema: {
          tags,
          security,
          summary: 'Send a past event again',
          description: 'A new delivery of the same event (same webhook-id), with the full retry schedule.',
          params: DeliveryParams,
          response: { 202: Delivery, ...errors },
        },
      },
      async (request, reply) => {
        const { id, deliveryId } = request.params;
        return reply
          .code(202)
          .send(presentDelivery(await redeliverWebhook(ctx, await caller(request), id, deliveryId)));
      },
    );

    app.post(
      '/webhooks/:id/test',
      {
        schema: {
          tags,
          security,
          summary: 'Send a ping event',
          params: WebhookParams,
          response: { 202: Delivery, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .code(202)
          .send(presentDelivery(await sendTestWebhook(ctx, await caller(request), request.params.id))),
    );
  };
}
