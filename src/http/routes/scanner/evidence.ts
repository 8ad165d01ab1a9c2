import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { UseCaseContext } from '../../../application/context.js';
import { admitEvidenceUpload, submitEvidence } from '../../../application/scans/submit-evidence.js';
import { EVIDENCE_MAX_BYTES } from '../../../domain/evidence.js';
import { NUL_ALLOWED } from '../../plugins/validation.js';
import { EvidenceBody, EvidenceResponse } from './evidence-schema.js';
import { gunzipBody } from './gzip-body.js';
import { keepRawJsonBody, rawJsonBodyOf, validatedInWorker } from './raw-json-body.js';
import { sessionErrors } from './schemas.js';
import { sessionPin } from './session-token.js';

const NONCE_HEADER = 'scanpin-nonce';

/**
 * `POST /v1/scanner/evidence` (docs/scanner.md, "Evidence"). Registered inside the session routes, so
 * the session token has named the scan before this runs. What the body costs grows with what a client
 * chose to send, so (docs/security.md, "Evidence uploads"): the scan's state, the upload limits and
 * the `Scanpin-Nonce` header are checked before the body is read; the body is then kept as bytes, and
 * decoding, the schema, the rules and the report all run in the evidence intake's workers. The route's
 * schema documents the body and is the one the workers check it against.
 */
export function scannerEvidenceRoute(ctx: UseCaseContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    keepRawJsonBody(app);

    app.post(
      '/v1/scanner/evidence',
      {
        bodyLimit: EVIDENCE_MAX_BYTES,
        onRequest: async (request) => {
          const nonce = request.headers[NONCE_HEADER];
          await admitEvidenceUpload(
            ctx,
            sessionPin(request),
            request.ip,
            typeof nonce === 'string' ? nonce : undefined,
          );
        },
        preParsing: gunzipBody,
        validatorCompiler: validatedInWorker,
        schema: {
          summary: 'Upload the scan evidence',
          description:
            'The evidence document the scan client collected (JSON, `Content-Encoding: gzip` accepted, at most 16 MiB once inflated), carrying the start answer’s `nonce`; send the nonce in the `Scanpin-Nonce` header too, so a wrong one is refused before the body is read. The server judges it with its rules, fills the report, finishes the scan as `/finish` does and answers with the verdict and a receipt. Text may hold any character, U+0000 included: control characters are stored escaped as `\\uXXXX` (docs/scan-client.md, "Control characters"). A wrong nonce is `409 nonce_mismatch` and an invalid document `400 invalid_body`; the scan stays open after both. A closed scan is refused before the body is read; a session may upload a few times an hour and an address a few times a minute (`429`); `503` with `Retry-After` when the server is busy judging other uploads.',
          tags: ['Scanner'],
          security: [{ sessionToken: [] }],
          // Any text, NUL included: its control characters are stored escaped (docs/scan-client.md,
          // "Control characters"), so one odd class name never refuses the whole scan.
          body: { ...EvidenceBody, [NUL_ALLOWED]: true },
          response: { 200: EvidenceResponse, ...sessionErrors },
        },
      },
      async (request) => submitEvidence(ctx, sessionPin(request), rawJsonBodyOf(request), request.ip),
    );
  };
}
