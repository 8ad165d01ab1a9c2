import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { observe } from '../../../domain/pin-lifecycle.js';
import { pinStateOf } from '../../../storage/repositories/pins.js';
import type { AppDeps } from '../../deps.js';
import { requireAccount } from '../../plugins/api-key-auth.js';
import { loadOwnedPin, loadReport, pinCodeValidation } from './lookup.js';
import { presentStatus, presentSummary } from './present.js';
import { PinParams, PinStatusResponse, readErrors } from './schemas.js';

export function pinStatusRoute(deps: AppDeps): FastifyPluginAsyncTypebox {
  const settings = { idleTimeoutMs: deps.config.scanIdleTimeoutSeconds * 1000 };
  return async (app) => {
    app.get(
      '/v1/pins/:pinCode/status',
      {
        schema: {
          summary: 'Read PIN status',
          description:
            'Light summary for polling (every 3–5 s for a progress bar). Only the creating account can read it.',
          tags: ['PINs'],
          security: [{ apiKey: [] }],
          params: PinParams,
          response: { 200: PinStatusResponse, ...readErrors },
        },
        config: { permission: 'pins:status', mapValidation: pinCodeValidation },
      },
      async (request) => {
        const account = requireAccount(request);
        const row = await loadOwnedPin(deps, request.params.pinCode, account.id);
        const state = observe(pinStateOf(row), deps.clock(), settings);
        const body = presentStatus(row, state);
        if (state.status !== 'finished' || state.result === null) return body;
        return { ...body, data: presentSummary(await loadReport(deps, row), state.result) };
      },
    );
  };
}
