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

/** JSON lines, and never a key, token or the caller's IP address (docs/operations.md). */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    redact: {
      paths: ['req.headers["x-api-key"]', 'req.headers["x-admin-token"]', 'req.headers.authorization'],
      remove: true,
    },
    serializers: {
      // The default request serializer logs remoteAddress; a scanned person's IP must never be logged.
      req: (req: { method: string; url: string; id: string }) => ({
        method: req.method,
        url: withoutDiscordIds(withoutTokens(req.url.split('?')[0] ?? '')),
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
