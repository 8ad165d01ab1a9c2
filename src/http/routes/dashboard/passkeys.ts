import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { UseCaseContext } from '../../../application/context.js';
import { UseCaseFailure } from '../../../application/failures.js';
import {
  acceptInviteWithPasskey,
  beginInvitePasskeyRegistration,
  beginPasskeyRegistration,
  beginPasskeySignIn,
  finishPasskeyRegistration,
  listPasskeys,
  removePasskey,
  signInWithPasskey,
} from '../../../application/people/passkeys.js';
import { ACCOUNT_NAME_MAX, PASSKEY_NAME_MAX } from '../../../domain/passkeys.js';
import { iso } from '../../../domain/time.js';
import { personOf, setSessionCookie } from '../../plugins/session-auth.js';
import { NoContent, Nullable, problemResponses, Timestamp } from '../../schemas/common.js';
import { RowId, security, sessionErrors, tags } from './schemas.js';

/*
 * Passkeys (docs/dashboard.md, "Passkeys"). Each ceremony is two calls: one that hands out WebAuthn
 * options with a fresh challenge (for @simplewebauthn/browser's startRegistration or
 * startAuthentication), and one that takes the browser's answer. The answers are WebAuthn's JSON
 * encodings; the server checks them, so their schema only bounds their size.
 */

const B64 = (max: number) => Type.String({ pattern: '^[A-Za-z0-9_-]*$', maxLength: max });
const Extras = Type.Object({}, { additionalProperties: true });

const RegistrationAnswer = Type.Object(
  {
    id: B64(1400),
    rawId: B64(1400),
    type: Type.Literal('public-key'),
    response: Type.Object(
      { clientDataJSON: B64(4096), attestationObject: B64(16384) },
      { additionalProperties: true },
    ),
    clientExtensionResults: Type.Optional(Extras),
    authenticatorAttachment: Type.Optional(Type.String({ maxLength: 40 })),
  },
  {
    additionalProperties: true,
    description: 'The RegistrationResponseJSON from navigator.credentials.create().',
  },
);

const AuthenticationAnswer = Type.Object(
  {
    id: B64(1400),
    rawId: B64(1400),
    type: Type.Literal('public-key'),
    response: Type.Object(
      {
        clientDataJSON: B64(4096),
        authenticatorData: B64(4096),
        signature: B64(2048),
        userHandle: Type.Optional(B64(200)),
      },
      { additionalProperties: true },
    ),
    clientExtensionResults: Type.Optional(Extras),
    authenticatorAttachment: Type.Optional(Type.String({ maxLength: 40 })),
  },
  {
    additionalProperties: true,
    description: 'The AuthenticationResponseJSON from navigator.credentials.get().',
  },
);

const Options = Type.Object(
  { challenge: Type.String() },
  {
    additionalProperties: true,
    description:
      'WebAuthn options (JSON), for startRegistration / startAuthentication of @simplewebauthn/browser.',
  },
);

const PasskeyView = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  createdAt: Timestamp,
  lastUsedAt: Nullable(Timestamp),
});

const InviteToken = Type.String({
  pattern: '^[A-Za-z0-9_-]{20,100}$',
  description: 'The last part of the invite URL.',
});
const PasskeyName = Type.String({
  maxLength: PASSKEY_NAME_MAX,
  description: 'What to call this passkey in Settings ("Work laptop"); "Passkey" when blank.',
});

const view = (p: { id: number; name: string; createdAt: number; lastUsedAt: number | null }) => ({
  id: p.id,
  name: p.name,
  createdAt: iso(p.createdAt),
  lastUsedAt: p.lastUsedAt === null ? null : iso(p.lastUsedAt),
});

const userAgentOf = (request: FastifyRequest) => request.headers['user-agent'] ?? null;

/** Why a passkey was refused goes to the log (never the answer), for an operator looking into it. */
async function loggingRefusals<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof UseCaseFailure && err.failure.code === 'passkey_refused')
      request.log.info({ reason: err.failure.reason }, 'passkey refused');
    throw err;
  }
}

export function passkeyRoutes(ctx: UseCaseContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    const signedOutErrors = problemResponses(400, 403, 404, 429);

    app.get(
      '/passkeys',
      {
        schema: {
          tags,
          security,
          summary: 'Your passkeys',
          response: { 200: Type.Array(PasskeyView), ...sessionErrors },
        },
      },
      async (request) => (await listPasskeys(ctx, personOf(request))).map(view),
    );

    app.post(
      '/passkeys/registration-options',
      {
        schema: {
          tags,
          security,
          summary: 'Begin adding a passkey',
          description: 'A challenge good once, for 5 minutes.',
          response: { 200: Options, ...sessionErrors, ...problemResponses(400, 404) },
        },
      },
      async (request) => beginPasskeyRegistration(ctx, personOf(request)),
    );

    app.post(
      '/passkeys',
      {
        schema: {
          tags,
          security,
          summary: 'Add a passkey',
          body: Type.Object(
            { name: Type.Optional(PasskeyName), response: RegistrationAnswer },
            { additionalProperties: false },
          ),
          response: { 201: PasskeyView, ...sessionErrors, ...problemResponses(400, 404) },
        },
      },
      async (request, reply) => {
        const added = await loggingRefusals(request, () =>
          finishPasskeyRegistration(ctx, personOf(request), {
            name: request.body.name,
            response: request.body.response as unknown as RegistrationResponseJSON,
          }),
        );
        return reply.code(201).send(view(added));
      },
    );

    app.delete(
      '/passkeys/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Remove one of your passkeys',
          params: Type.Object({ id: RowId }),
          response: { ...NoContent, ...sessionErrors, ...problemResponses(400, 404) },
        },
      },
      async (request, reply) => {
        await removePasskey(ctx, personOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/passkeys/sign-in-options',
      {
        config: { signedOut: true },
        schema: {
          tags,
          security: [],
          summary: 'Begin signing in with a passkey',
          description:
            'Needs no session. A challenge good once, for 5 minutes, for any passkey of this server.',
          response: { 200: Options, ...signedOutErrors },
        },
      },
      async () => beginPasskeySignIn(ctx),
    );

    app.post(
      '/passkeys/sign-in',
      {
        config: { signedOut: true },
        schema: {
          tags,
          security: [],
          summary: 'Sign in with a passkey',
          description: 'Sets the session cookie, as a sign-in link does.',
          body: Type.Object({ response: AuthenticationAnswer }, { additionalProperties: false }),
          response: { 204: Type.Null(), ...signedOutErrors },
        },
      },
      async (request, reply) => {
        const session = await loggingRefusals(request, () =>
          signInWithPasskey(ctx, {
            response: request.body.response as unknown as AuthenticationResponseJSON,
            userAgent: userAgentOf(request),
          }),
        );
        setSessionCookie(reply, ctx, session.token);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/invites/passkey-options',
      {
        config: { signedOut: true },
        schema: {
          tags,
          security: [],
          summary: 'Begin accepting an invite with a new passkey',
          description:
            'Needs no session: for someone without an account. `name` is what the Enterprise will call them. Refused with invalid_invite when the invite cannot be used.',
          body: Type.Object(
            { token: InviteToken, name: Type.String({ minLength: 1, maxLength: ACCOUNT_NAME_MAX }) },
            { additionalProperties: false },
          ),
          response: { 200: Options, ...signedOutErrors },
        },
      },
      async (request) =>
        beginInvitePasskeyRegistration(ctx, { token: request.body.token, accountName: request.body.name }),
    );

    app.post(
      '/invites/passkey',
      {
        config: { signedOut: true },
        schema: {
          tags,
          security: [],
          summary: 'Accept an invite with a new passkey',
          description:
            'Makes an account with the name given, joins the invite’s Enterprise, keeps the passkey and signs in (sets the session cookie).',
          body: Type.Object(
            { token: InviteToken, passkeyName: Type.Optional(PasskeyName), response: RegistrationAnswer },
            { additionalProperties: false },
          ),
          response: {
            200: Type.Object({
              enterprise: Type.Object({ id: Type.Integer(), name: Type.String(), active: Type.Boolean() }),
              role: Type.String(),
            }),
            ...signedOutErrors,
          },
        },
      },
      async (request, reply) => {
        const { session, membership } = await loggingRefusals(request, () =>
          acceptInviteWithPasskey(ctx, {
            token: request.body.token,
            passkeyName: request.body.passkeyName,
            response: request.body.response as unknown as RegistrationResponseJSON,
            userAgent: userAgentOf(request),
          }),
        );
        setSessionCookie(reply, ctx, session.token);
        const { enterprise, role } = membership;
        return { enterprise: { id: enterprise.id, name: enterprise.name, active: enterprise.active }, role };
      },
    );
  };
}
