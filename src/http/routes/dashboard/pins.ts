import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { UseCaseContext } from '../../../application/context.js';
import { listVisiblePins, readVisiblePin } from '../../../application/dashboard/pins.js';
import { personOf } from '../../plugins/session-auth.js';
import { problemResponses } from '../../schemas/common.js';
import { presentResults, presentStatus } from '../pins/present.js';
import { PinParams, PinResultsResponse } from '../pins/schemas.js';
import { pinCodeValidation } from '../pins/validation.js';
import { ListedPin, PinList, PinListQuery, security, sessionErrors, tags } from './schemas.js';

/** The PINs a signed-in person may see (docs/dashboard.md, "Who sees what"). */
export function dashboardPinRoutes(ctx: UseCaseContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/pins',
      {
        schema: {
          tags,
          security,
          summary: 'PINs you may see',
          description:
            'Your own PINs and the non-private PINs of the Enterprises you own or belong to, newest first.',
          querystring: PinListQuery,
          response: { 200: PinList, ...sessionErrors, ...problemResponses(400) },
        },
      },
      async (request) => {
        const { limit = 25, ...filters } = request.query;
        const page = await listVisiblePins(ctx, personOf(request), { ...filters, limit });
        return {
          data: page.pins.map((p) => ({
            ...presentStatus({ pin: { ...p.pin, report: null }, state: p.state }),
            private: p.pin.private,
            creator: p.creatorName,
            mine: p.mine,
          })),
          nextBefore: page.nextBefore,
        };
      },
    );

    app.get(
      '/pins/:pinCode',
      {
        schema: {
          tags,
          security,
          summary: 'One PIN with its results',
          params: PinParams,
          response: {
            200: Type.Object({ status: ListedPin, results: PinResultsResponse }),
            ...sessionErrors,
            ...problemResponses(400, 404),
          },
        },
        config: { mapValidation: pinCodeValidation },
      },
      async (request) => {
        const person = personOf(request);
        const observed = await readVisiblePin(ctx, person, request.params.pinCode);
        return {
          status: {
            ...presentStatus(observed),
            private: observed.pin.private,
            creator: observed.creatorName,
            mine: observed.pin.accountId === person.accountId,
          },
          results: presentResults(observed),
        };
      },
    );
  };
}
