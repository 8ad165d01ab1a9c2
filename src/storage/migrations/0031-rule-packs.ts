import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import type { Kysely } from 'kysely';
import type { MigrationContext } from './index.js';
import starter1 from './rule-packs/starter-1.json' with { type: 'json' };
import windows1 from './rule-packs/windows-1.json' with { type: 'json' };
import windows2 from './rule-packs/windows-2.json' with { type: 'json' };

/**
 * Signed rule packs (docs/rules.md, "Rule packs"):
 * - rule_publishers: the keys the operator trusts to publish packs;
 * - rule_packs: the packs imported, one row per publisher key and pack name, at the version last
 *   imported, with the document as it was verified (an update compares the next version with it);
 * - rule_pack_rules: which rules came from which pack, and at which version each was added or last
 *   changed. A rule belongs to at most one pack; a rule a newer version drops loses its link.
 *
 * The project's own packs ship signed (`rule-packs/signed/`); their rules are the built-in ones the
 * earlier migrations loaded, so the project's key is trusted and those rules are linked to its packs
 * here, and the project's next pack version updates them in place instead of adding copies. What is
 * recorded is frozen to what those migrations loaded (starter version 1, windows version 2), and
 * everything it depends on is written here as it was when this migration was made: the project's key
 * (the signed files and `project-publisher.json` change when the key rotates), the rule key and the
 * rules digest (domain/rule-pack.ts's `packRuleKey` and `rulesDigest` at the time). The document
 * recorded is the unsigned pack: nothing later reads a signature from it.
 */
const PROJECT_PUBLISHER = {
  name: 'scanpin',
  keyId: 'b8bd2fccedcf49f6e0e0d213d292d825',
  publicKey: 'a3a025cf1c4a6ec2783e0aaf6ae9f70ad2cff0b038dbbef5df7473376d5d6c50',
} as const;
const PACK_FORMAT = 'scanpin-rule-pack/1';

interface PackRule {
  name: string;
  kind: string;
  pattern: string;
  match: string;
  severity: string;
  games: string[];
  source: string;
}

/** A rule's identity in its pack, as `packRuleKey` wrote it when this migration was made. */
function ruleKey(rule: Pick<PackRule, 'kind' | 'match' | 'pattern'>): string {
  return JSON.stringify([rule.kind, rule.match, rule.pattern]);
}

/** The rules' digest, as `rulesDigest` computed it when this migration was made. */
function digestOf(rules: readonly PackRule[]): string {
  const sorted = rules
    .map((r) => ({ ...r, games: [...r.games].sort() }))
    .sort((a, b) => (ruleKey(a) < ruleKey(b) ? -1 : ruleKey(a) > ruleKey(b) ? 1 : 0));
  return createHash('sha256')
    .update(canonicalize(sorted) ?? '')
    .digest('hex');
}

export function rulePacks({ idColumn }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('rule_publishers')
        .addColumn('id', idColumn, (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('key_id', 'text', (c) => c.notNull().unique())
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('rule_packs')
        .addColumn('id', idColumn, (c) => c.primaryKey())
        .addColumn('publisher_key_id', 'text', (c) => c.notNull())
        .addColumn('publisher_name', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('rules_digest', 'text', (c) => c.notNull())
        .addColumn('document', 'text', (c) => c.notNull())
        .addColumn('imported_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('rule_packs_publisher_name_key', ['publisher_key_id', 'name'])
        .execute();
      await db.schema
        .createTable('rule_pack_rules')
        .addColumn('pack_id', 'integer', (c) => c.notNull().references('rule_packs.id').onDelete('cascade'))
        .addColumn('rule_key', 'text', (c) => c.notNull())
        .addColumn('rule_id', 'integer', (c) => c.notNull().unique().references('scan_rules.id'))
        .addColumn('added_version', 'integer', (c) => c.notNull())
        .addColumn('changed_version', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('rule_pack_rules_pk', ['pack_id', 'rule_key'])
        .execute();

      // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
      const anyDb = db as Kysely<any>;
      const now = Date.now();
      await anyDb
        .insertInto('rule_publishers')
        .values({
          name: PROJECT_PUBLISHER.name,
          key_id: PROJECT_PUBLISHER.keyId,
          public_key: PROJECT_PUBLISHER.publicKey,
          created_at: now,
        })
        .execute();
      const stored = await anyDb
        .selectFrom('scan_rules')
        .select(['id', 'kind', 'match', 'pattern', 'source'])
        .orderBy('id')
        .execute();
      const linked = new Set<number>();
      const frozen: Array<{ name: string; version: number; rules: PackRule[] }> = [
        { name: 'starter', version: 1, rules: starter1.rules },
        { name: 'windows', version: 2, rules: [...windows1.rules, ...windows2.rules] },
      ];
      for (const built of frozen) {
        const pack = {
          format: PACK_FORMAT,
          publisher: { name: PROJECT_PUBLISHER.name, keyId: PROJECT_PUBLISHER.keyId },
          name: built.name,
          version: built.version,
          rules: built.rules,
        };
        const row = await anyDb
          .insertInto('rule_packs')
          .values({
            publisher_key_id: pack.publisher.keyId,
            publisher_name: pack.publisher.name,
            name: pack.name,
            version: pack.version,
            rules_digest: digestOf(pack.rules),
            document: JSON.stringify(pack),
            imported_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const links = [];
        for (const rule of pack.rules) {
          const key = ruleKey(rule);
          // The first built-in rule still matching what the pack's rule matches and citing its source
          // (an operator may have changed one since, or written one alike: that one stays theirs).
          const match = stored.find(
            (s) => !linked.has(Number(s.id)) && ruleKey(s) === key && s.source === rule.source,
          );
          if (match === undefined) continue;
          linked.add(Number(match.id));
          links.push({
            pack_id: Number(row.id),
            rule_key: key,
            rule_id: Number(match.id),
            added_version: pack.version,
            changed_version: pack.version,
          });
        }
        if (links.length > 0) await anyDb.insertInto('rule_pack_rules').values(links).execute();
      }
    },
  };
}
