import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import { type PinWebhookEvent, ScanpinError } from '@scanpin/client';
import { Command, InvalidArgumentError } from 'commander';
import { DELIVERY_TIMEOUT_MS } from '../../domain/webhook-events.js';
import { generateWebhookSecret, webhookHeaders } from '../../lib/standard-webhooks.js';
import { action, type CustomerIo, withCommonOptions } from './connection.js';

/** Reconnecting waits 1 s, 2 s, 4 s… up to this long between tries (docs/cli.md, "Forwarding events"). */
const MAX_BACKOFF_MS = 30_000;

function httpUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidArgumentError('must be a URL, e.g. http://127.0.0.1:3000/webhooks');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new InvalidArgumentError('must be an http:// or https:// URL');
  return url.toString();
}

function signingSecret(value: string): string {
  if (!/^whsec_[A-Za-z0-9+/]{32,}={0,2}$/.test(value))
    throw new InvalidArgumentError(
      'must be a Standard Webhooks secret: whsec_ then base64 (24 bytes or more)',
    );
  return value;
}

/** What the local receiver made of one forwarded event. */
export type ReceiverOutcome = { status: number } | { error: string };

/** POSTs `event` to `url` signed with `secret`, exactly as a webhook delivery is (docs/webhooks.md). */
async function forward(
  url: string,
  secret: string,
  event: PinWebhookEvent,
  signal: AbortSignal,
): Promise<ReceiverOutcome> {
  const body = JSON.stringify(event);
  const headers = webhookHeaders(
    [secret],
    `msg_${randomUUID().replaceAll('-', '')}`,
    Math.floor(Date.now() / 1000),
    body,
  );
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.any([signal, AbortSignal.timeout(DELIVERY_TIMEOUT_MS)]),
    });
    await response.body?.cancel();
    return { status: response.status };
  } catch (error) {
    // fetch says only "fetch failed"; its cause says why (ECONNREFUSED, a timeout, a bad port).
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return {
      error: cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error)),
    };
  }
}

function eventLine(event: PinWebhookEvent, outcome: ReceiverOutcome): string {
  const s = event.data;
  const state =
    s.status === 'scanning' ? `scanning ${s.progress}%` : s.result ? `${s.status} ${s.result}` : s.status;
  const answer =
    'status' in outcome
      ? `${outcome.status} ${STATUS_CODES[outcome.status] ?? ''}`.trimEnd()
      : `not delivered (${outcome.error})`;
  return `${event.timestamp}  ${event.type.padEnd(12)}  ${s.pin}  ${state.padEnd(18)}  -> ${answer}`;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

/** Refusals worth waiting out: the key's streams are all open, its budget is spent, the server is down. */
function worthRetrying(error: unknown): boolean {
  return !(error instanceof ScanpinError) || error.status === 429 || error.status >= 500;
}

/** `scanpin events …`: your account's PIN events (docs/cli.md, "Forwarding events"). */
export function eventsCommand(io: CustomerIo): Command {
  const events = withCommonOptions(
    new Command('events').description("your account's PIN events, live (pins:status)"),
  );
  events
    .command('listen')
    .description(
      "forward your account's PIN events, signed as webhooks, to a local URL until Ctrl-C (no public address needed)",
    )
    .requiredOption(
      '--forward-to <url>',
      'where to POST each event, e.g. http://127.0.0.1:3000/webhooks',
      httpUrl,
    )
    .option(
      '--secret <whsec>',
      'the signing secret your receiver verifies with (default: a new one, printed)',
      signingSecret,
    )
    .action(
      action(async (client, flags) => {
        const own = events.commands.find((c) => c.name() === 'listen')?.opts() as {
          forwardTo: string;
          secret?: string;
        };
        const secret = own.secret ?? generateWebhookSecret();
        // Ctrl-C stops listening cleanly; a test (or a caller embedding the CLI) passes its own signal.
        const interrupt = new AbortController();
        const onSigint = () => interrupt.abort();
        if (io.signal === undefined) process.once('SIGINT', onSigint);
        const signal = io.signal ?? interrupt.signal;
        try {
          io.err(
            `Forwarding your account's PIN events to ${own.forwardTo}, signed with ${
              own.secret ? 'the secret you gave' : `a new secret: ${secret}`
            }\nVerify deliveries with verifyWebhook (docs/webhooks.md). Ctrl-C to stop.`,
          );
          let failures = 0;
          while (!signal.aborted) {
            try {
              for await (const event of client.events.listen({ signal })) {
                failures = 0;
                const outcome = await forward(own.forwardTo, secret, event, signal);
                if (signal.aborted) break;
                io.out(flags.json ? JSON.stringify({ event, receiver: outcome }) : eventLine(event, outcome));
              }
            } catch (error) {
              if (signal.aborted) break;
              // A refused key or request will be refused again: end with its exit code (action()).
              if (!worthRetrying(error)) throw error;
            }
            if (signal.aborted) break;
            failures++;
            const wait = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** (failures - 1));
            io.err(`The event stream dropped; reconnecting in ${wait / 1000} s…`);
            await sleep(wait, signal);
          }
          io.err('Stopped.');
          return 0;
        } finally {
          process.off('SIGINT', onSigint);
        }
      }),
    );
  return events;
}
