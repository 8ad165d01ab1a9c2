import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import type { UseCaseContext } from './application/context.js';
import type { Probes } from './application/health/readiness.js';
import { installDeprecation } from './http/openapi/deprecation.js';
import { describeOperations } from './http/openapi/document.js';
import { AccessLog, requestLogger } from './http/plugins/access-log.js';
import { buildSerializerOnce } from './http/plugins/compiled-schemas.js';
import { frameworkErrorHandler, installErrorHandling, sendProblem } from './http/plugins/errors.js';
import { installJsonBodyParser } from './http/plugins/json-body.js';
import { requireApiKey } from './http/plugins/key-auth.js';
import { installSecurityHeaders, securityHeadersOf } from './http/plugins/security-headers.js';
import { serverTimeouts } from './http/plugins/server-timeouts.js';
import { installValidators } from './http/plugins/validation.js';
import { problems } from './http/problem.js';
import { adminRoutes } from './http/routes/admin/index.js';
import { apiReferenceRoutes } from './http/routes/api-reference.js';
import { dashboardApi } from './http/routes/dashboard/index.js';
import { discordInteractionRoutes } from './http/routes/discord/interactions.js';
import { discordAuthRoutes } from './http/routes/discord-auth.js';
import { healthRoutes } from './http/routes/health.js';
import { pinRoutes } from './http/routes/pins/index.js';
import { playerRoutes } from './http/routes/players/index.js';
import { scanPageRoutes } from './http/routes/scan-page.js';
import { scannerRoutes } from './http/routes/scanner/index.js';
import { sharedResultRoutes } from './http/routes/shared-result.js';
import { signInRoutes } from './http/routes/sign-in.js';
import { webAppRoutes } from './http/routes/web-app.js';
import { webhookRoutes } from './http/routes/webhooks/index.js';
import { ProblemSchema } from './http/schemas/common.js';
import { packageVersion } from './lib/package-info.js';

export interface BuildOptions {
  /** The process logger (see logger.ts); without one the app logs nothing. */
  logger?: FastifyBaseLogger;
  /** What /readyz looks at (see wiring.ts). */
  probes: Probes;
  /** The built dashboard pages (default web/dist); tests point it elsewhere. */
  webDistDir?: string;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The HTTP surface: every route calls the use cases in `ctx` (docs/architecture.md). */
export async function buildApp(ctx: UseCaseContext, options: BuildOptions): Promise<FastifyInstance> {
  const frameworkErrorHeaders = securityHeadersOf(ctx.config);
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    bodyLimit: ctx.config.bodyLimitBytes,
    trustProxy: ctx.config.trustProxy,
    // Slow clients (headers or a body sent byte by byte) are cut off (docs/operations.md, "Timeouts").
    ...serverTimeouts(ctx.config),
    // A caller's own x-request-id is kept for tracing when it is a sane token; otherwise we mint one.
    genReqId: (req) => {
      const sent = req.headers['x-request-id'];
      return typeof sent === 'string' && REQUEST_ID.test(sent) ? sent : randomUUID();
    },
    // Shutdown answers are sent by our own hook below, as problem bodies.
    return503OnClosing: false,
    // One access line per request instead of Fastify's two (http/plugins/access-log.ts).
    logController: new AccessLog(),
    // request.log is made only when used: most requests log nothing but that line.
    childLoggerFactory: requestLogger,
    // Errors found before routing (a malformed URL) are problem bodies like every other error.
    // No hook sees these, so the security headers are set here too (http/plugins/security-headers.ts).
    frameworkErrors: (error, request, reply) =>
      frameworkErrorHandler(error, request, reply.headers(frameworkErrorHeaders)),
    // A path parameter of any length reaches its route's own validation (e.g. 400 invalid_pin_code)
    // instead of Fastify's 414 for parameters over 100 characters; Node caps the URL anyway.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 16_384 },
    // Response serializers compiled once per process, not once per app (http/plugins/compiled-schemas.ts).
    schemaController: { compilersFactory: { buildSerializer: buildSerializerOnce } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // First, so every answer carries them, refusals from the earliest hooks included.
  await installSecurityHeaders(app, ctx.config);
  installValidators(app);
  installJsonBodyParser(app);
  // Only JSON bodies exist in this API; anything else is refused as not JSON (invalid_body).
  app.removeContentTypeParser('text/plain');
  installErrorHandling(app, ctx.config.bodyLimitBytes);

  let closing = false;
  let closeIdle: NodeJS.Timeout | undefined;
  app.addHook('onClose', async () => {
    closing = true;
    clearInterval(closeIdle);
  });
  app.addHook('preClose', async () => {
    closing = true;
    // Node's close waits for every connection, and a keep-alive one that was busy at the signal (an
    // answer in flight, an event stream ending) turns idle only afterwards, where it would be waited
    // out until the grace period kills the process (docs/operations.md). So answers from now on say
    // `connection: close`, and connections left idle are closed as they appear.
    closeIdle = setInterval(() => app.server.closeIdleConnections(), 100);
    closeIdle.unref();
  });
  // Callback hooks rather than async ones: they run on every request (docs/benchmarks.md).
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    if (!closing) return done();
    reply.header('connection', 'close');
    sendProblem(reply, problems.shuttingDown());
  });

  // Both watch routes as they are added, so they go before any route (docs/versioning.md).
  installDeprecation(app);
  const describe = describeOperations(app);
  app.addSchema(ProblemSchema);
  await app.register(swagger, {
    // Descriptions, examples and rate-limit headers for the reference page at /docs.
    transformObject: describe,
    // Shared schemas keep their own name in the document (components/schemas/Problem), not def-0.
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'scanpin',
        // The release serving it; the API's own version is in its paths (docs/versioning.md).
        version: packageVersion(),
        description: 'Scan PINs, scan progress and results, player risk scores and scanned-user lookups.',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
          adminToken: { type: 'apiKey', in: 'header', name: 'x-admin-token' },
          sessionCookie: { type: 'apiKey', in: 'cookie', name: 'scanpin_session' },
          sessionToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'Scanner session token from /v1/scanner/start.',
          },
        },
      },
    },
  });

  await app.register(healthRoutes(options.probes));
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  // The published, keyed endpoints share authentication, the rate limit and permission checks.
  await app.register(async (v1) => {
    requireApiKey(v1, ctx);
    await v1.register(pinRoutes(ctx));
    await v1.register(playerRoutes(ctx));
    await v1.register(webhookRoutes(ctx));
  });
  await app.register(scannerRoutes(ctx));

  await app.register(adminRoutes(ctx));
  // Called by Discord, signed with the application's key (docs/discord.md).
  await app.register(discordInteractionRoutes(ctx));

  // People: sign-in links land on /sign-in/…; the dashboard's API lives under /app/api. Cookies are
  // read and written only on these routes: on the keyed API the cookie plugin's two hooks ran on every
  // poll for nothing (docs/benchmarks.md, "Profile findings"). Each group gets its own scope, so each
  // still starts within Fastify's plugin timeout on its own, as it did at the root.
  const withCookies = (routes: FastifyPluginAsync) => async (scope: FastifyInstance) => {
    await scope.register(cookie);
    await scope.register(routes);
  };
  await app.register(withCookies(signInRoutes(ctx)));
  await app.register(withCookies(discordAuthRoutes(ctx)));
  await app.register(withCookies(sharedResultRoutes(ctx)));
  await app.register(withCookies(scanPageRoutes(ctx)));
  await app.register(withCookies(dashboardApi(ctx)), { prefix: '/app/api' });
  // The API reference page, from local files only (http/routes/api-reference.ts).
  await app.register(apiReferenceRoutes());
  // The dashboard's pages, last: only their own paths, so unknown API paths stay 404 problems.
  await app.register(webAppRoutes(options.webDistDir));
  return app;
}
