import type { Selectable } from 'kysely';
import type { LinkedRule } from '../../domain/rule-pack.js';
import type { Db } from '../database.js';
import type { RulePacksTable, RulePublishersTable } from '../schema.js';
import type { RulesRepository } from './rules.js';

export interface RulePublisher {
  id: number;
  name: string;
  keyId: string;
  /** The Ed25519 public key's 32 raw bytes, hex: public, shown to the operator who trusted it. */
  publicKey: string;
  createdAt: number;
}

export interface StoredRulePack {
  id: number;
  publisher: { name: string; keyId: string };
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
  publisher: { name: string; keyId: string };
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

function toPack(row: Selectable<RulePacksTable> & { rules: number | string | bigint }): StoredRulePack {
  return {
    id: Number(row.id),
    publisher: { name: row.publisher_name, keyId: row.publisher_key_id },
    name: row.name,
    version: Number(row.version),
    rulesDigest: row.rules_digest,
    rules: Number(row.rules),
    importedAt: Number(row.imported_at),
    updatedAt: Number(row.updated_at),
  };
}

/** Trusted publishers, imported packs and which rules came from them (docs/rules.md, "Rule packs"). */
export function rulePacksRepository(db: Db, rules: () => RulesRepository) {
  const packs = () =>
    db
      .selectFrom('rule_packs')
      .selectAll('rule_packs')
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
        .select([
          'l.rule_id as rule_id',
          'p.id as pack_id',
          'p.name as name',
          'p.publisher_name as publisher_name',
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

    /** The rules linked to a pack now, each with its identity in the pack. */
    async linkedRules(packId: number): Promise<LinkedRule[]> {
      const links = await db
        .selectFrom('rule_pack_rules')
        .select(['rule_key', 'rule_id'])
        .where('pack_id', '=', packId)
        .orderBy('rule_id')
        .execute();
      const out: LinkedRule[] = [];
      for (const link of links) {
        const rule = await rules().find(Number(link.rule_id));
        if (rule !== undefined) out.push({ key: link.rule_key, rule });
      }
      return out;
    },

    /**
     * The oldest rule matching exactly what `rule` matches that no pack holds: a rule a pack takes over
     * instead of adding a copy (a built-in rule a migration loaded, or one the operator wrote).
     */
    async unlinkedMatching(rule: {
      kind: string;
      match: string;
      pattern: string;
    }): Promise<number | undefined> {
      const row = await db
        .selectFrom('scan_rules')
        .select('id')
        .where('kind', '=', rule.kind)
        .where('match', '=', rule.match)
        .where('pattern', '=', rule.pattern)
        .where('id', 'not in', db.selectFrom('rule_pack_rules').select('rule_id'))
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      return row === undefined ? undefined : Number(row.id);
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
