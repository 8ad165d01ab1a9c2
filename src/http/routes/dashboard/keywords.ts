import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { customKeywords, setCustomKeywords } from '../../../application/accounts/accounts.js';
import type { UseCaseContext } from '../../../application/context.js';
import { personOf } from '../../plugins/session-auth.js';
import { problemResponses } from '../../schemas/common.js';
import { KeywordsBody } from '../admin/schemas.js';
import { security, sessionErrors, tags } from './schemas.js';

const Keywords = Type.Object({ keywords: Type.Array(Type.String()) });

/**
 * The person's custom suspicious keywords (docs/api.md, "Reading a finished scan"): artifacts of
 * their scans containing one are flagged as customSuspicious.
 */
export function keywordRoutes(ctx: UseCaseContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/keywords',
      {
        schema: {
          tags,
          security,
          summary: 'Your custom suspicious keywords',
          response: { 200: Keywords, ...sessionErrors, ...problemResponses(404) },
        },
      },
      async (request) => ({ keywords: await customKeywords(ctx, personOf(request).accountId) }),
    );

    app.put(
      '/keywords',
      {
        schema: {
          tags,
          security,
          summary: 'Replace your custom suspicious keywords',
          description:
            'Matched against the artifacts of scans that finish from now on, without case and after Unicode compatibility folding (fullwidth letters, ligatures; docs/api.md, "Custom keywords"). Stored trimmed, lower-case and without repeats.',
          body: KeywordsBody,
          response: { 200: Keywords, ...sessionErrors, ...problemResponses(400, 404, 413) },
        },
      },
      async (request) => ({
        keywords: await setCustomKeywords(ctx, personOf(request).accountId, request.body.keywords),
      }),
    );
  };
}
