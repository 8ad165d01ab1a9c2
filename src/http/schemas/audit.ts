import { Type } from 'typebox';
import {
  AUDIT_ACTIONS,
  AUDIT_ACTOR_KINDS,
  AUDIT_PAGE_MAX,
  AUDIT_RESOURCE_TYPES,
  type AuditEntry,
  type AuditFilter,
} from '../../domain/audit.js';
import { iso } from '../../domain/time.js';
import { timestampOf } from '../../domain/timestamp-input.js';
import { Nullable, Timestamp, TimestampInput } from './common.js';

/** The audit trail's published shapes, shared by the operator API and the dashboard (docs/audit.md). */

const RowId = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

export const AuditEntryView = Type.Object({
  id: Type.Integer(),
  at: Timestamp,
  actor: Type.Object({
    kind: Type.Enum([...AUDIT_ACTOR_KINDS], {
      description:
        'operator: the x-admin-token (or the CLI). key: an API key. session: a signed-in person. sign_in: an account signing in with Discord (an invite accepted on the way in). discord: a staff member through the built-in Discord app, for the Enterprise of `accountId`.',
    }),
    accountId: Nullable(Type.Integer()),
    keyId: Nullable(Type.Integer()),
    sessionId: Nullable(Type.Integer()),
    discordUserId: Nullable(
      Type.String({ description: 'The staff member’s Discord user ID, when `kind` is discord.' }),
    ),
  }),
  action: Type.Enum([...AUDIT_ACTIONS]),
  resource: Type.Object({
    type: Type.Enum([...AUDIT_RESOURCE_TYPES]),
    id: Nullable(
      Type.Integer({ description: 'The row id; null when there is none to name (e.g. an erased player).' }),
    ),
  }),
  enterpriseId: Nullable(Type.Integer()),
  outcome: Type.Enum(['succeeded', 'refused']),
  code: Nullable(Type.String({ description: 'The refusal’s problem code when outcome is refused.' })),
  detail: Type.Record(
    Type.String(),
    Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null(), Type.Array(Type.String())]),
    {
      description:
        'Non-secret facts about the action; never a key, token, secret, hardware ID, IP or a player’s Discord ID.',
    },
  ),
});

export const AuditPageView = Type.Object({
  data: Type.Array(AuditEntryView),
  nextBefore: Nullable(Type.Integer({ description: 'Pass as `before` for the next, older page.' })),
});

const commonFilters = {
  actorKind: Type.Optional(Type.Enum([...AUDIT_ACTOR_KINDS])),
  actorAccountId: Type.Optional(RowId),
  action: Type.Optional(Type.Enum([...AUDIT_ACTIONS])),
  resourceType: Type.Optional(Type.Enum([...AUDIT_RESOURCE_TYPES])),
  resourceId: Type.Optional(RowId),
  outcome: Type.Optional(Type.Enum(['succeeded', 'refused'])),
  since: Type.Optional(TimestampInput('Only entries at or after this instant.')),
  until: Type.Optional(TimestampInput('Only entries before this instant.')),
  before: Type.Optional(
    Type.Integer({
      ...{ minimum: 1, maximum: 2_147_483_647 },
      description: '`nextBefore` of the previous page.',
    }),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: AUDIT_PAGE_MAX, default: 50 })),
};

export const EnterpriseAuditQuery = Type.Object(commonFilters, { additionalProperties: false });
export const AuditQuery = Type.Object(
  { ...commonFilters, enterpriseId: Type.Optional(RowId) },
  { additionalProperties: false },
);

export interface AuditQueryInput {
  actorKind?: AuditFilter['actorKind'];
  actorAccountId?: number;
  action?: AuditFilter['action'];
  resourceType?: AuditFilter['resourceType'];
  resourceId?: number;
  enterpriseId?: number;
  outcome?: AuditFilter['outcome'];
  since?: string;
  until?: string;
  before?: number;
  limit?: number;
}

/** A query string as the use case takes it: times to epoch milliseconds, the page apart. */
export function auditQueryOf(query: AuditQueryInput) {
  const { since, until, before, limit = 50, ...rest } = query;
  const filter: AuditFilter = {
    ...rest,
    ...(since === undefined ? {} : { since: timestampOf(since) }),
    ...(until === undefined ? {} : { until: timestampOf(until) }),
  };
  return { filter, page: { limit, ...(before === undefined ? {} : { before }) } };
}

export function presentAuditEntry(entry: AuditEntry) {
  const { actor } = entry;
  return {
    id: entry.id,
    at: iso(entry.at),
    actor: {
      kind: actor.kind,
      accountId: actor.kind === 'operator' ? null : actor.accountId,
      keyId: actor.kind === 'key' ? actor.keyId : null,
      sessionId: actor.kind === 'session' ? actor.sessionId : null,
      discordUserId: actor.kind === 'discord' ? actor.discordUserId : null,
    },
    action: entry.action,
    resource: entry.resource,
    enterpriseId: entry.enterpriseId,
    outcome: entry.outcome,
    code: entry.code,
    // Read-only in the domain; serialised as is.
    detail: entry.detail as Record<string, string | number | boolean | null | string[]>,
  };
}
