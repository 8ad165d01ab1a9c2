import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { UseCaseContext } from '../../../application/context.js';
import { failScan } from '../../../application/scans/fail-scan.js';
import { reportProgress } from '../../../application/scans/report-progress.js';
import { openScanOfSession } from '../../../application/scans/session.js';
import { countRefusedCredential } from '../../plugins/client-address-limit.js';
import { NoContent } from '../../schemas/common.js';
import { scannerEvidenceRoute } from './evidence.js';
import { scannerFinishRoute } from './finish.js';
import { FailBody, ProgressBody, SCANNER_SMALL_BODY_LIMIT, sessionErrors } from './schemas.js';
import { sessionPin, sessionTokenOf } from './session-token.js';
import { signedScannerCalls } from './signed-calls.js';

const tags = ['Scanner'];
const security = [{ sessionToken: [] }];

/** /v1/scanner/progress, /finish and /fail: the scan client's reports, bound to its session. */
export function scannerReportRoutes(ctx: UseCaseContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    // The session and its scan's state are checked before the body is read, so a caller without an
    // open scan learns that first, and a closed scan's token costs the server nothing more.
    app.decorateRequest('scanSession', null);
    // A refused token (a dead one included) is counted per client address, so session tokens cannot
    // be guessed and a closed scan's token cannot be replayed without end.
    app.addHook('onRequest', async (request, reply) => {
      try {
        request.scanSession = await openScanOfSession(ctx, sessionTokenOf(request));
      } catch (refused) {
        await countRefusedCredential(ctx, request, reply);
        throw refused;
      }
    });
    // The session's client, from what its start fixed: before the body is read (signed-calls.ts).
    signedScannerCalls(ctx, app, 'session');

    app.post(
      '/v1/scanner/progress',
      {
        bodyLimit: SCANNER_SMALL_BODY_LIMIT,
        schema: {
          summary: 'Report scan progress',
          tags,
          security,
          body: ProgressBody,
          response: { ...NoContent, ...sessionErrors },
        },
      },
      async (request, reply) => {
        await reportProgress(ctx, sessionPin(request), request.body, request.ip, request.signatureToRemember);
        return reply.code(204).send(null);
      },
    );

    await app.register(scannerFinishRoute(ctx));
    await app.register(scannerEvidenceRoute(ctx));

    app.post(
      '/v1/scanner/fail',
      {
        bodyLimit: SCANNER_SMALL_BODY_LIMIT,
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
