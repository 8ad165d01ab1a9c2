import { nextAttemptAt, parseRetrySchedule, shouldDisable } from '../../domain/webhook-events.js';
import { USER_AGENT, webhookHeaders } from '../../lib/standard-webhooks.js';
import { postWebhook } from '../../lib/webhook-transport.js';
import type { ClaimedDelivery } from '../../storage/repositories/webhooks.js';
import type { UseCaseContext } from '../context.js';
import { discordWebhookBody } from './discord-webhook-body.js';

/**
 * A claim outlasts the longest attempt, so a live worker never loses its delivery to another; a
 * delivery claimed by an instance that died is sent again once its claim runs out (docs/webhooks.md).
 */
function claimHoldMs(ctx: UseCaseContext): number {
  return ctx.config.webhookTimeoutSeconds * 3_000;
}
const BATCH = 20;

export const DISABLED_REASON =
  'Disabled after failing every delivery for 3 days. Fix the receiver, then re-enable it.';

/** The secrets that sign now: the current one, and the previous one during a rotation's overlap. */
function signingSecrets(ctx: UseCaseContext, claimed: ClaimedDelivery, now: number): string[] {
  const secrets = [ctx.webhookSecrets.open(claimed.secretSealed)];
  if (claimed.previousSecretSealed !== null && (claimed.previousSecretExpiresAt ?? 0) > now) {
    secrets.push(ctx.webhookSecrets.open(claimed.previousSecretSealed));
  }
  return secrets;
}

/** What is sent and how: a signed event, or for a Discord channel's webhook, its message. */
async function requestFor(
  ctx: UseCaseContext,
  claimed: ClaimedDelivery,
  startedAt: number,
): Promise<{ body: string; headers: Record<string, string> }> {
  if (claimed.endpoint.format === 'discord') {
    return {
      body: await discordWebhookBody(ctx, claimed),
      headers: { 'content-type': 'application/json', 'user-agent': USER_AGENT },
    };
  }
  // webhook-id names the event, so it stays the same across retries and redeliveries.
  const headers = webhookHeaders(
    signingSecrets(ctx, claimed, startedAt),
    `msg_${claimed.eventId}`,
    Math.floor(startedAt / 1000),
    claimed.payload,
  );
  return { body: claimed.payload, headers };
}

async function deliver(ctx: UseCaseContext, claimed: ClaimedDelivery): Promise<void> {
  const startedAt = ctx.clock();
  const { body, headers } = await requestFor(ctx, claimed, startedAt);
  const result = await postWebhook(claimed.endpoint.url, body, headers, {
    allowPrivateNetworks: ctx.config.webhookAllowPrivateNetworks,
    timeoutMs: ctx.config.webhookTimeoutSeconds * 1_000,
  });
  const at = ctx.clock();
  const schedule = parseRetrySchedule(ctx.config.webhookRetrySchedule);
  await ctx.repos.webhooks.recordAttempt(claimed, {
    ok: result.ok,
    status: result.status,
    error: result.ok ? null : (result.error ?? `the receiver answered ${result.status}`),
    response: result.responseExcerpt,
    at,
    nextAttemptAt: result.ok ? null : nextAttemptAt(claimed.attempts + 1, schedule, at),
  });
  if (!result.ok) {
    const endpoint = await ctx.repos.webhooks.findEndpoint(claimed.endpoint.id);
    if (endpoint?.enabled && shouldDisable(endpoint.failingSince, at)) {
      await ctx.repos.webhooks.disableEndpoint(endpoint.id, DISABLED_REASON);
    }
  }
}

/**
 * Sends every webhook delivery that is due (docs/webhooks.md): signed per Standard Webhooks, a 2xx
 * within WEBHOOK_TIMEOUT_SECONDS is success, anything else is retried on WEBHOOK_RETRY_SCHEDULE and
 * then given up.
 */
export async function deliverDueWebhooks(ctx: UseCaseContext): Promise<number> {
  // The claim and the read of what to send commit together: were the read to fail after a claim of
  // its own had committed (the database going away in between), the deliveries would wait out the
  // whole claim before anyone sent them (docs/webhooks.md, "Operating it").
  const now = ctx.clock();
  const claimed = await ctx.transaction((repos) => repos.webhooks.claimDue(now, BATCH, claimHoldMs(ctx)));
  // One PIN's events reach one endpoint in order; different PINs and endpoints go in parallel.
  const inOrder = new Map<string, ClaimedDelivery[]>();
  for (const c of claimed) {
    const key = `${c.endpoint.id}:${c.pinId ?? `delivery-${c.deliveryId}`}`;
    inOrder.set(key, [...(inOrder.get(key) ?? []), c]);
  }
  await Promise.all(
    [...inOrder.values()].map(async (sequence) => {
      for (const c of sequence) await deliverOrDrop(ctx, c);
    }),
  );
  return claimed.length;
}

async function deliverOrDrop(ctx: UseCaseContext, c: ClaimedDelivery): Promise<void> {
  if (!c.endpoint.enabled) return ctx.repos.webhooks.cancelDelivery(c.deliveryId, 'the endpoint is disabled');
  // pin.progress never follows the final event (docs/webhooks.md, "Events").
  if (
    c.type === 'pin.progress' &&
    c.pinId !== null &&
    (await ctx.repos.webhooks.finalEventTried(c.pinId, c.endpoint.id))
  ) {
    return ctx.repos.webhooks.cancelDelivery(c.deliveryId, 'superseded by the final event');
  }
  await deliver(ctx, c);
}
