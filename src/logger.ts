import { type DestinationStream, type Logger, pino } from 'pino';

/** Sign-in, share and invite links carry their secret in the path: logs show the route, not the token. */
export function withoutTokens(path: string): string {
  return path.replace(/^\/(sign-in|share|invite)\/[^/]+/, '/$1/[token]');
}

/**
 * Player routes (the risk score, the lookup, the dashboard's player page) carry a Discord user ID in
 * the path: logs show the route, not whom it was asked about. Row ids are far shorter than a Discord ID.
 */
export function withoutDiscordIds(path: string): string {
  return path.replace(/\/\d{15,}(?=\/|$)/g, '/[discord-id]');
}

const MAY_HOLD_A_SECRET = /^\/(sign-in|share|invite)\/|\d{15}/;

/** A request's path as a log line shows it: no query string, no token, no Discord ID. */
export function loggedPath(url: string): string {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  // Most paths hold neither (a PIN status poll): skip the two replacements for them.
  return MAY_HOLD_A_SECRET.test(path) ? withoutDiscordIds(withoutTokens(path)) : path;
}

/**
 * JSON lines, and never a key, token or the caller's IP address (docs/operations.md). The request
 * serializer writes no header at all, so nothing under `req` needs redacting; pino's redaction of
 * header paths cost about 4 µs per line that carried a request, for nothing.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    serializers: {
      // The default request serializer logs remoteAddress; a scanned person's IP must never be logged.
      req: (req: { method: string; url: string; id: string }) => ({
        method: req.method,
        url: loggedPath(req.url),
        requestId: req.id,
      }),
      err: pino.stdSerializers.err,
    },
  };
  return destination === undefined ? pino(options) : pino(options, destination);
}

/** What the services below the HTTP layer log through. */
export type ServiceLog = Pick<Logger, 'info' | 'warn'>;

export const silentLog: ServiceLog = { info: () => {}, warn: () => {} };
