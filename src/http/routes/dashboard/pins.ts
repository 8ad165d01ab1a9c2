import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { UseCaseContext } from '../../../application/context.js';
import {
  authorizeDashboardPinCreation,
  createDashboardPin,
  pinSlots,
} from '../../../application/dashboard/pin-creation.js';
import { listVisiblePins, readVisiblePin } from '../../../application/dashboard/pins.js';
import type { PinCreator } from '../../../application/pins/create-pin.js';
import { timestampOf } from '../../../domain/timestamp-input.js';
import { personOf } from '../../plugins/session-auth.js';
import { problemResponses } from '../../schemas/common.js';
import { createValidation } from '../pins/create.js';
import { newPinInputOf } from '../pins/create-input.js';
import { presentResults } from '../pins/present.js';
import { CreatePinBody, PinParams, PinResultsResponse } from '../pins/schemas.js';
import { pinCodeValidation } from '../pins/validation.js';
import { presentListedPin } from './present.js';
import { ListedPin, PinList, PinListQuery, security, sessionErrors, tags } from './schemas.js';

const timestamp = (value: string | undefined) => (value === undefined ? undefined : timestampOf(value));

/** The PINs a signed-in person may see (docs/dashboard.md, "Who sees what"), and making new ones. */
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
        const { limit = 25, createdFrom, createdTo, ...filters } = request.query;
        const page = await listVisiblePins(ctx, personOf(request), {
          ...filters,
          ...(createdFrom === undefined ? {} : { createdFrom: timestamp(createdFrom) }),
          ...(createdTo === undefined ? {} : { createdTo: timestamp(createdTo) }),
          limit,
        });
        return { data: page.pins.map(presentListedPin), nextBefore: page.nextBefore };
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
        const visible = await readVisiblePin(ctx, personOf(request), request.params.pinCode);
        return { status: presentListedPin(visible), results: presentResults(visible) };
      },
    );

    // Set by the route's own onRequest hook once the person may create PINs.
    const creators = new WeakMap<FastifyRequest, PinCreator>();
    app.post(
      '/pins',
      {
        schema: {
          tags,
          security,
          summary: 'Create a scan PIN',
          description:
            'The same rules and answers as POST /v1/pins/create: owners of an active Enterprise only, within the active-PIN limit (MAX_ACTIVE_PINS).',
          body: CreatePinBody,
          response: { 201: ListedPin, ...sessionErrors, ...problemResponses(400, 404, 413) },
        },
        config: { mapValidation: createValidation },
        // As on /v1, the account checks come before the body is validated.
        onRequest: async (request: FastifyRequest) => {
          creators.set(request, await authorizeDashboardPinCreation(ctx, personOf(request)));
        },
      },
      async (request, reply) => {
        const creator = creators.get(request);
        if (creator === undefined) throw new Error('PIN creation reached without its authorization');
        const made = await createDashboardPin(ctx, personOf(request), creator, newPinInputOf(request.body));
        return reply.code(201).send(presentListedPin(made));
      },
    );

    app.get(
      '/pin-slots',
      {
        schema: {
          tags,
          security,
          summary: 'Your active PINs against the limit',
          description:
            'canCreate: you own an active Enterprise. used: your pending and scanning PINs now. limit: MAX_ACTIVE_PINS.',
          response: {
            200: Type.Object({ canCreate: Type.Boolean(), used: Type.Integer(), limit: Type.Integer() }),
            ...sessionErrors,
          },
        },
      },
      async (request) => pinSlots(ctx, personOf(request)),
    );
  };
}
