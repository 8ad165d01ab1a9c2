import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { observe } from '../../../domain/pin-lifecycle.js';
import { pinStateOf } from '../../../storage/repositories/pins.js';
import type { AppDeps } from '../../deps.js';
import { requireAccount } from '../../plugins/api-key-auth.js';
import { loadOwnedPin, pinCodeValidation } from './lookup.js';
import { presentUnfinishedResults } from './present.js';
import { PinParams, PinResultsResponse, readErrors } from './schemas.js';

export function pinResultsRoute(deps: AppDeps): FastifyPluginAsyncTypebox {
  const settings = { idleTimeoutMs: deps.config.scanIdleTimeoutSeconds * 1000 };
  return async (app) => {
    app.get(
      '/v1/pins/:pinCode/results',
      {
        schema: {
          summary: 'Read PIN results',
          description:
            'Full detail of a finished scan. Before that, `result` is `none` with a `message`. Only the creating account can read it.',
          tags: ['PINs'],
          security: [{ apiKey: [] }],
          params: PinParams,
          response: { 200: PinResultsResponse, ...readErrors },
        },
        config: { permission: 'pins:results', mapValidation: pinCodeValidation },
      },
      async (request) => {
        const account = requireAccount(request);
        const row = await loadOwnedPin(deps, request.params.pinCode, account.id);
        const state = observe(pinStateOf(row), deps.clock(), settings);
        return presentUnfinishedResults(row, state);
      },
    );
  };
}
