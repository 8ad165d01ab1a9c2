import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { UseCaseContext } from '../../../application/context.js';
import { scannerPreviewRoute } from './preview.js';
import { scannerReportRoutes } from './report.js';
import { scannerStartRoute } from './start.js';

/** Scanner API (docs/scanner.md): the scan client on the scanned person's machine. */
export function scannerRoutes(ctx: UseCaseContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    await app.register(scannerPreviewRoute(ctx));
    await app.register(scannerStartRoute(ctx));
    await app.register(scannerReportRoutes(ctx));
  };
}
