import { abortReason, sleep as realSleep, ScanpinError } from './errors.js';
import { parseEventStream } from './event-stream.js';
import { FINAL_STATES } from './states.js';
import type {
  CreatedPin,
  CreatePinRequest,
  CreateWebhookRequest,
  Delivery,
  DeliveryPage,
  DeliveryQuery,
  PinResults,
  PinStatus,
  ProblemBody,
  RateLimitState,
  RiskScore,
  ScannedUserLookup,
  UpdateWebhookRequest,
  Webhook,
  WebhookList,
  WebhookWithSecret,
} from './types.js';
import type { PinWebhookEvent } from './verify-webhook.js';
import { type WaitOptions, waitForResult } from './wait.js';

export interface ScanpinClientOptions {
  /** An API key (`sp_…`); keep it out of source, e.g. in SCANPIN_API_KEY. */
  apiKey: string;
  /** The server's address, e.g. `https://scanpin.example.com` (without `/v1`). */
  baseUrl: string;
  /** A fetch implementation; the global one by default. */
  fetch?: typeof fetch;
  /**
   * On `429 rate_limited`, wait Retry-After and try again (default: on, 2 retries, waits of at most
   * 60 s; a longer wait is thrown as the ScanpinError instead, since an hourly window can be an hour).
   */
  retryOn429?: boolean | { maxRetries?: number; maxWaitSeconds?: number };
  /** How the client waits (Retry-After, polling, reconnecting); tests pass a fake. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** A number in [0, 1) for spreading poll intervals; Math.random by default. */
  random?: () => number;
}

export interface CallOptions {
  /** Aborts the call; it then rejects with the signal's reason (an AbortError by default). */
  signal?: AbortSignal;
}

interface SendOptions extends CallOptions {
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  headers?: Record<string, string>;
}

const MAX_STREAM_RECONNECTS = 5;

/** The event names GET /v1/events sends (docs/webhooks.md, "Events"); others are skipped. */
const PIN_EVENT_TYPES: ReadonlySet<string> = new Set<PinWebhookEvent['type']>([
  'pin.created',
  'pin.started',
  'pin.progress',
  'pin.finished',
  'pin.expired',
  'pin.failed',
]);

/** A typed client for scanpin's published API (docs/api.md) and webhook endpoints (docs/webhooks.md). */
export class ScanpinClient {
  /** The X-RateLimit-* values of the last response, once there was one. */
  rateLimit: RateLimitState | undefined;

  readonly pins;
  readonly users;
  readonly scannedUsers;
  readonly webhooks;
  readonly events;

  readonly #apiKey: string;
  readonly #baseUrl: string;
  readonly #fetch: typeof fetch;
  readonly #maxRetries: number;
  readonly #maxWaitSeconds: number;
  /** @internal */
  readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** @internal */
  readonly random: () => number;

  constructor(options: ScanpinClientOptions) {
    if (!options.apiKey) throw new TypeError('ScanpinClient needs an apiKey.');
    if (!options.baseUrl) throw new TypeError('ScanpinClient needs a baseUrl.');
    this.#apiKey = options.apiKey;
    this.#baseUrl = options.baseUrl.replace(/\/+$/, '');
    // Called through a wrapper: browsers refuse a fetch detached from its window ("Illegal invocation").
    this.#fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    const retry = options.retryOn429 ?? true;
    this.#maxRetries = retry === false ? 0 : retry === true ? 2 : (retry.maxRetries ?? 2);
    this.#maxWaitSeconds = typeof retry === 'object' ? (retry.maxWaitSeconds ?? 60) : 60;
    this.sleep = options.sleep ?? realSleep;
    this.random = options.random ?? Math.random;

    const pin = (code: string, tail: string) => `/v1/pins/${encodeURIComponent(code)}/${tail}`;
    this.pins = {
      create: (body: CreatePinRequest, o: CallOptions = {}) =>
        this.#json<CreatedPin>('POST', '/v1/pins/create', { ...o, body }),
      status: (code: string, o: CallOptions = {}) => this.#json<PinStatus>('GET', pin(code, 'status'), o),
      results: (code: string, o: CallOptions = {}) => this.#json<PinResults>('GET', pin(code, 'results'), o),
      /** The PIN's status bodies as they change, ending after the final state (docs/api.md, "Following a PIN live"). */
      events: (code: string, o: CallOptions & { lastEventId?: string } = {}) =>
        this.#events(pin(code, 'events'), o),
    };
    this.users = {
      riskScore: (discordId: string, o: CallOptions = {}) =>
        this.#json<RiskScore>('GET', `/v1/users/${encodeURIComponent(discordId)}/risk-score`, o),
    };
    this.scannedUsers = {
      lookup: (discordId: string, o: CallOptions = {}) =>
        this.#json<ScannedUserLookup>('GET', `/v1/scanned-users/lookup/${encodeURIComponent(discordId)}`, o),
    };
    const hook = (id: number, tail = '') => `/v1/webhooks/${encodeURIComponent(String(id))}${tail}`;
    this.webhooks = {
      list: (o: CallOptions = {}) => this.#json<WebhookList>('GET', '/v1/webhooks', o),
      create: (body: CreateWebhookRequest, o: CallOptions = {}) =>
        this.#json<WebhookWithSecret>('POST', '/v1/webhooks', { ...o, body }),
      get: (id: number, o: CallOptions = {}) => this.#json<Webhook>('GET', hook(id), o),
      update: (id: number, body: UpdateWebhookRequest, o: CallOptions = {}) =>
        this.#json<Webhook>('PATCH', hook(id), { ...o, body }),
      delete: async (id: number, o: CallOptions = {}): Promise<void> => {
        await this.#send('DELETE', hook(id), o);
      },
      rotateSecret: (id: number, o: CallOptions = {}) =>
        this.#json<WebhookWithSecret>('POST', hook(id, '/rotate-secret'), o),
      deliveries: (id: number, query: DeliveryQuery = {}, o: CallOptions = {}) =>
        this.#json<DeliveryPage>('GET', hook(id, '/deliveries'), { ...o, query: { ...query } }),
      redeliver: (id: number, deliveryId: number, o: CallOptions = {}) =>
        this.#json<Delivery>(
          'POST',
          hook(id, `/deliveries/${encodeURIComponent(String(deliveryId))}/redeliver`),
          o,
        ),
      test: (id: number, o: CallOptions = {}) => this.#json<Delivery>('POST', hook(id, '/test'), o),
    };
    this.events = {
      /**
       * GET /v1/events (docs/api.md, "Following your account's events"): every change of a PIN your
       * account created, as its webhook event, from now until the server ends the stream (it does not
       * reconnect: events in a gap are not replayed) or `signal` aborts.
       */
      listen: (o: CallOptions = {}) => this.#accountEvents(o),
    };
  }

  /**
   * Waits for a PIN's scan to end: follows the event stream, or polls when it cannot (3–5 s while
   * scanning, 10–15 s while pending: docs/api.md, "Rate limits"), then returns the results body.
   */
  waitForResult(code: string, options: WaitOptions = {}): Promise<PinResults> {
    return waitForResult(this, code, options);
  }

  async #json<T>(method: string, path: string, options: SendOptions): Promise<T> {
    const response = await this.#send(method, path, options);
    return (await response.json()) as T;
  }

  async #send(method: string, path: string, options: SendOptions): Promise<Response> {
    const url = new URL(this.#baseUrl + path);
    for (const [name, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    const headers: Record<string, string> = { 'x-api-key': this.#apiKey, ...options.headers };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    for (let attempt = 0; ; attempt++) {
      options.signal?.throwIfAborted();
      const response = await this.#fetch(url, {
        method,
        headers,
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
        ...(options.signal ? { signal: options.signal } : {}),
      });
      this.#noteRateLimit(response.headers);
      if (response.ok) return response;
      const error = await toError(response);
      if (
        error.code === 'rate_limited' &&
        error.retryAfter !== undefined &&
        attempt < this.#maxRetries &&
        error.retryAfter <= this.#maxWaitSeconds
      ) {
        await this.sleep(error.retryAfter * 1000, options.signal);
        continue;
      }
      throw error;
    }
  }

  async *#events(path: string, options: CallOptions & { lastEventId?: string }): AsyncGenerator<PinStatus> {
    let lastEventId = options.lastEventId;
    let failures = 0;
    let lastError: unknown;
    for (;;) {
      const response = await this.#send('GET', path, {
        ...(options.signal ? { signal: options.signal } : {}),
        headers: { accept: 'text/event-stream', ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
      });
      if (!response.body)
        throw new ScanpinError(response.status, 'unexpected_response', 'No body.', undefined);
      try {
        for await (const event of parseEventStream(response.body)) {
          if (event.id !== undefined) lastEventId = event.id;
          if (event.event !== 'status') continue;
          failures = 0;
          const status = JSON.parse(event.data) as PinStatus;
          yield status;
          if (FINAL_STATES.has(status.status)) return;
        }
      } catch (error) {
        if (options.signal?.aborted) throw abortReason(options.signal);
        lastError = error;
      }
      // The stream ended before a final state (a restart, a proxy): reconnect where we left off.
      if (++failures > MAX_STREAM_RECONNECTS) {
        throw lastError ?? new Error(`The event stream for ${path} kept ending before the scan did.`);
      }
      await this.sleep(1000 * failures, options.signal);
    }
  }

  async *#accountEvents(options: CallOptions): AsyncGenerator<PinWebhookEvent> {
    const response = await this.#send('GET', '/v1/events', {
      ...(options.signal ? { signal: options.signal } : {}),
      headers: { accept: 'text/event-stream' },
    });
    if (!response.body) throw new ScanpinError(response.status, 'unexpected_response', 'No body.', undefined);
    try {
      for await (const event of parseEventStream(response.body)) {
        if (PIN_EVENT_TYPES.has(event.event)) yield JSON.parse(event.data) as PinWebhookEvent;
      }
    } catch (error) {
      if (options.signal?.aborted) throw abortReason(options.signal);
      throw error;
    }
  }

  #noteRateLimit(headers: Headers): void {
    const limit = headers.get('x-ratelimit-limit');
    const remaining = headers.get('x-ratelimit-remaining');
    const reset = headers.get('x-ratelimit-reset');
    if (limit === null || remaining === null || reset === null) return;
    this.rateLimit = { limit: Number(limit), remaining: Number(remaining), resetSeconds: Number(reset) };
  }
}

async function toError(response: Response): Promise<ScanpinError> {
  const requestId = response.headers.get('x-request-id') ?? undefined;
  const retryHeader = response.headers.get('retry-after');
  const retryAfter = retryHeader !== null && /^\d+$/.test(retryHeader) ? Number(retryHeader) : undefined;
  const text = await response.text().catch(() => '');
  let body: Partial<ProblemBody> | undefined;
  try {
    body = JSON.parse(text) as Partial<ProblemBody>;
  } catch {
    body = undefined;
  }
  if (body && typeof body.code === 'string' && typeof body.detail === 'string') {
    return new ScanpinError(response.status, body.code, body.detail, requestId, retryAfter);
  }
  return new ScanpinError(
    response.status,
    'unexpected_response',
    `HTTP ${response.status} without a problem body: ${text.slice(0, 200)}`,
    requestId,
    retryAfter,
  );
}
