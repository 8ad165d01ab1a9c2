import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { UseCaseContext } from '../../../application/context.js';
import { readPin } from '../../../application/pins/read-pin.js';
import { callerOf } from '../../plugins/key-auth.js';
import { SerializedAnswers } from '../../plugins/serialized-answers.js';
import { keptRecordOf, presentStatus } from './present.js';
import { PinParams, PinStatusResponse, readErrors } from './schemas.js';
import { pinCodeValidation } from './validation.js';

export function pinStatusRoute(ctx: UseCaseContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    const answers = new SerializedAnswers<object>();
    app.get(
      '/v1/pins/:pinCode/status',
      {
        schema: {
          summary: 'Read PIN status',
          description:
            'Light summary for polling (every 3–5 s for a progress bar). Only the creating account can read it.',
          tags: ['Public API'],
          security: [{ apiKey: [] }],
          params: PinParams,
          response: { 200: PinStatusResponse, ...readErrors },
        },
        config: { permission: 'pins:status', mapValidation: pinCodeValidation },
      },
      async (request, reply) => {
        const observed = await readPin(ctx, callerOf(request), request.params.pinCode);
        return answers.answer(reply, keptRecordOf(observed), () => presentStatus(observed)) as never;
      },
    );
  };
}
