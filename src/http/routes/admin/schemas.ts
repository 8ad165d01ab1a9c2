import { Type } from 'typebox';
import { DISCORD_ID_PATTERN } from '../../../domain/discord-id.js';
import { PERMISSIONS } from '../../../domain/permissions.js';
import { Nullable, problemResponses, Timestamp, TimestampInput } from '../../schemas/common.js';

const Name = Type.String({ minLength: 1, maxLength: 100 });
/** Row IDs are 32-bit in PostgreSQL; a larger one is refused as invalid rather than failing the query. */
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

export const IdParams = Type.Object({ id: Id });
export const MemberParams = Type.Object({ id: Id, accountId: Id });

export const AccountView = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  discordId: Nullable(Type.String()),
  licenceExpiresAt: Nullable(Timestamp),
  banned: Type.Boolean(),
});

export const CreateAccountBody = Type.Object(
  {
    name: Name,
    discordId: Type.Optional(Nullable(Type.String({ pattern: DISCORD_ID_PATTERN }))),
    licenceExpiresAt: Type.Optional(Nullable(TimestampInput())),
  },
  { additionalProperties: false },
);

export const UpdateAccountBody = Type.Object(
  {
    name: Type.Optional(Name),
    banned: Type.Optional(Type.Boolean()),
    licenceExpiresAt: Type.Optional(Nullable(TimestampInput())),
  },
  { additionalProperties: false },
);

export const EnterpriseView = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  ownerAccountId: Type.Integer(),
  active: Type.Boolean(),
  reportsShared: Type.Boolean({
    description:
      'false: the Enterprise\'s reports from now on count only inside it, proven or not (docs/risk-score.md, "Whose scan it is").',
  }),
});

export const CreateEnterpriseBody = Type.Object(
  { name: Name, ownerAccountId: Id },
  { additionalProperties: false },
);

export const UpdateEnterpriseBody = Type.Object(
  {
    name: Type.Optional(Name),
    active: Type.Optional(Type.Boolean()),
    reportsShared: Type.Optional(
      Type.Boolean({
        description:
          'false keeps the reports of its scans finished from now on inside the Enterprise (new or abusive customers).',
      }),
    ),
  },
  { additionalProperties: false },
);

export const AddMemberBody = Type.Object({ accountId: Id }, { additionalProperties: false });
export const Membership = Type.Object({ enterpriseId: Type.Integer(), accountId: Type.Integer() });

const PermissionSchema = Type.Enum(PERMISSIONS);

export const CreateKeyBody = Type.Object(
  {
    name: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
    permissions: Type.Array(PermissionSchema, { minItems: 1, uniqueItems: true }),
    rateLimitPerHour: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 1_000_000 }))),
  },
  { additionalProperties: false },
);

export const CreatedKey = Type.Object({
  id: Type.Integer(),
  key: Type.String({ description: 'The raw key. Shown this once; store it now.' }),
  prefix: Type.String(),
  permissions: Type.Array(Type.String()),
});

export const KeyListing = Type.Array(
  Type.Object({
    id: Type.Integer(),
    prefix: Type.String(),
    name: Nullable(Type.String()),
    permissions: Type.Array(Type.String()),
    createdAt: Timestamp,
    lastUsedAt: Nullable(Timestamp),
    revoked: Type.Boolean(),
  }),
);

export const KeywordsBody = Type.Object(
  { keywords: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 500 }) },
  { additionalProperties: false },
);

export const Keywords = Type.Object({ accountId: Type.Integer(), keywords: Type.Array(Type.String()) });

export const adminErrors = problemResponses(400, 401, 403, 404, 409, 413);

/**
 * A rule pack's publisher as the operator knows it (docs/rules.md, "The pack format"): the name the
 * operator gave the key when trusting it, not the name a pack gives itself.
 */
export const PackPublisherView = Type.Object({
  name: Nullable(
    Type.String({
      description:
        'The name the operator gave the publisher’s key when trusting it; null once the key is no longer trusted. A pack’s own `publisher.name` is never shown: anyone can write any name into a pack.',
    }),
  ),
  keyId: Type.String({ description: 'The fingerprint of the publisher’s key.' }),
});
