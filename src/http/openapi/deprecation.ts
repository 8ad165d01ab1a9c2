import type { FastifyInstance, onSendHookHandler } from 'fastify';

/**
 * An operation on its way out (docs/versioning.md, "Deprecations"): since when, when it stops
 * working, and where the announcement is.
 */
export interface Deprecation {
  /** The instant it was deprecated (ISO 8601). */
  since: string;
  /** The instant after which it may stop answering (ISO 8601); at least the notice period later. */
  sunset: string;
  /** The CHANGELOG entry or page announcing it. */
  link: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Marks the operation deprecated: every answer says so in headers, and the OpenAPI document too. */
    deprecation?: Deprecation;
  }
}

/** The headers a deprecated operation sends: Deprecation (RFC 9745), Sunset (RFC 8594) and a Link. */
export function deprecationHeaders(d: Deprecation): Record<string, string> {
  const since = Date.parse(d.since);
  const sunset = Date.parse(d.sunset);
  if (Number.isNaN(since) || Number.isNaN(sunset)) {
    throw new Error(`deprecation dates must be ISO 8601 instants: ${d.since}, ${d.sunset}`);
  }
  return {
    // A structured-field date: @ and seconds since the epoch.
    deprecation: `@${Math.floor(since / 1000)}`,
    sunset: new Date(sunset).toUTCString(),
    link: `<${d.link}>; rel="deprecation"; type="text/html"`,
  };
}

/**
 * Every route registered after this with `config.deprecation` sends the headers on each answer,
 * refusals included, and is marked `deprecated` in /openapi.json. Install before the routes.
 */
export function installDeprecation(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const deprecation = route.config?.deprecation;
    if (deprecation === undefined) return;
    const headers = deprecationHeaders(deprecation);
    const send: onSendHookHandler = async (_request, reply, payload) => {
      reply.headers(headers);
      return payload;
    };
    const existing = route.onSend;
    route.onSend =
      existing === undefined ? [send] : [...(Array.isArray(existing) ? existing : [existing]), send];
    if (route.schema) route.schema = { ...route.schema, deprecated: true } as typeof route.schema;
  });
}
