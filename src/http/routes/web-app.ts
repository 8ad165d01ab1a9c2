import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { packageRoot } from '../../lib/package-info.js';
import { sendProblem } from '../plugins/errors.js';
import { problems } from '../problem.js';

/**
 * The dashboard's pages (docs/dashboard.md, "The pages"): one index.html for every page path, so a
 * reload or a shared link lands on the right page; the router in the browser takes it from there.
 * Only these paths are the pages': every other path stays the server's, so an unknown API path still
 * answers 404 route_not_found instead of a web page. A new page in web/src/routes.tsx goes here too.
 */
export const SPA_PATHS = [
  '/',
  '/pins/:code',
  '/players',
  '/players/:discordId',
  '/overview',
  '/keys',
  '/webhooks',
  '/settings',
  '/audit',
  '/sign-in',
  '/invite/:token',
  // The operator's page: it asks for the operator token and calls /admin/v1 with it (docs/operations.md).
  '/operator/scanner-clients',
] as const;

/** Everything the pages use comes from this server; nothing else may load, frame or receive a form. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

/** Vite names every file under /assets/ by its content's hash: a changed file gets a new name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Where `npm run build` puts the built pages (web/dist, from web/vite.config.ts). */
export function defaultWebDist(): string {
  return join(packageRoot(), 'web', 'dist');
}

function pageHeaders(reply: FastifyReply): FastifyReply {
  return reply
    .header('content-security-policy', CONTENT_SECURITY_POLICY)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'same-origin')
    .header('cache-control', 'no-cache');
}

/** Serves web/dist: index.html for the page paths, hashed /assets/ files, and the few files beside them. */
export function webAppRoutes(distDir: string = defaultWebDist()): FastifyPluginAsync {
  return async (app) => {
    const hide = { schema: { hide: true } };

    if (!existsSync(join(distDir, 'index.html'))) {
      // Started without a build: say so on the pages' paths instead of failing to start, so the
      // APIs keep working and whoever opens the dashboard learns what to run.
      app.log.warn({ distDir }, 'the dashboard is not built; run `npm run build` to serve it');
      for (const path of SPA_PATHS) {
        app.get(path, hide, async (_request, reply) => sendProblem(reply, problems.dashboardNotBuilt()));
      }
      return;
    }

    await app.register(fastifyStatic, { root: distDir, serve: false, cacheControl: false, dotfiles: 'deny' });

    for (const path of SPA_PATHS) {
      app.get(path, hide, async (_request, reply) =>
        pageHeaders(reply).sendFile('index.html', distDir, { cacheControl: false }),
      );
    }

    const assets = join(distDir, 'assets');
    app.get('/assets/*', hide, async (request, reply) => {
      const file = (request.params as { '*': string })['*'];
      return reply
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', IMMUTABLE)
        .sendFile(file, assets, { cacheControl: false });
    });

    // Files Vite copies from web/public (the icon): their names do not change, so a short cache.
    for (const name of readdirSync(distDir)) {
      if (name === 'index.html' || name.startsWith('.') || !statSync(join(distDir, name)).isFile()) continue;
      app.get(`/${name}`, hide, async (_request, reply) =>
        reply
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'public, max-age=3600')
          .sendFile(name, distDir, { cacheControl: false }),
      );
    }
  };
}
