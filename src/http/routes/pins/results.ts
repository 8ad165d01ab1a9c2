import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { observe } from '../../../domain/pin-lifecycle.js';
import { iso } from '../../../domain/time.js';
import { pinStateOf } from '../../../storage/repositories/pins.js';
import type { AppDeps } from '../../deps.js';
import { requireAccount } from '../../plugins/api-key-auth.js';
import { loadOwnedPin, loadReport, pinCodeValidation } from './lookup.js';
import { presentResultsData, presentUnfinishedResults } from './present.js';
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
        if (state.status !== 'finished' || state.result === null) return presentUnfinishedResults(row, state);
        return {
          pin: row.code,
          type: row.type,
          status: 'finished' as const,
          result: state.result,
          pinName: row.pin_name,
          data: presentResultsData(await loadReport(deps, row), state.result),
          createdAt: iso(row.created_at),
        };
      },
    );
  };
}
