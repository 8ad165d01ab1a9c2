import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UseCaseContext } from '../../../application/context.js';
import { previewScan } from '../../../application/scans/preview-scan.js';
import { iso } from '../../../domain/time.js';
import type { ValidationMapper } from '../../plugins/errors.js';
import { setRateLimitHeaders } from '../../plugins/rate-limit-headers.js';
import { problems, rateLimitedProblem } from '../../problem.js';
import { PreviewBody, PreviewResponse, SCANNER_SMALL_BODY_LIMIT, startErrors } from './schemas.js';

const previewValidation: ValidationMapper = (part, errors) =>
  part === 'body' &&
  errors.length > 0 &&
  errors.every((e) => e.instancePath === '/pin' && e.keyword === 'pattern')
    ? problems.invalidPinCode()
    : undefined;

/**
 * Before the consent (docs/scanner.md, "Before the consent"): the scanner asks what a scan with the
 * PIN would be, so its prompt names the community and lists exactly what the PIN's game plan reads.
 * The PIN travels in the body, never in an address that logs keep.
 */
export function scannerPreviewRoute(ctx: UseCaseContext): FastifyPluginAsyncTypebox {
  // The PIN is the only secret, so previews share the starts' per-address budget against guessing.
  async function limitPreviews(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const limit = await ctx.rateLimiter.forScannerStart(request.ip);
    setRateLimitHeaders(reply, limit);
    if (!limit.allowed) throw rateLimitedProblem(limit);
  }

  return async (app) => {
    app.post(
      '/v1/scanner/preview',
      {
        bodyLimit: SCANNER_SMALL_BODY_LIMIT,
        schema: {
          summary: 'What a scan with a PIN would collect, before the player agrees',
          description:
            'Called by the scan client before its consent prompt. No API key: the PIN is the secret. Changes nothing. Limited per client IP, with the starts.',
          tags: ['Scanner'],
          body: PreviewBody,
          response: { 200: PreviewResponse, ...startErrors },
        },
        config: { mapValidation: previewValidation },
        onRequest: limitPreviews,
      },
      async (request) => {
        const preview = await previewScan(ctx, request.body.pin);
        return {
          pin: preview.pinCode,
          type: preview.gameType,
          community: preview.community,
          expiresAt: iso(preview.expiresAt),
          plan: preview.plan,
          discordProof: preview.discordProof,
        };
      },
    );
  };
}
