import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { UseCaseContext } from '../../../application/context.js';
import { importManifestDocument } from '../../../application/scanner-clients/import-manifest.js';
import {
  expireScannerClient,
  listScannerClients,
  registerScannerClient,
  retirePreviousClients,
  revokeScannerClient,
} from '../../../application/scanner-clients/manage-clients.js';
import {
  CLIENT_ID_PATTERN,
  clientStatus,
  REGISTERED_KINDS,
  type ScannerClient,
} from '../../../domain/scanner-clients.js';
import { iso, isoOrNull } from '../../../domain/time.js';
import { NoContent, Nullable, Timestamp, TimestampInput } from '../../schemas/common.js';
import { parseTimestamp } from './present.js';
import { adminErrors, IdParams } from './schemas.js';

const tags = ['Operator'];
const security = [{ adminToken: [] }];

const Kind = Type.Enum([...REGISTERED_KINDS], {
  description: '`official`: a build of this project’s scanner; `third-party`: an integration you allow.',
});
const PublicId = Type.String({
  pattern: CLIENT_ID_PATTERN,
  description: 'Sent by the client as `Scanpin-Client`.',
  examples: ['spc_4f9Kq2LmN8xR1tV6yB3cZ7wD'],
});

const ClientView = Type.Object({
  id: Type.Integer(),
  clientId: PublicId,
  name: Type.String(),
  kind: Kind,
  version: Nullable(Type.String()),
  platform: Nullable(Type.String()),
  status: Type.Enum(['active', 'expired', 'revoked'], {
    description:
      'Only an `active` client’s calls are accepted; the others are refused `scanner_client_retired`.',
  }),
  createdAt: Timestamp,
  expiresAt: Nullable(Timestamp),
  revokedAt: Nullable(Timestamp),
  lastUsedAt: Nullable(Timestamp),
});

const RegisteredView = Type.Object({
  ...ClientView.properties,
  key: Type.String({
    description:
      'The client’s HMAC key, base64url (32 bytes). Shown in this answer only; the server keeps it sealed. Build it into the client so that it is not a plain string (docs/scanner.md, "Signed calls").',
  }),
});

const RegisterBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200, examples: ['Acme anti-cheat bridge 2.1'] }),
    kind: Kind,
    version: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 100 }))),
    platform: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 100 }))),
    expiresAt: Type.Optional(
      Nullable(TimestampInput('When its calls stop being accepted; none by default.')),
    ),
  },
  { additionalProperties: false },
);

const ExpireBody = Type.Object(
  { expiresAt: Nullable(TimestampInput('From then on its calls are refused; null clears the expiry.')) },
  { additionalProperties: false },
);

const RetireBody = Type.Object(
  {
    clientId: Type.Union([Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), PublicId], {
      description:
        'The new build (its id or its `spc_…` client id); every official build registered before it retires.',
    }),
    graceDays: Type.Integer({
      minimum: 0,
      maximum: 365,
      description:
        'Days the previous builds stay accepted, so players who downloaded one recently can still scan.',
    }),
  },
  { additionalProperties: false },
);

const ManifestBody = Type.Object(
  {
    clients: Type.Array(
      Type.Object(
        {
          clientId: PublicId,
          name: Type.String({ minLength: 1, maxLength: 200 }),
          version: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 100 }))),
          platform: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 100 }))),
          key: Type.String({
            pattern: '^[A-Za-z0-9_-]{43}$',
            description: 'The build’s key: 32 bytes, base64url without padding.',
            examples: ['q7Vw1y3Zp0Xc9mK2Lr8Tn4Bd6Hf5Js1Ua0Ge7Qo2Wi3'],
          }),
          builtAt: TimestampInput('When the executable was built: builds retire in this order.'),
          sha256: Type.Optional(Type.String()),
        },
        { additionalProperties: true },
      ),
      { maxItems: 200 },
    ),
  },
  { description: 'The `scanner-clients.json` that `npm run build:scanner` writes.' },
);

function present(client: ScannerClient, now: number) {
  return {
    id: client.id,
    clientId: client.clientId,
    name: client.name,
    kind: client.kind,
    version: client.version,
    platform: client.platform,
    status: clientStatus(client, now),
    createdAt: iso(client.createdAt),
    expiresAt: isoOrNull(client.expiresAt),
    revokedAt: isoOrNull(client.revokedAt),
    lastUsedAt: isoOrNull(client.lastUsedAt),
  };
}

/**
 * `/admin/v1/scanner-clients` (docs/operations.md, "Scanner clients"): the official builds and
 * third-party integrations whose signed calls the scanner API accepts. A key is in the registration's
 * answer only; nothing else ever returns it.
 */
export function scannerClientAdminRoutes(ctx: UseCaseContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/admin/v1/scanner-clients',
      {
        schema: {
          tags,
          security,
          summary: 'List scanner clients',
          description: 'Every registered client, never its key.',
          response: { 200: Type.Object({ data: Type.Array(ClientView) }), ...adminErrors },
        },
      },
      async () => {
        const now = ctx.clock();
        return { data: (await listScannerClients(ctx)).map((c) => present(c, now)) };
      },
    );

    app.post(
      '/admin/v1/scanner-clients',
      {
        schema: {
          tags,
          security,
          summary: 'Register a scanner client',
          description:
            'A new client id and key. The key is in this answer only. Official builds register themselves through the build manifest (`npm run build:scanner`); use this for a third-party integration.',
          body: RegisterBody,
          response: { 201: RegisteredView, ...adminErrors },
        },
      },
      async (request, reply) => {
        const { name, kind, version = null, platform = null, expiresAt } = request.body;
        const { client, key } = await registerScannerClient(ctx, {
          name,
          kind,
          version,
          platform,
          expiresAt: parseTimestamp(expiresAt) ?? null,
        });
        return reply.code(201).send({ ...present(client, ctx.clock()), key });
      },
    );

    app.post(
      '/admin/v1/scanner-clients/:id/expire',
      {
        schema: {
          tags,
          security,
          summary: 'Set when a scanner client expires',
          description:
            'From `expiresAt` on, its calls are refused `scanner_client_retired`; a past time retires it at once.',
          params: IdParams,
          body: ExpireBody,
          response: { 200: ClientView, ...adminErrors },
        },
      },
      async (request) => {
        const client = await expireScannerClient(
          ctx,
          request.params.id,
          parseTimestamp(request.body.expiresAt) ?? null,
        );
        return present(client, ctx.clock());
      },
    );

    app.delete(
      '/admin/v1/scanner-clients/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Revoke a scanner client',
          description:
            'At once: its next call is refused, a scan under way included. The row is kept for the scans it made.',
          params: IdParams,
          response: { ...NoContent, ...adminErrors },
        },
      },
      async (request, reply) => {
        await revokeScannerClient(ctx, request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/admin/v1/scanner-clients/retire-previous',
      {
        schema: {
          tags,
          security,
          summary: 'Retire the official builds before a new one',
          description:
            'Every official client registered before `clientId` expires `graceDays` from now (one already expiring sooner keeps its date).',
          body: RetireBody,
          response: {
            200: Type.Object({ expiresAt: Timestamp, retired: Type.Array(ClientView) }),
            ...adminErrors,
          },
        },
      },
      async (request) => {
        const { expiresAt, retired } = await retirePreviousClients(
          ctx,
          request.body.clientId,
          request.body.graceDays,
        );
        const now = ctx.clock();
        return { expiresAt: iso(expiresAt), retired: retired.map((c) => present(c, now)) };
      },
    );

    app.post(
      '/admin/v1/scanner-clients/import',
      {
        schema: {
          tags,
          security,
          summary: 'Import a build manifest',
          description:
            'Registers, as `official`, each build of the manifest whose client id is not known yet; known ones are left as they are. The server also reads the manifest in SCANNER_DOWNLOADS_DIR at start.',
          body: ManifestBody,
          response: {
            200: Type.Object({ registered: Type.Integer(), known: Type.Integer() }),
            ...adminErrors,
          },
        },
      },
      async (request) => importManifestDocument(ctx, request.body),
    );
  };
}
