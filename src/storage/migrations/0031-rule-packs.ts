import type { Kysely } from 'kysely';
import { packRuleKey, rulesDigest } from '../../domain/rule-pack.js';
import type { MigrationContext } from './index.js';
import projectPublisher from './rule-packs/signed/project-publisher.json' with { type: 'json' };
import starterSigned from './rule-packs/signed/starter.json' with { type: 'json' };
import windowsSigned from './rule-packs/signed/windows.json' with { type: 'json' };
import starter1 from './rule-packs/starter-1.json' with { type: 'json' };
import windows1 from './rule-packs/windows-1.json' with { type: 'json' };
import windows2 from './rule-packs/windows-2.json' with { type: 'json' };

/**
 * Signed rule packs (docs/rules.md, "Rule packs"):
 * - rule_publishers: the keys the operator trusts to publish packs;
 * - rule_packs: the packs imported, one row per publisher key and pack name, at the version last
 *   imported, with the signed document as it was verified;
 * - rule_pack_rules: which rules came from which pack, and at which version each was added or last
 *   changed. A rule belongs to at most one pack; a rule a newer version drops loses its link.
 *
 * The project's own packs ship signed (`rule-packs/signed/`); their rules are the built-in ones the
 * earlier migrations loaded, so the project's key is trusted and those rules are linked to its packs
 * here, and the project's next pack version updates them in place instead of adding copies. What is
 * recorded is frozen to what those migrations loaded (starter version 1, windows version 2), whatever
 * later versions the signed files hold by the time this runs; the signed document is kept only when
 * it is that version.
 */
interface SignedPack {
  publisher: { name: string; keyId: string };
  name: string;
  version: number;
  rules: Array<{
    name: string;
    kind: string;
    pattern: string;
    match: string;
    severity: string;
    games: string[];
    source: string;
  }>;
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
          name: projectPublisher.name,
          key_id: projectPublisher.keyId,
          public_key: projectPublisher.publicKey,
          created_at: now,
        })
        .execute();
      const stored = await anyDb
        .selectFrom('scan_rules')
        .select(['id', 'kind', 'match', 'pattern'])
        .orderBy('id')
        .execute();
      const linked = new Set<number>();
      const frozen = [
        { name: 'starter', version: 1, rules: starter1.rules, signed: starterSigned as SignedPack },
        {
          name: 'windows',
          version: 2,
          rules: [...windows1.rules, ...windows2.rules],
          signed: windowsSigned as SignedPack,
        },
      ];
      for (const built of frozen) {
        const pack: SignedPack = {
          publisher: { name: projectPublisher.name, keyId: projectPublisher.keyId },
          name: built.name,
          version: built.version,
          rules: built.rules,
        };
        const digest = rulesDigest(pack.rules as Parameters<typeof rulesDigest>[0]);
        const signedThen =
          built.signed.version === built.version &&
          rulesDigest(built.signed.rules as Parameters<typeof rulesDigest>[0]) === digest;
        const row = await anyDb
          .insertInto('rule_packs')
          .values({
            publisher_key_id: pack.publisher.keyId,
            publisher_name: pack.publisher.name,
            name: pack.name,
            version: pack.version,
            rules_digest: digest,
            document: JSON.stringify(signedThen ? built.signed : pack),
            imported_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const links = [];
        for (const rule of pack.rules) {
          const key = packRuleKey(rule as Parameters<typeof packRuleKey>[0]);
          // The first built-in rule still matching what the pack's rule matches (an operator may have
          // changed one since; that one stays the operator's own).
          const match = stored.find((s) => !linked.has(Number(s.id)) && packRuleKey(s) === key);
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
