import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { UseCaseContext } from '../../../application/context.js';
import { readPin } from '../../../application/pins/read-pin.js';
import { callerOf } from '../../plugins/key-auth.js';
import { SerializedAnswers } from '../../plugins/serialized-answers.js';
import { keptRecordOf, presentResults } from './present.js';
import { PinParams, PinResultsResponse, readErrors } from './schemas.js';
import { pinCodeValidation } from './validation.js';

export function pinResultsRoute(ctx: UseCaseContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    const answers = new SerializedAnswers<object>();
    app.get(
      '/v1/pins/:pinCode/results',
      {
        schema: {
          summary: 'Read PIN results',
          description:
            'Full detail of a finished scan. Before that, `result` is `none` with a `message`. Only the creating account can read it.',
          tags: ['Public API'],
          security: [{ apiKey: [] }],
          params: PinParams,
          response: { 200: PinResultsResponse, ...readErrors },
        },
        config: { permission: 'pins:results', mapValidation: pinCodeValidation },
      },
      async (request, reply) => {
        const observed = await readPin(ctx, callerOf(request), request.params.pinCode);
        return answers.answer(reply, keptRecordOf(observed), () => presentResults(observed)) as never;
      },
    );
  };
}
