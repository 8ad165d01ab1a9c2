import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../deps.js';
import { scannerReportRoutes } from './report.js';
import { scannerStartRoute } from './start.js';

/** Scanner API (CONTRACT §7): the scan client on the scanned person's machine. */
export function scannerRoutes(deps: AppDeps): FastifyPluginAsyncTypebox {
  return async (app) => {
    await app.register(scannerStartRoute(deps));
    await app.register(scannerReportRoutes(deps));
  };
}
