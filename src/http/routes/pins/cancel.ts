import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { UseCaseContext } from '../../../application/context.js';
import { cancelPinWithKey } from '../../../application/pins/cancel-pin.js';
import { statusView } from '../../../application/pins/status-view.js';
import { callerOf } from '../../plugins/key-auth.js';
import { problemResponses } from '../../schemas/common.js';
import { PinParams, PinStatusResponse, readErrors } from './schemas.js';
import { pinCodeValidation } from './validation.js';

/**
 * POST /v1/pins/:pinCode/cancel (docs/api.md, "Cancelling a PIN"): our extension to the published
 * API. The PIN's creator ends a pending PIN at once; it reads as `expired` from then on.
 */
export function cancelPinRoute(ctx: UseCaseContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      '/v1/pins/:pinCode/cancel',
      {
        schema: {
          summary: 'Cancel a pending PIN (scanpin extension)',
          description:
            'Not part of the published interface: a scanpin extension. Ends a PIN nobody has started yet, at once: its slot under the active-PIN limit is free, its event streams end, and `pin.expired` is sent. The published statuses have no `cancelled`, so a cancelled PIN reads as `expired` everywhere, with the statusMessage "The PIN was cancelled before the scan started. …". Only the creating account can cancel it, with a key holding `pins:create`. A PIN being scanned, finished, failed or expired is refused with 409 pin_not_cancellable: a scan in progress ends with its verdict, or as an error when the scanner goes quiet. No body. Answers the PIN\'s status as the status endpoint would.',
          tags: ['Public API'],
          security: [{ apiKey: [] }],
          params: PinParams,
          'x-scanpin-extension': true,
          response: { 200: PinStatusResponse, ...readErrors, ...problemResponses(409) },
        } as never,
        config: { permission: 'pins:create', mapValidation: pinCodeValidation },
      },
      async (request) => {
        const params = request.params as { pinCode: string };
        const { pin, state } = await cancelPinWithKey(ctx, callerOf(request), params.pinCode);
        // A pending PIN has no report.
        return statusView(pin, state, null) as never;
      },
    );
  };
}
