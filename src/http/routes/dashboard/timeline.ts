import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { UseCaseContext } from '../../../application/context.js';
import { readPinTimeline } from '../../../application/dashboard/timeline.js';
import { TIMELINE_KINDS } from '../../../domain/pin-timeline.js';
import { iso } from '../../../domain/time.js';
import { personOf } from '../../plugins/session-auth.js';
import { Nullable, problemResponses, Timestamp } from '../../schemas/common.js';
import { PinParams } from '../pins/schemas.js';
import { pinCodeValidation } from '../pins/validation.js';
import { security, sessionErrors, tags } from './schemas.js';

const TimelineEntry = Type.Object({
  at: Timestamp,
  kind: Type.Enum(TIMELINE_KINDS),
  progress: Type.Integer({ minimum: 0, maximum: 100 }),
  message: Nullable(Type.String()),
});

/** What happened to a PIN, in order (docs/dashboard.md, "The dashboard API"). */
export function timelineRoutes(ctx: UseCaseContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/pins/:pinCode/timeline',
      {
        schema: {
          tags,
          security,
          summary: "A PIN's timeline",
          description:
            'Oldest first: created, started, each change of the progress message, and how it ended (finished, expired or failed).',
          params: PinParams,
          response: {
            200: Type.Object({ data: Type.Array(TimelineEntry) }),
            ...sessionErrors,
            ...problemResponses(400, 404),
          },
        },
        config: { mapValidation: pinCodeValidation },
      },
      async (request) => ({
        data: (await readPinTimeline(ctx, personOf(request), request.params.pinCode)).map((e) => ({
          ...e,
          at: iso(e.at),
        })),
      }),
    );
  };
}
