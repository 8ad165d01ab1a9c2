import type { Selectable } from 'kysely';
import type { WebhookFormat } from '../../domain/discord-webhook.js';
import type { WebhookDelivery, WebhookEndpoint } from '../../domain/webhook-endpoint.js';
import {
  type EventType,
  FINAL_EVENTS,
  isFinalEvent,
  PROGRESS_EVERY_MS,
  subscribes,
} from '../../domain/webhook-events.js';
import type { Db } from '../database.js';
import type { Dialect } from '../migrations/index.js';
import { PARAM, precompiledFor } from '../precompiled.js';
import type { WebhookDeliveriesTable, WebhookEndpointsTable } from '../schema.js';

type EndpointRow = Selectable<WebhookEndpointsTable>;

function endpointOf(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    accountId: row.account_id,
    url: row.url,
    description: row.description,
    events: JSON.parse(row.events) as EventType[],
    format: row.format === 'discord' ? 'discord' : 'standard',
    enabled: row.enabled === 1,
    createdAt: row.created_at,
    failingSince: row.failing_since,
    disabledReason: row.disabled_reason,
  };
}

function deliveryOf(row: Selectable<WebhookDeliveriesTable> & { type: EventType }): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.event_id,
    endpointId: row.endpoint_id,
    event: row.type,
    state: row.state,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    lastAttemptAt: row.last_attempt_at,
    lastStatus: row.last_status,
    lastError: row.last_error,
    lastResponse: row.last_response,
    deliveredAt: row.delivered_at,
    createdAt: row.created_at,
  };
}

/** An event to put in the outbox, with the state change that caused it. */
export interface OutboxEvent {
  accountId: number;
  pinId: number | null;
  type: EventType;
  /** `{ type, timestamp, data }`, exactly as it will be sent. */
  payload: unknown;
  now: number;
}

/** A delivery claimed by this worker, with what sending it needs. */
export interface ClaimedDelivery {
  deliveryId: number;
  attempts: number;
  eventId: number;
  eventCreatedAt: number;
  type: EventType;
  /** The PIN the event is about; null for ping. */
  pinId: number | null;
  payload: string;
  endpoint: WebhookEndpoint;
  secretSealed: string;
  previousSecretSealed: string | null;
  previousSecretExpiresAt: number | null;
}

export interface SealedSecrets {
  current: string;
  previous: string | null;
  previousExpiresAt: number | null;
}

// Every recorded event asks first which endpoints want it: seven times in a whole scan, so compiled
// once (docs/benchmarks.md, "Profile findings"). Parameters: the account, then 1 (enabled).
const enabledEndpointsOf = precompiledFor(
  (db) =>
    db
      .selectFrom('webhook_endpoints')
      .select(['id', 'events'])
      .where('account_id', '=', PARAM as unknown as number)
      .where('enabled', '=', PARAM as unknown as 0 | 1),
  2,
);

export function webhooksRepository(db: Db, dialect: Dialect) {
  /** Inserts the event and a pending delivery per endpoint, due at `deliverAfter`. */
  async function insertEvent(event: OutboxEvent, endpointIds: readonly number[], deliverAfter: number) {
    const { id } = await db
      .insertInto('webhook_events')
      .values({
        account_id: event.accountId,
        pin_id: event.pinId,
        type: event.type,
        payload: JSON.stringify(event.payload),
        created_at: event.now,
        deliver_after: deliverAfter,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('webhook_deliveries')
      .values(
        endpointIds.map((endpointId) => ({
          event_id: id,
          endpoint_id: endpointId,
          state: 'pending' as const,
          next_attempt_at: deliverAfter,
          created_at: event.now,
        })),
      )
      .execute();
    return id;
  }

  return {
    async createEndpoint(input: {
      accountId: number;
      url: string;
      description: string | null;
      events: readonly EventType[];
      format: WebhookFormat;
      secretSealed: string;
      now: number;
    }): Promise<WebhookEndpoint> {
      const row = await db
        .insertInto('webhook_endpoints')
        .values({
          account_id: input.accountId,
          url: input.url,
          description: input.description,
          events: JSON.stringify(input.events),
          format: input.format,
          enabled: 1,
          secret_sealed: input.secretSealed,
          previous_secret_sealed: null,
          previous_secret_expires_at: null,
          created_at: input.now,
          failing_since: null,
          disabled_reason: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return endpointOf(row);
    },

    async countEndpoints(accountId: number): Promise<number> {
      const row = await db
        .selectFrom('webhook_endpoints')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('account_id', '=', accountId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** PostgreSQL: holds the account row so two creates cannot both pass the endpoint limit. */
    async lockAccount(accountId: number): Promise<void> {
      if (dialect !== 'postgres') return;
      await db.selectFrom('accounts').select('id').where('id', '=', accountId).forUpdate().execute();
    },

    async listEndpoints(accountId: number): Promise<WebhookEndpoint[]> {
      const rows = await db
        .selectFrom('webhook_endpoints')
        .selectAll()
        .where('account_id', '=', accountId)
        .orderBy('id')
        .execute();
      return rows.map(endpointOf);
    },

    async findEndpoint(id: number): Promise<WebhookEndpoint | undefined> {
      const row = await db
        .selectFrom('webhook_endpoints')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row === undefined ? undefined : endpointOf(row);
    },

    async updateEndpoint(
      id: number,
      changes: {
        url?: string;
        description?: string | null;
        events?: readonly EventType[];
        enabled?: boolean;
      },
    ): Promise<WebhookEndpoint | undefined> {
      const values: Partial<Omit<EndpointRow, 'id'>> = {};
      if (changes.url !== undefined) values.url = changes.url;
      if (changes.description !== undefined) values.description = changes.description;
      if (changes.events !== undefined) values.events = JSON.stringify(changes.events);
      if (changes.enabled !== undefined) {
        values.enabled = changes.enabled ? 1 : 0;
        // Re-enabled by its owner: it starts afresh.
        if (changes.enabled) Object.assign(values, { disabled_reason: null, failing_since: null });
      }
      if (Object.keys(values).length > 0) {
        await db.updateTable('webhook_endpoints').set(values).where('id', '=', id).execute();
      }
      return this.findEndpoint(id);
    },

    async deleteEndpoint(id: number): Promise<void> {
      await db.deleteFrom('webhook_deliveries').where('endpoint_id', '=', id).execute();
      await db.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
    },

    async secrets(id: number): Promise<SealedSecrets | undefined> {
      const row = await db
        .selectFrom('webhook_endpoints')
        .select(['secret_sealed', 'previous_secret_sealed', 'previous_secret_expires_at'])
        .where('id', '=', id)
        .executeTakeFirst();
      return row === undefined
        ? undefined
        : {
            current: row.secret_sealed,
            previous: row.previous_secret_sealed,
            previousExpiresAt: row.previous_secret_expires_at,
          };
    },

    async rotateSecret(id: number, sealed: string, previousExpiresAt: number): Promise<void> {
      await db
        .updateTable('webhook_endpoints')
        .set((eb) => ({
          previous_secret_sealed: eb.ref('secret_sealed'),
          previous_secret_expires_at: previousExpiresAt,
          secret_sealed: sealed,
        }))
        .where('id', '=', id)
        .execute();
    },

    /** Disables an endpoint and cancels what it still had to receive. */
    async disableEndpoint(id: number, reason: string): Promise<void> {
      await db
        .updateTable('webhook_endpoints')
        .set({ enabled: 0, disabled_reason: reason })
        .where('id', '=', id)
        .execute();
      await db
        .updateTable('webhook_deliveries')
        .set({ state: 'cancelled', next_attempt_at: null, last_error: reason })
        .where('endpoint_id', '=', id)
        .where('state', '=', 'pending')
        .execute();
    },

    /**
     * The outbox: records an event for every enabled endpoint of the account that subscribes to it,
     * in the caller's transaction. pin.progress is coalesced: while one is still held back, the
     * newest state replaces its payload; otherwise the next goes out at least 5 s after the last.
     * A final event cancels progress not yet sent, so no progress follows it.
     */
    async record(event: OutboxEvent): Promise<void> {
      const { rows: endpoints } = await enabledEndpointsOf(db, event.accountId, 1);
      const ids = endpoints
        .filter((e) => subscribes(JSON.parse(e.events) as EventType[], event.type))
        .map((e) => e.id);
      if (ids.length === 0) return;

      let deliverAfter = event.now;
      if (event.type === 'pin.progress' && event.pinId !== null) {
        const last = await db
          .selectFrom('webhook_events')
          .select(['id', 'deliver_after'])
          .where('pin_id', '=', event.pinId)
          .where('type', '=', 'pin.progress')
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirst();
        if (last !== undefined && last.deliver_after > event.now) {
          await db
            .updateTable('webhook_events')
            .set({ payload: JSON.stringify(event.payload) })
            .where('id', '=', last.id)
            .execute();
          return;
        }
        if (last !== undefined) deliverAfter = Math.max(event.now, last.deliver_after + PROGRESS_EVERY_MS);
      }
      if (isFinalEvent(event.type) && event.pinId !== null) {
        const progress = db
          .selectFrom('webhook_events')
          .select('id')
          .where('pin_id', '=', event.pinId)
          .where('type', '=', 'pin.progress');
        await db
          .updateTable('webhook_deliveries')
          .set({ state: 'cancelled', next_attempt_at: null, last_error: 'superseded by the final event' })
          .where('state', '=', 'pending')
          .where('event_id', 'in', progress)
          // One already due and never tried goes out before the final event (deliveries of a PIN
          // are sent in order); one waiting for its 5 s window or for a retry would come after it.
          .where((eb) => eb.or([eb('attempts', '>', 0), eb('next_attempt_at', '>', event.now)]))
          .execute();
      }
      await insertEvent(event, ids, deliverAfter);
    },

    /** An event for one endpoint only (ping); returns its delivery. */
    async recordFor(endpointId: number, event: OutboxEvent): Promise<WebhookDelivery> {
      const eventId = await insertEvent(event, [endpointId], event.now);
      const row = await db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('event_id', '=', eventId)
        .executeTakeFirstOrThrow();
      const delivery = await this.findDelivery(row.id);
      if (delivery === undefined) throw new Error(`delivery ${row.id} vanished`);
      return delivery;
    },

    /** A fresh delivery of a past event to the same endpoint, with the full retry schedule. */
    async redeliver(deliveryId: number, now: number): Promise<WebhookDelivery | undefined> {
      const old = await db
        .selectFrom('webhook_deliveries')
        .select(['event_id', 'endpoint_id'])
        .where('id', '=', deliveryId)
        .executeTakeFirst();
      if (old === undefined) return undefined;
      const { id } = await db
        .insertInto('webhook_deliveries')
        .values({
          event_id: old.event_id,
          endpoint_id: old.endpoint_id,
          state: 'pending',
          next_attempt_at: now,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return this.findDelivery(id);
    },

    async findDelivery(id: number): Promise<WebhookDelivery | undefined> {
      const row = await db
        .selectFrom('webhook_deliveries')
        .innerJoin('webhook_events', 'webhook_events.id', 'webhook_deliveries.event_id')
        .selectAll('webhook_deliveries')
        .select('webhook_events.type')
        .where('webhook_deliveries.id', '=', id)
        .executeTakeFirst();
      return row === undefined ? undefined : deliveryOf(row);
    },

    /** The endpoint's deliveries, newest first, `limit` of them older than `before` (a delivery id). */
    async listDeliveries(
      endpointId: number,
      page: { limit: number; before?: number },
    ): Promise<WebhookDelivery[]> {
      let query = db
        .selectFrom('webhook_deliveries')
        .innerJoin('webhook_events', 'webhook_events.id', 'webhook_deliveries.event_id')
        .selectAll('webhook_deliveries')
        .select('webhook_events.type')
        .where('webhook_deliveries.endpoint_id', '=', endpointId)
        .orderBy('webhook_deliveries.id', 'desc')
        .limit(page.limit);
      if (page.before !== undefined) query = query.where('webhook_deliveries.id', '<', page.before);
      return (await query.execute()).map(deliveryOf);
    },

    /**
     * Claims up to `limit` due deliveries for `holdMs`. On PostgreSQL rows another instance is
     * claiming are skipped (FOR UPDATE SKIP LOCKED), so each delivery goes to one worker; a claim
     * that lapses (a crashed worker) makes the delivery due again.
     */
    async claimDue(now: number, limit: number, holdMs: number): Promise<ClaimedDelivery[]> {
      const due = db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('state', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
        .orderBy('next_attempt_at')
        .limit(limit);
      const claimed = await db
        .updateTable('webhook_deliveries')
        .set({ claimed_until: now + holdMs })
        .where('id', 'in', dialect === 'postgres' ? due.forUpdate().skipLocked() : due)
        .returning('id')
        .execute();
      if (claimed.length === 0) return [];
      const rows = await db
        .selectFrom('webhook_deliveries')
        .innerJoin('webhook_events', 'webhook_events.id', 'webhook_deliveries.event_id')
        .innerJoin('webhook_endpoints', 'webhook_endpoints.id', 'webhook_deliveries.endpoint_id')
        .selectAll('webhook_endpoints')
        .select([
          'webhook_deliveries.id as delivery_id',
          'webhook_deliveries.attempts',
          'webhook_events.id as event_id',
          'webhook_events.created_at as event_created_at',
          'webhook_events.type',
          'webhook_events.pin_id',
          'webhook_events.payload',
        ])
        .where(
          'webhook_deliveries.id',
          'in',
          claimed.map((c) => c.id),
        )
        .orderBy('webhook_events.id')
        .orderBy('webhook_deliveries.id')
        .execute();
      return rows.map((row) => ({
        deliveryId: row.delivery_id,
        attempts: row.attempts,
        eventId: row.event_id,
        eventCreatedAt: row.event_created_at,
        type: row.type,
        pinId: row.pin_id,
        payload: row.payload,
        endpoint: endpointOf(row),
        secretSealed: row.secret_sealed,
        previousSecretSealed: row.previous_secret_sealed,
        previousSecretExpiresAt: row.previous_secret_expires_at,
      }));
    },

    /** Whether this endpoint has been sent (or tried) the final event of the PIN. */
    async finalEventTried(pinId: number, endpointId: number): Promise<boolean> {
      const row = await db
        .selectFrom('webhook_deliveries')
        .innerJoin('webhook_events', 'webhook_events.id', 'webhook_deliveries.event_id')
        .select('webhook_deliveries.id')
        .where('webhook_events.pin_id', '=', pinId)
        .where('webhook_events.type', 'in', FINAL_EVENTS)
        .where('webhook_deliveries.endpoint_id', '=', endpointId)
        .where((eb) =>
          eb.or([eb('webhook_deliveries.attempts', '>', 0), eb('webhook_deliveries.state', '!=', 'pending')]),
        )
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    async cancelDelivery(id: number, reason: string): Promise<void> {
      await db
        .updateTable('webhook_deliveries')
        .set({ state: 'cancelled', next_attempt_at: null, claimed_until: null, last_error: reason })
        .where('id', '=', id)
        .execute();
    },

    /** Records one attempt's outcome; `nextAttemptAt` null after a failure means given up. */
    async recordAttempt(
      claimed: ClaimedDelivery,
      outcome: {
        ok: boolean;
        status: number | null;
        error: string | null;
        response: string | null;
        at: number;
        nextAttemptAt: number | null;
      },
    ): Promise<void> {
      await db
        .updateTable('webhook_deliveries')
        .set({
          attempts: claimed.attempts + 1,
          state: outcome.ok ? 'delivered' : outcome.nextAttemptAt === null ? 'failed' : 'pending',
          next_attempt_at: outcome.ok ? null : outcome.nextAttemptAt,
          claimed_until: null,
          last_attempt_at: outcome.at,
          last_status: outcome.status,
          last_error: outcome.error,
          last_response: outcome.response,
          delivered_at: outcome.ok ? outcome.at : null,
        })
        .where('id', '=', claimed.deliveryId)
        .execute();
      await db
        .updateTable('webhook_endpoints')
        .set(
          outcome.ok
            ? { failing_since: null }
            : (eb) => ({ failing_since: eb.fn.coalesce('failing_since', eb.val(outcome.at)) }),
        )
        .where('id', '=', claimed.endpoint.id)
        .execute();
    },
  };
}

export type WebhooksRepository = ReturnType<typeof webhooksRepository>;
