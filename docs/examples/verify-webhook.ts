// Verifying a scanpin webhook with nothing but node:crypto (docs/webhooks.md, "Verifying a delivery").
// Copy this into your bot; any Standard Webhooks library does the same.
import { createHmac, timingSafeEqual } from 'node:crypto';

const TOLERANCE_SECONDS = 5 * 60;

export interface ScanpinEvent {
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

/**
 * Returns the event when the delivery is genuine and fresh; throws otherwise.
 * `rawBody` must be the exact bytes received, before any JSON parsing.
 */
export function verifyScanpinWebhook(
  rawBody: string,
  headers: Record<string, string | string[] | undefined>,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): ScanpinEvent {
  const header = (name: string) => {
    const value = headers[name];
    if (typeof value !== 'string') throw new Error(`missing ${name} header`);
    return value;
  };
  const id = header('webhook-id');
  const timestamp = Number(header('webhook-timestamp'));
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > TOLERANCE_SECONDS) {
    throw new Error('webhook-timestamp is too far from now: a replay, or a clock that is off');
  }
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${rawBody}`).digest();
  // During a secret rotation the header carries one signature per secret: accept any that matches.
  const matches = header('webhook-signature')
    .split(' ')
    .some((entry) => {
      const [version, signature] = entry.split(',');
      if (version !== 'v1' || signature === undefined) return false;
      const given = Buffer.from(signature, 'base64');
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
  if (!matches) throw new Error('no valid signature: wrong secret, or the body was changed');
  return JSON.parse(rawBody) as ScanpinEvent;
}
