import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { LogController } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';
import { loggedPath } from '../../logger.js';

/**
 * One access line per request, written when it is answered, with the request in it: Fastify's
 * default writes two (on arrival and on answer). The line is built from plain values and written on
 * the process logger, not through a per-request child logger and the serializers: at the default
 * level it cost about 9 µs a request, three times what pino's own benchmark gives for an object line
 * on this machine, mostly redaction and serializer work on an object that never holds a header
 * (docs/benchmarks.md, "Profile findings"). Errors, stream failures and the rest keep Fastify's own
 * lines, through the logger's serializers. What a request line may show (no token, no PIN code, no
 * Discord ID: `loggedPath`): docs/operations.md, "Logs".
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const log = request.log instanceof RequestLog ? request.log.parent : request.log;
    if (!levelEnabled(log, error ? 'error' : 'info')) return;
    const line = {
      reqId: request.id,
      req: { method: request.method, url: loggedPath(request.url), requestId: request.id },
      res: { statusCode: reply.statusCode },
      responseTime: reply.elapsedTime,
    };
    if (error) log.error({ ...line, err: error }, 'request errored');
    else log.info(line, 'request completed');
  }
}

type LevelName = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/**
 * `request.log`: Fastify makes a child logger for every request, binding its id; this one is made
 * only when something logs through it (an error, a refused sign-in), which most requests never do.
 */
class RequestLog {
  private made: FastifyBaseLogger | undefined;

  constructor(
    readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  get level(): string {
    return this.parent.level;
  }

  isLevelEnabled(level: string): boolean {
    return levelEnabled(this.parent, level);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real().child(bindings, options);
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {}

  private write(level: Exclude<LevelName, 'silent'>, args: unknown[]): void {
    if (!this.isLevelEnabled(level)) return;
    (this.real()[level] as (...a: unknown[]) => void)(...args);
  }

  private real(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }
}

/** Fastify's `childLoggerFactory`: the per-request logger above. */
export function requestLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new RequestLog(logger, bindings, options) as unknown as FastifyBaseLogger;
}

/** pino answers this itself; a logger that cannot (Fastify's silent stand-in) is asked every time. */
function levelEnabled(log: FastifyBaseLogger, level: string): boolean {
  const ask = (log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled;
  return typeof ask === 'function' ? ask.call(log, level) : true;
}
