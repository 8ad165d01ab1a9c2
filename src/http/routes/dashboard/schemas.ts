import { Type } from 'typebox';
import { PIN_STATUSES } from '../../../domain/pin-lifecycle.js';
import { Nullable, problemResponses, Timestamp } from '../../schemas/common.js';
import { GameTypeSchema, PinStatusResponse } from '../pins/schemas.js';

export const tags = ['Dashboard'];
export const security = [{ sessionCookie: [] }];
export const sessionErrors = problemResponses(401, 403, 429);

export const Me = Type.Object({
  accountId: Type.Integer(),
  name: Type.String(),
  discordId: Nullable(Type.String()),
  sessionExpiresAt: Timestamp,
});

export const SessionListing = Type.Object({
  id: Type.Integer(),
  current: Type.Boolean(),
  createdAt: Timestamp,
  lastSeenAt: Timestamp,
  expiresAt: Timestamp,
  userAgent: Nullable(Type.String()),
});

export const SessionIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

export const PinListQuery = Type.Object(
  {
    status: Type.Optional(Type.Enum(PIN_STATUSES)),
    type: Type.Optional(GameTypeSchema),
    verdict: Type.Optional(Type.Enum(['legit', 'cheating', 'suspicious'])),
    search: Type.Optional(Type.String({ maxLength: 50, description: 'Part of the code or the name.' })),
    before: Type.Optional(Type.Integer({ minimum: 1, description: '`nextBefore` of the previous page.' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 25 })),
  },
  { additionalProperties: false },
);

export const ListedPin = Type.Object({
  ...PinStatusResponse.properties,
  private: Type.Boolean(),
  creator: Type.String({ description: "The creating account's name." }),
  mine: Type.Boolean(),
});

export const PinList = Type.Object({
  data: Type.Array(ListedPin),
  nextBefore: Nullable(Type.Integer()),
});
