import swaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsync } from 'fastify';
import { CONTENT_SECURITY_POLICY } from './web-app.js';

/**
 * The one <style> element Swagger UI's bundle inserts by script (a constant, so one hash covers it);
 * test/browser/api-reference.test.ts fails on any CSP refusal, so a new version that changes it shows.
 */
const SWAGGER_UI_STYLE = "'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='";

/** The dashboard's policy (web-app.ts) plus that one style: still nothing from anywhere else. */
export const API_REFERENCE_CSP = CONTENT_SECURITY_POLICY.replace(
  "style-src 'self'",
  `style-src 'self' ${SWAGGER_UI_STYLE}`,
);

/** Where the reference page lives; the dashboard's pages leave this path alone (web-app.ts). */
export const API_REFERENCE_PATH = '/docs';

/**
 * The API reference page (docs/api.md): Swagger UI rendering /openapi.json, every file served by this
 * server from the @fastify/swagger-ui package, under the dashboard's own strict Content-Security-Policy,
 * so the page loads nothing from anywhere else (no CDN, no fonts, no validator badge).
 */
export function apiReferenceRoutes(): FastifyPluginAsync {
  return async (app) => {
    await app.register(swaggerUi, {
      routePrefix: API_REFERENCE_PATH,
      staticCSP: API_REFERENCE_CSP,
      // Swagger UI would otherwise post the document to validator.swagger.io for a badge.
      validatorUrl: false,
      theme: { title: 'scanpin API reference' },
      uiConfig: {
        deepLinking: true,
        docExpansion: 'list',
        defaultModelsExpandDepth: 0,
        displayRequestDuration: true,
        tryItOutEnabled: false,
      },
      uiHooks: {
        onRequest: async (_request, reply) => {
          reply.header('x-content-type-options', 'nosniff').header('referrer-policy', 'same-origin');
        },
      },
    });
  };
}
