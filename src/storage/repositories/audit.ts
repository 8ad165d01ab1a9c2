import type { Selectable } from 'kysely';
import type {
  AuditAction,
  AuditActor,
  AuditDetail,
  AuditEntry,
  AuditFilter,
  AuditOutcome,
  AuditPageRequest,
  AuditResourceType,
} from '../../domain/audit.js';
import type { Db } from '../database.js';
import type { AuditEventsTable } from '../schema.js';

export type NewAuditEntry = Omit<AuditEntry, 'id'>;

function actorOf(row: Selectable<AuditEventsTable>): AuditActor {
  if (row.actor_kind === 'key') {
    return { kind: 'key', accountId: row.actor_account_id ?? 0, keyId: row.actor_key_id ?? 0 };
  }
  if (row.actor_kind === 'session') {
    return { kind: 'session', accountId: row.actor_account_id ?? 0, sessionId: row.actor_session_id ?? 0 };
  }
  if (row.actor_kind === 'sign_in') return { kind: 'sign_in', accountId: row.actor_account_id ?? 0 };
  if (row.actor_kind === 'discord') {
    return {
      kind: 'discord',
      accountId: row.actor_account_id ?? 0,
      discordUserId: row.actor_discord_user_id ?? '',
    };
  }
  return { kind: 'operator' };
}

function entryOf(row: Selectable<AuditEventsTable>): AuditEntry {
  return {
    id: row.id,
    at: row.at,
    actor: actorOf(row),
    action: row.action as AuditAction,
    resource: { type: row.resource_type as AuditResourceType, id: row.resource_id },
    enterpriseId: row.enterprise_id,
    outcome: row.outcome as AuditOutcome,
    code: row.code,
    detail: JSON.parse(row.detail) as AuditDetail,
  };
}

/** The audit trail: insert and read only; the table refuses updates and deletes (0012-audit). */
export function auditRepository(db: Db) {
  return {
    async append(entry: NewAuditEntry): Promise<void> {
      const { actor } = entry;
      await db
        .insertInto('audit_events')
        .values({
          at: entry.at,
          actor_kind: actor.kind,
          actor_account_id: actor.kind === 'operator' ? null : actor.accountId,
          actor_key_id: actor.kind === 'key' ? actor.keyId : null,
          actor_session_id: actor.kind === 'session' ? actor.sessionId : null,
          actor_discord_user_id: actor.kind === 'discord' ? actor.discordUserId : null,
          action: entry.action,
          resource_type: entry.resource.type,
          resource_id: entry.resource.id,
          enterprise_id: entry.enterpriseId,
          outcome: entry.outcome,
          code: entry.code,
          detail: JSON.stringify(entry.detail),
        })
        .execute();
    },

    /** Newest first; one more row than asked tells whether another page follows. */
    async list(
      filter: AuditFilter,
      page: AuditPageRequest,
    ): Promise<{ entries: AuditEntry[]; nextBefore: number | null }> {
      let q = db.selectFrom('audit_events').selectAll();
      if (filter.actorKind !== undefined) q = q.where('actor_kind', '=', filter.actorKind);
      if (filter.actorAccountId !== undefined) q = q.where('actor_account_id', '=', filter.actorAccountId);
      if (filter.action !== undefined) q = q.where('action', '=', filter.action);
      if (filter.resourceType !== undefined) q = q.where('resource_type', '=', filter.resourceType);
      if (filter.resourceId !== undefined) q = q.where('resource_id', '=', filter.resourceId);
      if (filter.enterpriseId !== undefined) q = q.where('enterprise_id', '=', filter.enterpriseId);
      if (filter.outcome !== undefined) q = q.where('outcome', '=', filter.outcome);
      if (filter.since !== undefined) q = q.where('at', '>=', filter.since);
      if (filter.until !== undefined) q = q.where('at', '<', filter.until);
      if (page.before !== undefined) q = q.where('id', '<', page.before);
      const rows = await q
        .orderBy('id', 'desc')
        .limit(page.limit + 1)
        .execute();
      const more = rows.length > page.limit;
      const entries = rows.slice(0, page.limit).map(entryOf);
      return { entries, nextBefore: more ? (entries.at(-1)?.id ?? null) : null };
    },
  };
}

export type AuditRepository = ReturnType<typeof auditRepository>;
