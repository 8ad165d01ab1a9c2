import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { UseCaseContext } from '../../../application/context.js';
import { authorizePinCreation, createPin, type PinCreator } from '../../../application/pins/create-pin.js';
import { GAME_TYPES } from '../../../domain/game-types.js';
import type { ValidationMapper } from '../../plugins/errors.js';
import { callerOf } from '../../plugins/key-auth.js';
import { problems } from '../../problem.js';
import { newPinInputOf } from './create-input.js';
import { presentCreated } from './present.js';
import { CreatedPin, CreatePinBody, createErrors } from './schemas.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on POST /v1/pins/create once the caller may create PINs; null elsewhere. */
    pinCreator: PinCreator | null;
  }
}

/**
 * A body whose only fault is a `type` string outside the list gets the specific invalid_game_type;
 * anything else, a non-string `type` included, is invalid_body (docs/api.md, "Errors").
 */
export const createValidation: ValidationMapper = (part, errors) =>
  part === 'body' &&
  errors.length > 0 &&
  errors.every((e) => e.instancePath === '/type' && e.keyword === 'enum')
    ? problems.invalidGameType(GAME_TYPES)
    : undefined;

export function createPinRoute(ctx: UseCaseContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.decorateRequest('pinCreator', null);
    app.post(
      '/v1/pins/create',
      {
        schema: {
          summary: 'Create a scan PIN',
          description:
            'Enterprise owners only. An account may hold a limited number of active (pending + scanning) PINs: configurable (MAX_ACTIVE_PINS), 3 by default.',
          tags: ['Public API'],
          security: [{ apiKey: [] }],
          body: CreatePinBody,
          response: { 201: CreatedPin, ...createErrors },
        },
        config: { permission: 'pins:create', mapValidation: createValidation },
        // The account checks come before the body is parsed: the published order puts them first.
        onRequest: async (request: FastifyRequest) => {
          request.pinCreator = await authorizePinCreation(ctx, callerOf(request));
        },
      },
      async (request, reply) => {
        const creator = request.pinCreator;
        if (creator === null) throw new Error('PIN creation reached without its authorization');
        const input = newPinInputOf(request.body);
        const pin = await createPin(ctx, creator, input);
        return reply
          .code(201)
          .send(presentCreated(pin, creator.enterprise.name, input.player?.discordId ?? null));
      },
    );
  };
}
