import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UseCaseContext } from '../../../application/context.js';
import { startScan } from '../../../application/scans/start-scan.js';
import { iso } from '../../../domain/time.js';
import type { ValidationMapper } from '../../plugins/errors.js';
import { setRateLimitHeaders } from '../../plugins/rate-limit-headers.js';
import { problems, rateLimitedProblem } from '../../problem.js';
import { START_BODY_LIMIT, StartBody, StartResponse, startErrors } from './schemas.js';
import { signedScannerCalls, startedClientOf } from './signed-calls.js';

const startValidation: ValidationMapper = (part, errors) =>
  part === 'body' &&
  errors.length > 0 &&
  errors.every((e) => e.instancePath === '/pin' && e.keyword === 'pattern')
    ? problems.invalidPinCode()
    : undefined;

export function scannerStartRoute(ctx: UseCaseContext): FastifyPluginAsyncTypebox {
  // The PIN is the only secret here, so starts are limited per client IP against guessing.
  async function limitStarts(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const limit = await ctx.rateLimiter.forScannerStart(request.ip);
    setRateLimitHeaders(reply, limit);
    if (!limit.allowed) throw rateLimitedProblem(limit);
  }

  return async (app) => {
    // Who is calling: refused before the body is read, signature checked once it is (signed-calls.ts).
    signedScannerCalls(ctx, app, 'start');
    app.post(
      '/v1/scanner/start',
      {
        // Unauthenticated: no more than a start needs is ever read (docs/security.md, "Body limits").
        bodyLimit: START_BODY_LIMIT,
        schema: {
          summary: 'Start a scan with a PIN',
          description: 'Called by the scan client. No API key: the PIN is the secret. Limited per client IP.',
          tags: ['Scanner'],
          body: StartBody,
          response: { 201: StartResponse, ...startErrors },
        },
        config: { mapValidation: startValidation },
        onRequest: limitStarts,
      },
      async (request, reply) => {
        const { pin, sessionToken, nonce, plan, proof } = await startScan(ctx, {
          pin: request.body.pin,
          hwids: request.body.hwids,
          clientVersion: request.body.clientVersion ?? null,
          client: startedClientOf(request),
          clientAddress: request.ip,
        });
        return reply.code(201).send({
          sessionToken,
          pin: pin.code,
          type: pin.type,
          ramDump: pin.ramDump,
          expiresAt: iso(pin.state.expiresAt),
          nonce,
          serverTime: iso(ctx.clock()),
          plan,
          proof,
        });
      },
    );
  };
}
