import type { Selectable } from 'kysely';
import type { LinkedRule } from '../../domain/rule-pack.js';
import type { Db } from '../database.js';
import type { RulePacksTable, RulePublishersTable } from '../schema.js';
import { toRule } from './rules.js';

export interface RulePublisher {
  id: number;
  name: string;
  keyId: string;
  /** The Ed25519 public key's 32 raw bytes, hex: public, shown to the operator who trusted it. */
  publicKey: string;
  createdAt: number;
}

/**
 * A pack's publisher as the operator knows it: the name the operator gave the key when trusting it
 * (null once the key is no longer trusted), never the name the pack gives itself, which anyone
 * signing a pack can choose (docs/rules.md, "The pack format").
 */
export interface PackPublisher {
  name: string | null;
  keyId: string;
}

export interface StoredRulePack {
  id: number;
  publisher: PackPublisher;
  name: string;
  version: number;
  rulesDigest: string;
  /** How many rules are linked to it now. */
  rules: number;
  importedAt: number;
  updatedAt: number;
}

/** The pack a rule came from, and at which of its versions it was added and last changed. */
export interface RuleOrigin {
  packId: number;
  name: string;
  publisher: PackPublisher;
  addedVersion: number;
  changedVersion: number;
}

function toPublisher(row: Selectable<RulePublishersTable>): RulePublisher {
  return {
    id: Number(row.id),
    name: row.name,
    keyId: row.key_id,
    publicKey: row.public_key,
    createdAt: Number(row.created_at),
  };
}

function toPack(
  row: Selectable<RulePacksTable> & { rules: number | string | bigint; trusted_name: string | null },
): StoredRulePack {
  return {
    id: Number(row.id),
    publisher: { name: row.trusted_name, keyId: row.publisher_key_id },
    name: row.name,
    version: Number(row.version),
    rulesDigest: row.rules_digest,
    rules: Number(row.rules),
    importedAt: Number(row.imported_at),
    updatedAt: Number(row.updated_at),
  };
}

/** Trusted publishers, imported packs and which rules came from them (docs/rules.md, "Rule packs"). */
export function rulePacksRepository(db: Db) {
  const packs = () =>
    db
      .selectFrom('rule_packs')
      .leftJoin('rule_publishers', 'rule_publishers.key_id', 'rule_packs.publisher_key_id')
      .selectAll('rule_packs')
      .select('rule_publishers.name as trusted_name')
      .select((eb) =>
        eb
          .selectFrom('rule_pack_rules')
          .select((e) => e.fn.countAll().as('n'))
          .whereRef('rule_pack_rules.pack_id', '=', 'rule_packs.id')
          .as('rules'),
      );
  return {
    async listPublishers(): Promise<RulePublisher[]> {
      const rows = await db.selectFrom('rule_publishers').selectAll().orderBy('id').execute();
      return rows.map(toPublisher);
    },

    async findPublisherByKeyId(keyId: string): Promise<RulePublisher | undefined> {
      const row = await db
        .selectFrom('rule_publishers')
        .selectAll()
        .where('key_id', '=', keyId)
        .executeTakeFirst();
      return row === undefined ? undefined : toPublisher(row);
    },

    async insertPublisher(
      publisher: { name: string; keyId: string; publicKey: string },
      now: number,
    ): Promise<RulePublisher> {
      const row = await db
        .insertInto('rule_publishers')
        .values({
          name: publisher.name,
          key_id: publisher.keyId,
          public_key: publisher.publicKey,
          created_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toPublisher(row);
    },

    async deletePublisher(id: number): Promise<RulePublisher | undefined> {
      const row = await db
        .deleteFrom('rule_publishers')
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row === undefined ? undefined : toPublisher(row);
    },

    async listPacks(): Promise<StoredRulePack[]> {
      const rows = await packs().orderBy('rule_packs.id').execute();
      return rows.map((r) => toPack({ ...r, rules: r.rules ?? 0 }));
    },

    async findPack(publisherKeyId: string, name: string): Promise<StoredRulePack | undefined> {
      const row = await packs()
        .where('rule_packs.publisher_key_id', '=', publisherKeyId)
        .where('rule_packs.name', '=', name)
        .executeTakeFirst();
      return row === undefined ? undefined : toPack({ ...row, rules: row.rules ?? 0 });
    },

    /** Where rules came from: per rule id linked to a pack, the pack and the versions (all, or `ruleIds`). */
    async origins(ruleIds?: readonly number[]): Promise<Map<number, RuleOrigin>> {
      if (ruleIds !== undefined && ruleIds.length === 0) return new Map();
      let query = db
        .selectFrom('rule_pack_rules as l')
        .innerJoin('rule_packs as p', 'p.id', 'l.pack_id')
        .leftJoin('rule_publishers as k', 'k.key_id', 'p.publisher_key_id')
        .select([
          'l.rule_id as rule_id',
          'p.id as pack_id',
          'p.name as name',
          'k.name as publisher_name',
          'p.publisher_key_id as publisher_key_id',
          'l.added_version as added_version',
          'l.changed_version as changed_version',
        ]);
      if (ruleIds !== undefined) query = query.where('l.rule_id', 'in', [...ruleIds]);
      const rows = await query.execute();
      return new Map(
        rows.map((r) => [
          Number(r.rule_id),
          {
            packId: Number(r.pack_id),
            name: r.name,
            publisher: { name: r.publisher_name, keyId: r.publisher_key_id },
            addedVersion: Number(r.added_version),
            changedVersion: Number(r.changed_version),
          },
        ]),
      );
    },

    /** The rules linked to a pack now, each with its identity in the pack (one query). */
    async linkedRules(packId: number): Promise<LinkedRule[]> {
      const rows = await db
        .selectFrom('rule_pack_rules as l')
        .innerJoin('scan_rules as r', 'r.id', 'l.rule_id')
        .selectAll('r')
        .select('l.rule_key as rule_key')
        .where('l.pack_id', '=', packId)
        .orderBy('r.id')
        .execute();
      return rows.map(({ rule_key, ...rule }) => ({ key: rule_key, rule: toRule(rule) }));
    },

    /** The document the pack was last imported with (`rule_packs.document`), JSON. */
    async packDocument(packId: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('rule_packs')
        .select('document')
        .where('id', '=', packId)
        .executeTakeFirst();
      return row?.document;
    },

    /**
     * The oldest rule no pack holds that is the built-in rule `rule` describes: it matches exactly
     * what `rule` matches and cites the built-in file's source (a migration loaded it so; an
     * operator's own rule alike, or one whose source the operator changed, is not taken).
     */
    async unlinkedBuiltIn(rule: {
      kind: string;
      match: string;
      pattern: string;
      source: string;
    }): Promise<number | undefined> {
      const row = await db
        .selectFrom('scan_rules')
        .select('id')
        .where('kind', '=', rule.kind)
        .where('match', '=', rule.match)
        .where('pattern', '=', rule.pattern)
        .where('source', '=', rule.source)
        .where('id', 'not in', db.selectFrom('rule_pack_rules').select('rule_id'))
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      return row === undefined ? undefined : Number(row.id);
    },

    /**
     * Links a rule no pack held to a pack, unless another import linked it since it was read (two
     * imports at once taking over one built-in rule): false then, and nothing is written, where a
     * plain insert would break the one-pack-per-rule constraint (a 500 on PostgreSQL).
     */
    async claim(packId: number, ruleKey: string, ruleId: number, version: number): Promise<boolean> {
      const row = await db
        .insertInto('rule_pack_rules')
        .values({
          pack_id: packId,
          rule_key: ruleKey,
          rule_id: ruleId,
          added_version: version,
          changed_version: version,
        })
        .onConflict((oc) => oc.column('rule_id').doNothing())
        .returning('rule_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Unlinks a rule from its pack, whichever it is: it becomes the operator's own rule. */
    async unlinkRule(ruleId: number): Promise<boolean> {
      const result = await db.deleteFrom('rule_pack_rules').where('rule_id', '=', ruleId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /**
     * Records a pack at a version: a new row when `previousVersion` is null, else the row moved on from
     * `previousVersion`. Null when another import got there first (a row already there, or moved on
     * meanwhile): the caller refuses, and nothing of this import is kept. The conditional write is
     * what keeps two imports at once from both adding the same rules, on PostgreSQL too.
     */
    async savePack(
      pack: {
        publisherKeyId: string;
        publisherName: string;
        name: string;
        version: number;
        rulesDigest: string;
        document: string;
      },
      previousVersion: number | null,
      now: number,
    ): Promise<number | null> {
      const values = {
        publisher_name: pack.publisherName,
        version: pack.version,
        rules_digest: pack.rulesDigest,
        document: pack.document,
        updated_at: now,
      };
      if (previousVersion !== null) {
        const row = await db
          .updateTable('rule_packs')
          .set(values)
          .where('publisher_key_id', '=', pack.publisherKeyId)
          .where('name', '=', pack.name)
          .where('version', '=', previousVersion)
          .returning('id')
          .executeTakeFirst();
        return row === undefined ? null : Number(row.id);
      }
      const row = await db
        .insertInto('rule_packs')
        .values({ ...values, publisher_key_id: pack.publisherKeyId, name: pack.name, imported_at: now })
        .onConflict((oc) => oc.columns(['publisher_key_id', 'name']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row === undefined ? null : Number(row.id);
    },

    async link(packId: number, ruleKey: string, ruleId: number, version: number): Promise<void> {
      await db
        .insertInto('rule_pack_rules')
        .values({
          pack_id: packId,
          rule_key: ruleKey,
          rule_id: ruleId,
          added_version: version,
          changed_version: version,
        })
        .execute();
    },

    async markChanged(packId: number, ruleKey: string, version: number): Promise<void> {
      await db
        .updateTable('rule_pack_rules')
        .set({ changed_version: version })
        .where('pack_id', '=', packId)
        .where('rule_key', '=', ruleKey)
        .execute();
    },

    async unlink(packId: number, ruleKey: string): Promise<void> {
      await db
        .deleteFrom('rule_pack_rules')
        .where('pack_id', '=', packId)
        .where('rule_key', '=', ruleKey)
        .execute();
    },
  };
}

export type RulePacksRepository = ReturnType<typeof rulePacksRepository>;
