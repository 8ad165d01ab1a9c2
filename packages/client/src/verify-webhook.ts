import type { PinStatus, WebhookEventType } from './types.js';

/** A delivery's body (docs/webhooks.md, "Events"): `data` is the PIN's status body, or a ping's note. */
export type WebhookEvent =
  | { type: Exclude<WebhookEventType, 'ping'>; timestamp: string; data: PinStatus }
  | { type: 'ping'; timestamp: string; data: { webhookId: number; message: string } };

/** An event about one PIN (every type but `ping`), as deliveries and GET /v1/events carry it. */
export type PinWebhookEvent = Exclude<WebhookEvent, { type: 'ping' }>;

export type WebhookVerificationFailure =
  | 'missing_header'
  | 'invalid_secret'
  | 'invalid_timestamp'
  | 'timestamp_out_of_range'
  | 'invalid_signature'
  | 'invalid_body';

/** A delivery that must not be trusted; `reason` says why. */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';

  constructor(
    readonly reason: WebhookVerificationFailure,
    message: string,
  ) {
    super(message);
  }
}

export type WebhookHeaders =
  | Headers
  | Record<string, string | readonly string[] | undefined>
  | { get(name: string): string | null };

export interface VerifyOptions {
  /** Seconds a delivery's timestamp may be from now (default 300, as docs/webhooks.md says). */
  toleranceSeconds?: number;
  /** The current time in milliseconds; Date.now by default. */
  now?: () => number;
}

const encoder = new TextEncoder();

function header(headers: WebhookHeaders, name: string): string {
  let value: unknown;
  if (typeof (headers as { get?: unknown }).get === 'function') {
    value = (headers as { get(n: string): string | null }).get(name);
  } else {
    const record = headers as Record<string, unknown>;
    const key = Object.keys(record).find((k) => k.toLowerCase() === name);
    value = key === undefined ? undefined : record[key];
    if (Array.isArray(value)) value = value[0];
  }
  if (typeof value !== 'string' || value === '') {
    throw new WebhookVerificationError('missing_header', `The ${name} header is missing.`);
  }
  return value;
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> | undefined {
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}

/** Compares in time independent of where the first difference is. */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= (a[i] as number) ^ (b[i] as number);
  return diff === 0;
}

/**
 * Checks a delivery per Standard Webhooks (docs/webhooks.md, "Verifying a delivery"): the
 * `webhook-timestamp` within five minutes, and a `v1,` HMAC-SHA256 signature of
 * `{webhook-id}.{webhook-timestamp}.{body}` under the `whsec_` secret (either signature during a
 * rotation). Pass the raw body exactly as received; it is parsed only once the signature holds.
 */
export async function verifyWebhook(
  body: string | Uint8Array,
  headers: WebhookHeaders,
  secret: string,
  options: VerifyOptions = {},
): Promise<WebhookEvent> {
  const id = header(headers, 'webhook-id');
  const timestampText = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!/^\d{1,15}$/.test(timestampText)) {
    throw new WebhookVerificationError(
      'invalid_timestamp',
      'The webhook-timestamp header is not Unix seconds.',
    );
  }
  const timestamp = Number(timestampText);
  const now = (options.now ?? Date.now)() / 1000;
  if (Math.abs(now - timestamp) > (options.toleranceSeconds ?? 300)) {
    throw new WebhookVerificationError(
      'timestamp_out_of_range',
      'The webhook-timestamp is too far from now; a replayed delivery is refused.',
    );
  }
  const keyBytes = fromBase64(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret);
  if (!keyBytes || keyBytes.length === 0) {
    throw new WebhookVerificationError('invalid_secret', 'The secret is not a whsec_ secret.');
  }
  const bodyBytes = typeof body === 'string' ? encoder.encode(body) : body;
  const prefix = encoder.encode(`${id}.${timestampText}.`);
  const signed = new Uint8Array(prefix.length + bodyBytes.length);
  signed.set(prefix);
  signed.set(bodyBytes, prefix.length);
  const key = await crypto.subtle.importKey('raw', keyBytes, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const expected = new Uint8Array(await crypto.subtle.sign('HMAC', key, signed));
  const valid = signatures.split(' ').some((entry) => {
    const [version, signature] = entry.split(',');
    const given = version === 'v1' && signature ? fromBase64(signature) : undefined;
    return given !== undefined && sameBytes(given, expected);
  });
  if (!valid) throw new WebhookVerificationError('invalid_signature', 'No signature matches this secret.');
  try {
    return JSON.parse(typeof body === 'string' ? body : new TextDecoder().decode(body)) as WebhookEvent;
  } catch {
    throw new WebhookVerificationError('invalid_body', 'The signed body is not JSON.');
  }
}
