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
import { cancelPinAsStaff } from '../../../application/pins/cancel-pin.js';
import type { PinCreator } from '../../../application/pins/create-pin.js';
import { SCAN_PLATFORMS } from '../../../domain/player-platform.js';
import { ROLES } from '../../../domain/roles.js';
import { timestampOf } from '../../../domain/timestamp-input.js';
import { personOf } from '../../plugins/session-auth.js';
import { Nullable, problemResponses } from '../../schemas/common.js';
import { createValidation } from '../pins/create.js';
import { newPinInputOf } from '../pins/create-input.js';
import { presentResults } from '../pins/present.js';
import { CreatePinBody, PinParams, PinResultsResponse } from '../pins/schemas.js';
import { pinCodeValidation } from '../pins/validation.js';
import { presentListedPin } from './present.js';
import { ListedPin, PinList, PinListQuery, security, sessionErrors, tags } from './schemas.js';

/** The Enterprise a PIN is created for, when the person chose one (the dashboard's Enterprise switcher). */
const EnterpriseChoice = Type.Object({ enterpriseId: Type.Optional(Type.Integer({ minimum: 1 })) });

/** Read before validation (the creation checks come first, as on /v1): a malformed value is ignored here and refused by validation. */
function enterpriseChosen(request: FastifyRequest): number | undefined {
  const raw = (request.query as { enterpriseId?: unknown }).enterpriseId;
  const id = typeof raw === 'string' && /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : undefined;
  return id;
}

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
            "The body and answers of POST /v1/pins/create, for the owner, admins and moderators (docs/roles.md), within their role's quota of active PINs in the Enterprise (active_pin_limit otherwise). `enterpriseId` chooses the Enterprise; without it, the one you own, or else the first where your role may create.",
          querystring: EnterpriseChoice,
          body: CreatePinBody,
          response: { 201: ListedPin, ...sessionErrors, ...problemResponses(400, 404, 413) },
        },
        config: { mapValidation: createValidation },
        // As on /v1, the account checks come before the body is validated.
        onRequest: async (request: FastifyRequest) => {
          creators.set(
            request,
            await authorizeDashboardPinCreation(ctx, personOf(request), enterpriseChosen(request)),
          );
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
          summary: "Your role's active PINs against its quota",
          description:
            'For the Enterprise a new PIN would be created for (`enterpriseId`, or as POST /pins chooses): canCreate: your role there may create PINs. used: the pending and scanning PINs its staff of your role hold now. limit: the role\'s quota (docs/roles.md, "PIN quotas"). scannerDownloads: the systems whose scanner build this server has, so a scan link `/scan/<PIN>` offers the player a download; empty until the operator runs `npm run build:scanner`.',
          querystring: EnterpriseChoice,
          response: {
            200: Type.Object({
              canCreate: Type.Boolean(),
              enterpriseId: Nullable(Type.Integer()),
              role: Nullable(Type.Enum([...ROLES])),
              used: Type.Integer(),
              limit: Type.Integer(),
              scannerDownloads: Type.Array(Type.Enum([...SCAN_PLATFORMS])),
            }),
            ...sessionErrors,
          },
        },
      },
      async (request) => pinSlots(ctx, personOf(request), request.query.enterpriseId),
    );

    app.post(
      '/pins/:pinCode/cancel',
      {
        schema: {
          tags,
          security,
          summary: 'Cancel a pending PIN',
          description:
            "For the owner, admins and moderators of the PIN's Enterprise (docs/roles.md). The PIN reads as `expired` at once, with a message saying it was cancelled; its slot is free and `pin.expired` is sent. A PIN being scanned or already ended: 409 pin_not_cancellable.",
          params: PinParams,
          response: { 200: ListedPin, ...sessionErrors, ...problemResponses(400, 403, 404, 409) },
        },
        config: { mapValidation: pinCodeValidation },
      },
      async (request) => {
        await cancelPinAsStaff(ctx, personOf(request), request.params.pinCode);
        return presentListedPin(await readVisiblePin(ctx, personOf(request), request.params.pinCode));
      },
    );
  };
}
