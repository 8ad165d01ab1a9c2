import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { UseCaseContext } from '../../../application/context.js';
import { dryRunRulePack } from '../../../application/rules/dry-run-rule-pack.js';
import type { RulePublisher, StoredRulePack } from '../../../application/rules/rule-packs.js';
import {
  distrustRulePublisher,
  importRulePack,
  listRulePacks,
  listRulePublishers,
  type PackImport,
  trustRulePublisher,
} from '../../../application/rules/rule-packs.js';
import { PUBLISHER_FIELDS } from '../../../domain/rule-pack.js';
import { SignedPackSchema } from '../../../domain/rule-pack-schema.js';
import { RULE_PACK_MAX_BYTES } from '../../../domain/rule-pack-source.js';
import { RULE_KINDS, RULE_MATCHES, RULE_SEVERITIES, type Rule } from '../../../domain/rules.js';
import { iso } from '../../../domain/time.js';
import { Nullable, Timestamp } from '../../schemas/common.js';
import { adminErrors, IdParams, PackPublisherView } from './schemas.js';

const tags = ['Operator'];
const security = [{ adminToken: [] }];
/** The largest pack the format allows fits (domain/rule-pack-source.ts; docs/rules.md, "Importing a pack"). */
const PACK_BODY_LIMIT = RULE_PACK_MAX_BYTES;

const Kind = Type.Enum([...RULE_KINDS]);
const Match = Type.Enum([...RULE_MATCHES]);
const Severity = Type.Enum([...RULE_SEVERITIES]);

const PublisherView = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  keyId: Type.String(),
  publicKey: Type.String({ description: 'The Ed25519 public key, 32 bytes in hexadecimal.' }),
  createdAt: Timestamp,
});

const PackView = Type.Object({
  id: Type.Integer(),
  publisher: PackPublisherView,
  name: Type.String(),
  version: Type.Integer(),
  rules: Type.Integer({ description: 'Rules linked to the pack now.' }),
  importedAt: Timestamp,
  updatedAt: Timestamp,
});

const RuleRef = Type.Object({
  id: Nullable(Type.Integer({ description: 'The stored rule; null on a dry run for a rule not added yet.' })),
  name: Type.String(),
  kind: Kind,
  match: Match,
  pattern: Type.String(),
  severity: Severity,
  games: Type.Array(Type.String()),
  source: Nullable(Type.String()),
});

const PUBLISHER_FIELDS_DESCRIPTION =
  'The fields the publisher changed since the version imported before (or, for a built-in rule, since its built-in file): only those were written; the others stay as the operator left them.';

const ImportAnswer = Type.Object({
  outcome: Type.Enum(['created', 'updated', 'unchanged', 'dry-run'], {
    description:
      '`created` (201): the pack is new here. `updated`: a newer version replaced the older one. `unchanged`: the same version with the same rules again. `dry-run`: nothing was written.',
  }),
  pack: Type.Object({
    publisher: PackPublisherView,
    name: Type.String(),
    version: Type.Integer(),
    previousVersion: Nullable(Type.Integer({ description: 'The version imported before, if any.' })),
  }),
  changes: Type.Object({
    added: Type.Array(RuleRef),
    changed: Type.Array(
      Type.Object(
        {
          before: RuleRef,
          after: RuleRef,
          fields: Type.Array(Type.Enum([...PUBLISHER_FIELDS]), { description: PUBLISHER_FIELDS_DESCRIPTION }),
        },
        {
          description: 'Same id; `enabled` and every field the publisher did not change stay the operator’s.',
        },
      ),
    ),
    adopted: Type.Array(
      Type.Object({
        before: RuleRef,
        after: RuleRef,
        fields: Type.Array(Type.Enum([...PUBLISHER_FIELDS]), { description: PUBLISHER_FIELDS_DESCRIPTION }),
      }),
      {
        description:
          'Built-in rules (loaded by this server’s migrations) a project pack signed by the project’s key took over instead of adding copies: same id, and whether they are enabled stays the operator’s. Never a rule the operator wrote, and never by another publisher’s pack.',
      },
    ),
    removed: Type.Array(RuleRef, {
      description: 'Disabled and no longer linked to the pack; kept as rules.',
    }),
    unchanged: Type.Integer(),
  }),
  retroHunt: Nullable(
    Type.Object(
      {
        total: Type.Integer({ description: 'Stored evidence documents when it started.' }),
        examined: Type.Integer(),
        matched: Type.Integer({ description: 'Scans the added and changed rules match.' }),
        skipped: Type.Integer({ description: 'Documents the evidence intake was too busy to judge.' }),
        partial: Type.Boolean({ description: 'It stopped at its time limit before the last document.' }),
        data: Type.Array(
          Type.Object({
            pin: Type.String(),
            gameType: Type.String(),
            receivedAt: Timestamp,
            findings: Type.Array(Type.String()),
            omitted: Type.Integer(),
          }),
          { description: 'The first 100 matching scans, oldest first.' },
        ),
      },
      {
        description:
          'On a dry run: which stored scans the pack’s new and changed rules match. No verdict moves.',
      },
    ),
  ),
});

function presentPublisher(p: RulePublisher) {
  return { ...p, createdAt: iso(p.createdAt) };
}

function presentPack(p: StoredRulePack) {
  const { rulesDigest: _digest, ...rest } = p;
  return { ...rest, importedAt: iso(p.importedAt), updatedAt: iso(p.updatedAt) };
}

type RuleLike = Pick<Rule, 'name' | 'kind' | 'match' | 'pattern' | 'severity' | 'games'> & {
  id?: number | undefined;
  source: string | null;
};

function ref(r: RuleLike) {
  return {
    id: r.id ?? null,
    name: r.name,
    kind: r.kind,
    match: r.match,
    pattern: r.pattern,
    severity: r.severity,
    games: r.games,
    source: r.source,
  };
}

function presentImport(result: PackImport) {
  const { changes, retroHunt } = result;
  return {
    outcome: result.outcome,
    pack: result.pack,
    changes: {
      added: changes.added.map(ref),
      changed: changes.changed.map((c) => ({ before: ref(c.before), after: ref(c.after), fields: c.fields })),
      adopted: result.adopted.map((a) => ({ before: ref(a.before), after: ref(a.after), fields: a.fields })),
      removed: changes.removed.map(ref),
      unchanged: changes.unchanged,
    },
    retroHunt:
      retroHunt === null
        ? null
        : { ...retroHunt, data: retroHunt.data.map((m) => ({ ...m, receivedAt: iso(m.receivedAt) })) },
  };
}

/** Trusted rule publishers and signed rule packs (docs/rules.md, "Rule packs"). */
export function rulePackAdminRoutes(ctx: UseCaseContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/admin/v1/rule-publishers',
      {
        schema: {
          tags,
          security,
          summary: 'List the trusted rule publishers',
          response: { 200: Type.Object({ data: Type.Array(PublisherView) }), ...adminErrors },
        },
      },
      async () => ({ data: (await listRulePublishers(ctx)).map(presentPublisher) }),
    );

    app.post(
      '/admin/v1/rule-publishers',
      {
        schema: {
          tags,
          security,
          summary: 'Trust a rule publisher’s key',
          description:
            'Packs signed by this Ed25519 key can then be imported. Get the key from a source you trust (the publisher’s own site or repository), not from the pack.',
          body: Type.Object(
            {
              name: Type.String({ minLength: 1, maxLength: 100 }),
              publicKey: Type.String({
                minLength: 1,
                maxLength: 1000,
                description: 'PEM (`-----BEGIN PUBLIC KEY-----`) or the 32 raw bytes in hexadecimal.',
              }),
            },
            { additionalProperties: false },
          ),
          response: { 201: PublisherView, ...adminErrors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(presentPublisher(await trustRulePublisher(ctx, request.body))),
    );

    app.delete(
      '/admin/v1/rule-publishers/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Stop trusting a rule publisher',
          description:
            'Its packs can no longer be imported or updated. The rules they brought stay as they are: disable them to stop them judging.',
          params: IdParams,
          response: { 204: Type.Null(), ...adminErrors },
        },
      },
      async (request, reply) => {
        await distrustRulePublisher(ctx, request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/admin/v1/rule-packs',
      {
        schema: {
          tags,
          security,
          summary: 'List the imported rule packs',
          response: { 200: Type.Object({ data: Type.Array(PackView) }), ...adminErrors },
        },
      },
      async () => ({ data: (await listRulePacks(ctx)).map(presentPack) }),
    );

    app.post(
      '/admin/v1/rule-packs',
      {
        bodyLimit: PACK_BODY_LIMIT,
        schema: {
          tags,
          security,
          summary: 'Import a signed rule pack',
          description:
            'The pack must be signed by a trusted publisher’s key (`403 untrusted_rule_publisher`) and unchanged since (`400 invalid_rule_pack_signature`). A new pack is added (201); a newer version replaces the older one’s rules and answers what changed (200); an older or equal version is `409 rule_pack_version_conflict` unless it holds the same rules (200 `unchanged`). With `dryRun=true` nothing is written: the answer says what would change and which stored scans the new and changed rules match. No finished scan is ever judged again.',
          querystring: Type.Object(
            { dryRun: Type.Optional(Type.Boolean({ default: false })) },
            { additionalProperties: false },
          ),
          body: SignedPackSchema,
          response: { 200: ImportAnswer, 201: ImportAnswer, ...adminErrors },
        },
      },
      async (request, reply) => {
        const result = request.query.dryRun
          ? await dryRunRulePack(ctx, request.body)
          : await importRulePack(ctx, request.body);
        return reply.code(result.outcome === 'created' ? 201 : 200).send(presentImport(result));
      },
    );
  };
}
