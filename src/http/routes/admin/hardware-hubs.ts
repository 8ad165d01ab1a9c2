import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { UseCaseContext } from '../../../application/context.js';
import { listHardwareHubs } from '../../../application/players/hardware-hubs.js';
import { iso } from '../../../domain/time.js';
import { Timestamp } from '../../schemas/common.js';
import { adminErrors } from './schemas.js';

const HubsQuery = Type.Object(
  {
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 1000,
        default: 100,
        description: 'At most this many hubs (1 to 1000).',
      }),
    ),
  },
  { additionalProperties: false },
);

const Hub = Type.Object({
  id: Type.Integer({ description: 'The profile’s numeric id, as `sharedHwidIds` and exports name it.' }),
  accounts: Type.Integer({ description: 'Distinct Discord accounts the hardware ID was reported with.' }),
  scans: Type.Integer({ description: 'Finished scans that reported it.' }),
  firstSeenAt: Timestamp,
  hubSince: Timestamp,
});

const HubsPage = Type.Object({
  data: Type.Array(Hub),
  total: Type.Integer({ description: 'Hubs in all; `data` lists the ones with the most accounts first.' }),
});

/** Hardware IDs shared by many machines (docs/risk-score.md, "Placeholders and hubs"). */
export function hardwareHubRoutes(ctx: UseCaseContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/admin/v1/hwid-hubs',
      {
        schema: {
          tags: ['Operator'],
          security: [{ adminToken: [] }],
          summary: 'List hardware IDs that stopped linking accounts',
          description:
            'A hardware ID reported with more distinct Discord accounts than `HWID_HUB_THRESHOLD` (20 by default) is shared by many machines, not one: it links nobody, raises nobody’s risk and brings no related accounts. Listed by counts only, the most accounts first; never the value or its hash.',
          querystring: HubsQuery,
          response: { 200: HubsPage, ...adminErrors },
        },
      },
      async (request) => {
        const { hubs, total } = await listHardwareHubs(ctx, request.query.limit ?? 100);
        return {
          total,
          data: hubs.map((h) => ({ ...h, firstSeenAt: iso(h.firstSeenAt), hubSince: iso(h.hubSince) })),
        };
      },
    );
  };
}
