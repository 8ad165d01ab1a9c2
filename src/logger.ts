import { type Logger, pino } from 'pino';

/** JSON lines, and never a key, token or the caller's IP address (docs/operations.md). */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: {
      paths: ['req.headers["x-api-key"]', 'req.headers["x-admin-token"]', 'req.headers.authorization'],
      remove: true,
    },
    serializers: {
      // The default request serializer logs remoteAddress; a scanned person's IP must never be logged.
      req: (req: { method: string; url: string; id: string }) => ({
        method: req.method,
        url: req.url.split('?')[0],
        requestId: req.id,
      }),
      err: pino.stdSerializers.err,
    },
  });
}

/** What the services below the HTTP layer log through. */
export type ServiceLog = Pick<Logger, 'info' | 'warn'>;

export const silentLog: ServiceLog = { info: () => {}, warn: () => {} };
