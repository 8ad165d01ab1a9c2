import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { UseCaseContext } from '../../../application/context.js';
import { readOverview } from '../../../application/dashboard/overview.js';
import { personOf } from '../../plugins/session-auth.js';
import { Nullable, problemResponses } from '../../schemas/common.js';
import { RowId, security, sessionErrors, tags } from './schemas.js';

const Count = Type.Integer({ minimum: 0 });

const Overview = Type.Object({
  scansPerDay: Type.Array(
    Type.Object({
      date: Type.String({ format: 'date', examples: ['2026-02-11'] }),
      legit: Count,
      suspicious: Count,
      cheating: Count,
      expired: Count,
      error: Count,
    }),
    { description: 'The last 30 UTC days, oldest first, today last; by the day each PIN ended.' },
  ),
  activePins: Type.Object({ used: Count, limit: Count }),
  keys: Type.Array(
    Type.Object({
      id: Type.Integer(),
      prefix: Type.String(),
      name: Nullable(Type.String()),
      used: Count,
      limit: Count,
      resetSeconds: Nullable(
        Type.Integer({ minimum: 1, description: 'Until the hourly window resets; null when none is open.' }),
      ),
    }),
  ),
  topDetections: Type.Array(Type.Object({ name: Type.String(), count: Count })),
});

/** The overview page's numbers (docs/dashboard.md, "The dashboard API"). */
export function overviewRoutes(ctx: UseCaseContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/overview',
      {
        schema: {
          tags,
          security,
          summary: 'Scans per day, active PINs, key usage and top detections',
          description:
            'Over the PINs you may see (only one Enterprise’s with enterpriseId): how scans ended on each of the last 30 UTC days and the 10 most frequent detections. Your active PINs against the limit, and each of your live keys’ requests this hour (reading them spends none).',
          querystring: Type.Object({ enterpriseId: Type.Optional(RowId) }, { additionalProperties: false }),
          response: { 200: Overview, ...sessionErrors, ...problemResponses(400) },
        },
      },
      async (request) => {
        const overview = await readOverview(ctx, personOf(request), request.query);
        return {
          ...overview,
          scansPerDay: overview.scansPerDay.map(({ day, ...counts }) => ({
            date: new Date(day).toISOString().slice(0, 10),
            ...counts,
          })),
        };
      },
    );
  };
}
