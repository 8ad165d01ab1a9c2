import { Type } from 'typebox';
import { PIN_STATUSES } from '../../../domain/pin-lifecycle.js';
import { Nullable, problemResponses, Timestamp, TimestampInput } from '../../schemas/common.js';
import { GameTypeSchema, PinStatusResponse } from '../pins/schemas.js';

export const tags = ['Dashboard'];
export const security = [{ sessionCookie: [] }];
export const sessionErrors = problemResponses(401, 403, 429);

export const Me = Type.Object({
  accountId: Type.Integer(),
  name: Type.String(),
  discordId: Nullable(Type.String()),
  sessionExpiresAt: Timestamp,
  ownsEnterprise: Type.Boolean({
    description: 'Owns an active Enterprise, so may create PINs and keys with pins:create.',
  }),
});

export const SessionListing = Type.Object({
  id: Type.Integer(),
  current: Type.Boolean(),
  createdAt: Timestamp,
  lastSeenAt: Timestamp,
  expiresAt: Timestamp,
  userAgent: Nullable(Type.String()),
});

/**
 * A row id in a path or query. Ids are 32-bit on PostgreSQL, so a larger one is refused as bad input
 * rather than failing the query.
 */
const ROW_ID_RANGE = { minimum: 1, maximum: 2_147_483_647 };
export const RowId = Type.Integer(ROW_ID_RANGE);

export const SessionIdParams = Type.Object({ id: RowId });

export const PinListQuery = Type.Object(
  {
    status: Type.Optional(Type.Enum(PIN_STATUSES)),
    type: Type.Optional(GameTypeSchema),
    verdict: Type.Optional(Type.Enum(['legit', 'cheating', 'suspicious'])),
    // PostgreSQL text cannot hold U+0000: refused here, as bodies are (http/plugins/validation.ts).
    search: Type.Optional(
      Type.String({ maxLength: 50, pattern: '^[^\\u0000]*$', description: 'Part of the code or the name.' }),
    ),
    createdFrom: Type.Optional(TimestampInput('Only PINs created at or after this instant.')),
    createdTo: Type.Optional(TimestampInput('Only PINs created before this instant.')),
    enterpriseId: Type.Optional(
      Type.Integer({ ...ROW_ID_RANGE, description: 'Only PINs of this Enterprise.' }),
    ),
    before: Type.Optional(
      Type.Integer({ ...ROW_ID_RANGE, description: '`nextBefore` of the previous page.' }),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 25 })),
  },
  { additionalProperties: false },
);

export const ListedPin = Type.Object({
  ...PinStatusResponse.properties,
  private: Type.Boolean(),
  creator: Type.String({ description: "The creating account's name." }),
  mine: Type.Boolean(),
  expiresAt: Timestamp,
  enterprise: Type.String({ description: 'Name of the Enterprise the PIN was created under.' }),
  enterpriseId: Type.Integer({
    description:
      'The Enterprise the PIN was created under: what you may do with the PIN is its `allowedActions` in GET /app/api/enterprises.',
  }),
});

export const PinList = Type.Object({
  data: Type.Array(ListedPin),
  nextBefore: Nullable(Type.Integer()),
});
