import { type DestinationStream, type Logger, pino } from 'pino';
import { stdoutDestination } from './log-destination.js';

/**
 * Sign-in, share, invite and proof links carry their secret in the path: logs show the route, not the
 * token.
 */
export function withoutTokens(path: string): string {
  return path.replace(/^\/(sign-in|share|invite|scan\/prove)\/[^/]+/, '/$1/[token]');
}

/**
 * Player routes (the risk score, the lookup, the dashboard's player page) carry a Discord user ID in
 * the path: logs show the route, not whom it was asked about. Row ids are far shorter than a Discord ID.
 */
export function withoutDiscordIds(path: string): string {
  return path.replace(/\/\d{15,}(?=\/|$)/g, '/[discord-id]');
}

/** What ends a path segment, in a path or quoted in an error's text. */
const SEGMENT_END = `/?#\\s"'\``;
const PIN_SEGMENT = new RegExp(
  `/(pins)/(?!create(?=[${SEGMENT_END}]|$))([^${SEGMENT_END}]{1,2})[^${SEGMENT_END}]*`,
  'gi',
);

/**
 * PIN routes (`/v1/pins/:pinCode/…`, the dashboard's `/app/api/pins/:pinCode/…` and page `/pins/:code`)
 * carry the PIN code, the only secret a waiting PIN's scan needs: logs show its first two characters
 * and `******` (docs/operations.md, "Logs"), enough to tell requests for one PIN apart from another's.
 * Whatever follows `/pins/` is masked, a mistyped code too; only the route `/v1/pins/create` is not one.
 */
export function withoutPinCodes(path: string): string {
  return path.replace(PIN_SEGMENT, '/$1/$2******').replace(SCAN_LINK_SEGMENT, '/$1/$2******');
}

/**
 * The player's scan link `/scan/:pinCode` (and its `/download/…`) carries the code the same way; the
 * scan page's own routes (`/scan/download/…`, `/scan/discord…`, `/scan/prove/…`) do not.
 */
const SCAN_LINK_SEGMENT = new RegExp(
  `/(scan)/(?!(?:download|discord|prove)(?=[${SEGMENT_END}]|$))([^${SEGMENT_END}]{1,2})[^${SEGMENT_END}]*`,
  'gi',
);

const MAY_HOLD_A_SECRET = /^\/(sign-in|share|invite|scan)\/|\d{15}|\/pins\//i;

/** A request's path as a log line shows it: no query string, no token, no PIN code, no Discord ID. */
export function loggedPath(url: string): string {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  // Most paths hold none of them (a key's other calls): skip the replacements for them.
  return MAY_HOLD_A_SECRET.test(path) ? withoutPinCodes(withoutDiscordIds(withoutTokens(path))) : path;
}

const TOKEN_IN_TEXT = new RegExp(`/(sign-in|share|invite|scan/prove)/[^${SEGMENT_END}]+`, 'g');
const DISCORD_ID_IN_TEXT = new RegExp(`/\\d{15,}(?=[${SEGMENT_END}]|$)`, 'g');

const STACK_FRAMES = /\n\s+at /;

/**
 * The same masks on free text (an error's message quoting a request's URL), wherever a path appears
 * in it. A stack's frames are left alone: they name source files (`routes/pins/status.ts`), never a
 * request, and the message a stack starts with is masked like any text.
 */
export function withoutPathSecrets(text: string): string {
  const frames = text.search(STACK_FRAMES);
  const head = frames === -1 ? text : text.slice(0, frames);
  const masked = withoutPinCodes(
    head.replace(TOKEN_IN_TEXT, '/$1/[token]').replace(DISCORD_ID_IN_TEXT, '/[discord-id]'),
  );
  return frames === -1 ? masked : masked + text.slice(frames);
}

/** Every string of a serialized error (message, stack, causes, properties a library added), masked. */
function maskStrings(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return withoutPathSecrets(value);
  if (depth === 0 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => maskStrings(item, depth - 1));
  const out: Record<string, unknown> = {};
  for (const [name, item] of Object.entries(value)) out[name] = maskStrings(item, depth - 1);
  return out;
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
      // An error's text may quote the URL it failed on (docs/operations.md, "Logs").
      err: (err: Error) => maskStrings(pino.stdSerializers.err(err), 4),
    },
  };
  return pino(options, destination ?? stdoutDestination());
}

/** What the services below the HTTP layer log through. */
export type ServiceLog = Pick<Logger, 'info' | 'warn'>;

export const silentLog: ServiceLog = { info: () => {}, warn: () => {} };
