import type { AuditAction } from '../../domain/audit.js';
import {
  DISCORD_WEBHOOK_EVENTS,
  isDiscordWebhookUrl,
  type WebhookFormat,
} from '../../domain/discord-webhook.js';
import { iso } from '../../domain/time.js';
import type { WebhookDelivery, WebhookEndpoint } from '../../domain/webhook-endpoint.js';
import {
  type EventType,
  MAX_ENDPOINTS_PER_ACCOUNT,
  type PinEventType,
  ROTATION_OVERLAP_MS,
} from '../../domain/webhook-events.js';
import { checkWebhookUrlShape } from '../../domain/webhook-url.js';
import { generateWebhookSecret } from '../../lib/standard-webhooks.js';
import { checkWebhookDestination } from '../../lib/webhook-transport.js';
import type { TransactionRepositories } from '../../storage/repositories/index.js';
import { actorOf, auditRefusals, recordAudit } from '../audit/record.js';
import { type AccountCaller, liveAccountOf } from '../callers.js';
import type { UseCaseContext } from '../context.js';
import { refuse } from '../failures.js';

/** Self-service webhook endpoints (docs/webhooks.md): each account manages its own. */

export interface EndpointInput {
  url: string;
  events: readonly PinEventType[];
  description: string | null;
  /** Unset: `discord` for a Discord webhook's URL, else `standard` (docs/webhooks.md, "Discord channels"). */
  format?: WebhookFormat;
}

/**
 * A Discord endpoint receives finished scans only; asking it for other events is a mistake to say,
 * and so is sending signed events to Discord, which takes its own messages only.
 */
function formatAndEvents(
  url: string,
  input: EndpointInput,
): { format: WebhookFormat; events: PinEventType[] } {
  const discordUrl = isDiscordWebhookUrl(new URL(url));
  const format = input.format ?? (discordUrl ? 'discord' : 'standard');
  if (format === 'standard' && discordUrl)
    refuse({
      code: 'invalid_webhook_url',
      reason:
        'This is a Discord channel’s webhook, which takes Discord messages, not signed events: leave format out, or set it to discord.',
    });
  if (format === 'standard') return { format, events: [...new Set(input.events)] };
  const others = input.events.filter((e) => !(DISCORD_WEBHOOK_EVENTS as readonly string[]).includes(e));
  if (others.length > 0)
    refuse({
      code: 'invalid_webhook_url',
      reason: `A Discord channel's webhook receives each finished scan's result (pin.finished) only; leave out ${others.join(', ')}.`,
    });
  return { format, events: [...DISCORD_WEBHOOK_EVENTS] };
}

/** A new or rotated secret: in this result only; the store keeps it sealed. */
export interface WithSecret {
  endpoint: WebhookEndpoint;
  secret: string;
}

/** https only (http with WEBHOOK_ALLOW_HTTP) and never to a private address (docs/webhooks.md, "Safety"). */
async function checkUrl(ctx: UseCaseContext, raw: string): Promise<string> {
  const shape = checkWebhookUrlShape(raw, { allowHttp: ctx.config.webhookAllowHttp });
  if (!shape.ok) refuse({ code: 'invalid_webhook_url', reason: shape.reason });
  const destination = await checkWebhookDestination(shape.url, {
    allowPrivateNetworks: ctx.config.webhookAllowPrivateNetworks,
  });
  if (!destination.ok) refuse({ code: 'invalid_webhook_url', reason: destination.reason });
  return shape.url.toString();
}

/**
 * Records a change to one of the caller's endpoints in `repos`' transaction (docs/audit.md): the
 * endpoint's id and what changed, never its URL (it may carry a receiver's token) or a secret.
 */
async function recordChange(
  ctx: UseCaseContext,
  repos: Pick<TransactionRepositories, 'audit' | 'enterprises'>,
  caller: AccountCaller,
  action: AuditAction,
  endpointId: number,
  detail: Record<string, string | boolean | readonly string[]> = {},
): Promise<void> {
  const accountId = liveAccountOf(caller).id;
  const owned = await repos.enterprises.activeOwnedBy(accountId);
  await recordAudit(repos, {
    actor: actorOf(caller),
    action,
    resource: { type: 'webhook', id: endpointId },
    enterpriseId: owned?.id ?? null,
    at: ctx.clock(),
    detail,
  });
}

function refusalsOf(caller: AccountCaller, action: AuditAction, id: number | null) {
  return { actor: actorOf(caller), action, resource: { type: 'webhook' as const, id } };
}

/** The caller's own endpoint; another account's is as good as missing. */
async function ownEndpoint(ctx: UseCaseContext, caller: AccountCaller, id: number): Promise<WebhookEndpoint> {
  const account = liveAccountOf(caller);
  const endpoint = await ctx.repos.webhooks.findEndpoint(id);
  if (endpoint === undefined || endpoint.accountId !== account.id)
    refuse({ code: 'webhook_not_found', webhookId: id });
  return endpoint;
}

export async function createWebhook(
  ctx: UseCaseContext,
  caller: AccountCaller,
  input: EndpointInput,
): Promise<WithSecret> {
  return auditRefusals(ctx, refusalsOf(caller, 'webhook.create', null), async () => {
    const account = liveAccountOf(caller);
    const url = await checkUrl(ctx, input.url);
    const secret = generateWebhookSecret();
    const endpoint = await ctx.transaction(async (repos) => {
      await repos.webhooks.lockAccount(account.id);
      if ((await repos.webhooks.countEndpoints(account.id)) >= MAX_ENDPOINTS_PER_ACCOUNT) {
        refuse({ code: 'webhook_limit', max: MAX_ENDPOINTS_PER_ACCOUNT });
      }
      const created = await repos.webhooks.createEndpoint({
        accountId: account.id,
        url,
        description: input.description,
        ...formatAndEvents(url, input),
        secretSealed: ctx.webhookSecrets.seal(secret),
        now: ctx.clock(),
      });
      await recordChange(ctx, repos, caller, 'webhook.create', created.id, { events: created.events });
      return created;
    });
    return { endpoint, secret };
  });
}

export async function listWebhooks(ctx: UseCaseContext, caller: AccountCaller): Promise<WebhookEndpoint[]> {
  return ctx.repos.webhooks.listEndpoints(liveAccountOf(caller).id);
}

export function readWebhook(
  ctx: UseCaseContext,
  caller: AccountCaller,
  id: number,
): Promise<WebhookEndpoint> {
  return ownEndpoint(ctx, caller, id);
}

export async function updateWebhook(
  ctx: UseCaseContext,
  caller: AccountCaller,
  id: number,
  changes: Partial<EndpointInput> & { enabled?: boolean },
): Promise<WebhookEndpoint> {
  return auditRefusals(ctx, refusalsOf(caller, 'webhook.update', id), async () => {
    const current = await ownEndpoint(ctx, caller, id);
    const url = changes.url === undefined ? undefined : await checkUrl(ctx, changes.url);
    // The format stays what it was made with; a Discord endpoint's events stay its one, and a
    // standard endpoint cannot be pointed at a Discord webhook.
    const events =
      changes.events === undefined && url === undefined
        ? undefined
        : formatAndEvents(url ?? current.url, {
            url: url ?? current.url,
            events: changes.events ?? current.events.filter((e): e is PinEventType => e !== 'ping'),
            description: null,
            format: current.format,
          }).events;
    return ctx.transaction(async (repos) => {
      const updated = await repos.webhooks.updateEndpoint(id, {
        ...(url === undefined ? {} : { url }),
        ...(changes.description === undefined ? {} : { description: changes.description }),
        ...(events === undefined ? {} : { events }),
        ...(changes.enabled === undefined ? {} : { enabled: changes.enabled }),
      });
      if (updated === undefined) refuse({ code: 'webhook_not_found', webhookId: id });
      // Which fields changed; enabling and disabling show as `enabled`.
      const changed = Object.keys(changes).filter((k) => changes[k as keyof typeof changes] !== undefined);
      await recordChange(ctx, repos, caller, 'webhook.update', id, {
        changed,
        ...(changes.enabled === undefined ? {} : { enabled: changes.enabled }),
      });
      return updated;
    });
  });
}

export async function deleteWebhook(ctx: UseCaseContext, caller: AccountCaller, id: number): Promise<void> {
  await auditRefusals(ctx, refusalsOf(caller, 'webhook.delete', id), async () => {
    await ownEndpoint(ctx, caller, id);
    await ctx.transaction(async (repos) => {
      await repos.webhooks.deleteEndpoint(id);
      await recordChange(ctx, repos, caller, 'webhook.delete', id);
    });
  });
}

/** A new secret; the old one keeps signing beside it for 24 hours, so receivers can switch over. */
export async function rotateWebhookSecret(
  ctx: UseCaseContext,
  caller: AccountCaller,
  id: number,
): Promise<WithSecret> {
  return auditRefusals(ctx, refusalsOf(caller, 'webhook.rotate_secret', id), async () => {
    const endpoint = await ownEndpoint(ctx, caller, id);
    const secret = generateWebhookSecret();
    await ctx.transaction(async (repos) => {
      await repos.webhooks.rotateSecret(
        id,
        ctx.webhookSecrets.seal(secret),
        ctx.clock() + ROTATION_OVERLAP_MS,
      );
      await recordChange(ctx, repos, caller, 'webhook.rotate_secret', id);
    });
    return { endpoint, secret };
  });
}

export async function listWebhookDeliveries(
  ctx: UseCaseContext,
  caller: AccountCaller,
  id: number,
  page: { limit: number; before?: number },
): Promise<WebhookDelivery[]> {
  await ownEndpoint(ctx, caller, id);
  return ctx.repos.webhooks.listDeliveries(id, page);
}

export async function redeliverWebhook(
  ctx: UseCaseContext,
  caller: AccountCaller,
  id: number,
  deliveryId: number,
): Promise<WebhookDelivery> {
  await ownEndpoint(ctx, caller, id);
  const original = await ctx.repos.webhooks.findDelivery(deliveryId);
  if (original === undefined || original.endpointId !== id)
    refuse({ code: 'delivery_not_found', deliveryId });
  const fresh = await ctx.repos.webhooks.redeliver(deliveryId, ctx.clock());
  if (fresh === undefined) refuse({ code: 'delivery_not_found', deliveryId });
  return fresh;
}

/** Sends a `ping` event to this endpoint only, whatever it subscribes to. */
export async function sendTestWebhook(
  ctx: UseCaseContext,
  caller: AccountCaller,
  id: number,
): Promise<WebhookDelivery> {
  const endpoint = await ownEndpoint(ctx, caller, id);
  const now = ctx.clock();
  const type: EventType = 'ping';
  return ctx.repos.webhooks.recordFor(endpoint.id, {
    accountId: endpoint.accountId,
    pinId: null,
    type,
    payload: {
      type,
      timestamp: iso(now),
      data: {
        webhookId: endpoint.id,
        message: 'A test event from scanpin: your endpoint is reachable and verified.',
      },
    },
    now,
  });
}
