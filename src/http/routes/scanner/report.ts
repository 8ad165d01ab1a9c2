import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { UseCaseContext } from '../../../application/context.js';
import { failScan } from '../../../application/scans/fail-scan.js';
import { finishScan } from '../../../application/scans/finish-scan.js';
import { reportProgress } from '../../../application/scans/report-progress.js';
import { scanOfSession } from '../../../application/scans/session.js';
import { submitEvidence } from '../../../application/scans/submit-evidence.js';
import { EVIDENCE_MAX_BYTES } from '../../../domain/evidence.js';
import { countRefusedCredential } from '../../plugins/client-address-limit.js';
import { NoContent } from '../../schemas/common.js';
import { EvidenceBody, EvidenceResponse } from './evidence-schema.js';
import { gunzipBody } from './gzip-body.js';
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
      async (request) => ({ result: await finishScan(ctx, sessionPin(request), request.body, request.ip) }),
    );

    app.post(
      '/v1/scanner/evidence',
      {
        bodyLimit: EVIDENCE_MAX_BYTES,
        preParsing: gunzipBody,
        schema: {
          summary: 'Upload the scan evidence',
          description:
            'The evidence document the scan client collected (JSON, `Content-Encoding: gzip` accepted, at most 16 MiB once inflated), carrying the start answer’s `nonce`. The server judges it with its rules, fills the report, finishes the scan as `/finish` does and answers with the verdict and a receipt. A wrong nonce is `409 nonce_mismatch` and an invalid document `400 invalid_body`; the scan stays open after both.',
          tags,
          security,
          body: EvidenceBody,
          response: { 200: EvidenceResponse, ...sessionErrors },
        },
      },
      async (request) => submitEvidence(ctx, sessionPin(request), request.body, request.ip),
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
