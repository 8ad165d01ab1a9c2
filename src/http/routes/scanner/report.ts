import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { UseCaseContext } from '../../../application/context.js';
import { failScan } from '../../../application/scans/fail-scan.js';
import { finishScan } from '../../../application/scans/finish-scan.js';
import { reportProgress } from '../../../application/scans/report-progress.js';
import { scanOfSession } from '../../../application/scans/session.js';
import { countRefusedCredential } from '../../plugins/client-address-limit.js';
import { NoContent } from '../../schemas/common.js';
import {
  FailBody,
  FINISH_BODY_LIMIT,
  FinishBody,
  FinishResponse,
  ProgressBody,
  sessionErrors,
} from './schemas.js';
import { sessionPin, sessionTokenOf } from './session-token.js';

const tags = ['Scanner'];
const security = [{ sessionToken: [] }];

/** /v1/scanner/progress, /finish and /fail: the scan client's reports, bound to its session. */
export function scannerReportRoutes(ctx: UseCaseContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    // The session is checked before the body, so a caller without a valid one learns that first.
    app.decorateRequest('scanSession', null);
    // A refused token is counted per client address, so session tokens cannot be guessed.
    app.addHook('onRequest', async (request, reply) => {
      try {
        request.scanSession = await scanOfSession(ctx, sessionTokenOf(request));
      } catch (refused) {
        await countRefusedCredential(ctx, request, reply);
        throw refused;
      }
    });

    app.post(
      '/v1/scanner/progress',
      {
        schema: {
          summary: 'Report scan progress',
          tags,
          security,
          body: ProgressBody,
          response: { ...NoContent, ...sessionErrors },
        },
      },
      async (request, reply) => {
        await reportProgress(ctx, sessionPin(request), request.body);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/v1/scanner/finish',
      {
        bodyLimit: FINISH_BODY_LIMIT,
        schema: {
          summary: 'Deliver the scan report',
          description: 'The server computes the verdict and answers with it.',
          tags,
          security,
          body: FinishBody,
          response: { 200: FinishResponse, ...sessionErrors },
        },
      },
      async (request) => ({ result: await finishScan(ctx, sessionPin(request), request.body) }),
    );

    app.post(
      '/v1/scanner/fail',
      {
        schema: {
          summary: 'Report that the scan failed',
          tags,
          security,
          body: FailBody,
          response: { ...NoContent, ...sessionErrors },
        },
      },
      async (request, reply) => {
        await failScan(ctx, sessionPin(request), request.body);
        return reply.code(204).send(null);
      },
    );
  };
}
