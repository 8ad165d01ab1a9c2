import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { UseCaseContext } from '../../../application/context.js';
import { deliverReport } from '../../../application/scans/deliver-report.js';
import { admitReport } from '../../../application/scans/upload-limits.js';
import { keepRawJsonBody, rawJsonBodyOf, validatedInWorker } from './raw-json-body.js';
import { FINISH_BODY_LIMIT, FinishBody, FinishResponse, sessionErrors } from './schemas.js';
import { sessionPin } from './session-token.js';

/**
 * `POST /v1/scanner/finish` (docs/scanner.md). Registered inside the session routes, so the session
 * and its open scan are checked before the body is read; the body (up to 8 MiB) is then parsed and
 * checked in the intake's workers, not on the event loop (docs/security.md, "Evidence uploads").
 */
export function scannerFinishRoute(ctx: UseCaseContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    keepRawJsonBody(app);
    app.post(
      '/v1/scanner/finish',
      {
        bodyLimit: FINISH_BODY_LIMIT,
        // A refused report leaves the scan open: its sends count in the scan's upload limit.
        onRequest: async (request) => admitReport(ctx, sessionPin(request)),
        validatorCompiler: validatedInWorker,
        schema: {
          summary: 'Deliver the scan report',
          description: 'The server computes the verdict and answers with it.',
          tags: ['Scanner'],
          security: [{ sessionToken: [] }],
          body: FinishBody,
          response: { 200: FinishResponse, ...sessionErrors },
        },
      },
      async (request) => ({
        result: await deliverReport(ctx, sessionPin(request), rawJsonBodyOf(request), request.ip),
      }),
    );
  };
}
