import type { Selectable } from 'kysely';
import type { SourceStatus } from '../../domain/rule-pack-source.js';
import type { Db } from '../database.js';
import type { Dialect } from '../migrations/index.js';
import type { RulePackSourcesTable } from '../schema.js';

/** A subscribed pack URL and what its last check found (docs/rules.md, "Subscribing to a pack URL"). */
export interface RulePackSource {
  id: number;
  url: string;
  createdAt: number;
  nextCheckAt: number;
  lastCheckedAt: number | null;
  /** Null until its first check ends. */
  lastStatus: SourceStatus | null;
  lastHttpStatus: number | null;
  /** Why the last check failed, in words; null unless it failed. */
  lastError: string | null;
  lastImportedAt: number | null;
  /** The pack the URL last served that verified, and the version of it this server holds now. */
  pack: {
    keyId: string;
    name: string;
    publisherName: string | null;
    servedVersion: number;
    heldVersion: number | null;
  } | null;
}

/** What a check needs of the source it claimed. */
export interface ClaimedSource {
  id: number;
  /**
   * The claim: its `claimed_until`. A source is claimed again only once this has passed, and always
   * until a later time, so the value names this claim and no other; the check's result is written
   * only while the row still holds it.
   */
  claimedUntil: number;
  url: string;
  etag: string | null;
  lastModified: string | null;
  bodyDigest: string | null;
}

/** What one check found, written when it ends (and the claim let go). */
export interface SourceCheck {
  at: number;
  nextCheckAt: number;
  status: SourceStatus;
  httpStatus: number | null;
  error: string | null;
  /** The validators and digest to send and compare next time; null clears them (after a failure). */
  etag: string | null;
  lastModified: string | null;
  bodyDigest: string | null;
  /** Set when the URL served a pack that verified; undefined keeps what was recorded before. */
  pack?: { keyId: string; name: string; version: number };
  imported: boolean;
}

type Row = Selectable<RulePackSourcesTable> & {
  publisher_name: string | null;
  held_version: number | string | null;
};

const num = (v: number | string | bigint | null): number | null => (v === null ? null : Number(v));

function toSource(row: Row): RulePackSource {
  return {
    id: Number(row.id),
    url: row.url,
    createdAt: Number(row.created_at),
    nextCheckAt: Number(row.next_check_at),
    lastCheckedAt: num(row.last_checked_at),
    lastStatus: row.last_status as SourceStatus | null,
    lastHttpStatus: num(row.last_http_status),
    lastError: row.last_error,
    lastImportedAt: num(row.last_imported_at),
    pack:
      row.pack_key_id === null || row.pack_name === null || row.served_version === null
        ? null
        : {
            keyId: row.pack_key_id,
            name: row.pack_name,
            publisherName: row.publisher_name,
            servedVersion: Number(row.served_version),
            heldVersion: num(row.held_version),
          },
  };
}

function toClaimed(row: Selectable<RulePackSourcesTable>): ClaimedSource {
  return {
    id: Number(row.id),
    claimedUntil: Number(row.claimed_until),
    url: row.url,
    etag: row.etag,
    lastModified: row.last_modified,
    bodyDigest: row.body_digest,
  };
}

export function rulePackSourcesRepository(db: Db, dialect: Dialect) {
  const withPack = () =>
    db
      .selectFrom('rule_pack_sources as s')
      .leftJoin('rule_packs as p', (join) =>
        join.onRef('p.publisher_key_id', '=', 's.pack_key_id').onRef('p.name', '=', 's.pack_name'),
      )
      // The name the operator gave the key, never the one the pack gives itself (docs/rules.md).
      .leftJoin('rule_publishers as k', 'k.key_id', 's.pack_key_id')
      .selectAll('s')
      .select(['k.name as publisher_name', 'p.version as held_version']);

  return {
    async list(): Promise<RulePackSource[]> {
      const rows = await withPack().orderBy('s.id').execute();
      return rows.map(toSource);
    },

    async find(id: number): Promise<RulePackSource | undefined> {
      const row = await withPack().where('s.id', '=', id).executeTakeFirst();
      return row === undefined ? undefined : toSource(row);
    },

    async findIdByUrl(url: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('rule_pack_sources')
        .select('id')
        .where('url', '=', url)
        .executeTakeFirst();
      return row === undefined ? undefined : Number(row.id);
    },

    /** The new source's id, or undefined when the URL is already subscribed to. */
    async insert(url: string, now: number): Promise<number | undefined> {
      const row = await db
        .insertInto('rule_pack_sources')
        .values({ url, created_at: now, next_check_at: now })
        .onConflict((oc) => oc.column('url').doNothing())
        .returning('id')
        .executeTakeFirst();
      return row === undefined ? undefined : Number(row.id);
    },

    async delete(id: number): Promise<{ id: number; url: string } | undefined> {
      const row = await db
        .deleteFrom('rule_pack_sources')
        .where('id', '=', id)
        .returning(['id', 'url'])
        .executeTakeFirst();
      return row === undefined ? undefined : { id: Number(row.id), url: row.url };
    },

    /**
     * Claims up to `limit` sources due by `now` that no live claim holds, for `holdMs`: the instance
     * that claims one checks it; others skip it (PostgreSQL: SKIP LOCKED; SQLite runs one writer).
     */
    async claimDue(now: number, limit: number, holdMs: number): Promise<ClaimedSource[]> {
      const due = db
        .selectFrom('rule_pack_sources')
        .select('id')
        .where('next_check_at', '<=', now)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
        .orderBy('next_check_at')
        .limit(limit);
      const rows = await db
        .updateTable('rule_pack_sources')
        .set({ claimed_until: now + holdMs })
        .where('id', 'in', dialect === 'postgres' ? due.forUpdate().skipLocked() : due)
        .returningAll()
        .execute();
      return rows.map(toClaimed);
    },

    /** Claims one source now, due or not; undefined when it is gone or another check holds it. */
    async claim(id: number, now: number, holdMs: number): Promise<ClaimedSource | undefined> {
      const row = await db
        .updateTable('rule_pack_sources')
        .set({ claimed_until: now + holdMs })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
        .returningAll()
        .executeTakeFirst();
      return row === undefined ? undefined : toClaimed(row);
    },

    /**
     * Writes what a check found and lets the claim go, if the source still holds this check's claim:
     * a check that outlasted its claim, which another instance then took and may have finished, writes
     * nothing over the newer result. False when nothing was written (that, or the source was removed).
     */
    async recordCheck(
      claim: Pick<ClaimedSource, 'id' | 'claimedUntil'>,
      check: SourceCheck,
    ): Promise<boolean> {
      const result = await db
        .updateTable('rule_pack_sources')
        .set({
          claimed_until: null,
          next_check_at: check.nextCheckAt,
          last_checked_at: check.at,
          last_status: check.status,
          last_http_status: check.httpStatus,
          last_error: check.error,
          etag: check.etag,
          last_modified: check.lastModified,
          body_digest: check.bodyDigest,
          ...(check.imported ? { last_imported_at: check.at } : {}),
          ...(check.pack === undefined
            ? {}
            : {
                pack_key_id: check.pack.keyId,
                pack_name: check.pack.name,
                served_version: check.pack.version,
              }),
        })
        .where('id', '=', claim.id)
        .where('claimed_until', '=', claim.claimedUntil)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}

export type RulePackSourcesRepository = ReturnType<typeof rulePackSourcesRepository>;
