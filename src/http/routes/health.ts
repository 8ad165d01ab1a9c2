import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppDeps } from '../deps.js';
import { problems } from '../problem.js';
import { ProblemSchema } from '../schemas/common.js';

const Ok = Type.Object({ status: Type.Literal('ok') });

/** Liveness and readiness for orchestrators: no key, no rate limit (CONTRACT §1). */
export function healthRoutes(
  deps: AppDeps,
  readinessChecks: Array<() => Promise<void>>,
): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/healthz',
      { schema: { tags: ['Health'], summary: 'The process is up', response: { 200: Ok } }, logLevel: 'warn' },
      async () => ({ status: 'ok' as const }),
    );
    app.get(
      '/readyz',
      {
        schema: {
          tags: ['Health'],
          summary: 'The store is reachable',
          response: { 200: Ok, 503: ProblemSchema },
        },
        logLevel: 'warn',
      },
      async (request) => {
        try {
          await deps.store.ping();
          for (const check of readinessChecks) await check();
        } catch (err) {
          request.log.warn({ err }, 'readiness check failed');
          throw problems.unavailable();
        }
        return { status: 'ok' as const };
      },
    );
  };
}
