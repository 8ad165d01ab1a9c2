import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { UseCaseContext } from '../../../application/context.js';
import { addRule, listRules, updateRule } from '../../../application/rules/manage-rules.js';
import { RULE_TEST_LIST_LIMIT, testRule } from '../../../application/rules/test-rule.js';
import { GAME_TYPES } from '../../../domain/game-types.js';
import { RULE_KINDS, RULE_MATCHES, RULE_SEVERITIES, type Rule } from '../../../domain/rules.js';
import { iso } from '../../../domain/time.js';
import { Nullable, Timestamp } from '../../schemas/common.js';
import { adminErrors, IdParams } from './schemas.js';

const tags = ['Operator'];
const security = [{ adminToken: [] }];

const Name = Type.String({ minLength: 1, maxLength: 100, description: 'Starts every finding it adds.' });
const Pattern = Type.String({ minLength: 1, maxLength: 500 });
const Kind = Type.Enum([...RULE_KINDS]);
const Match = Type.Enum([...RULE_MATCHES], { description: 'Case-sensitive; `contains` by default.' });
const Severity = Type.Enum([...RULE_SEVERITIES], { description: 'Which result field a match fills.' });
const Games = Type.Array(Type.Enum([...GAME_TYPES]), {
  maxItems: GAME_TYPES.length,
  description: 'Game types the rule applies to; empty means every game.',
});

const RuleView = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  kind: Kind,
  pattern: Type.String(),
  match: Match,
  severity: Severity,
  games: Type.Array(Type.String()),
  enabled: Type.Boolean(),
  source: Nullable(Type.String({ description: 'Where the pattern was found publicly (starter pack).' })),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

const CreateRuleBody = Type.Object(
  {
    name: Name,
    kind: Kind,
    pattern: Pattern,
    severity: Severity,
    match: Type.Optional(Match),
    games: Type.Optional(Games),
    enabled: Type.Optional(Type.Boolean()),
    source: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
  },
  { additionalProperties: false },
);

const UpdateRuleBody = Type.Object(
  {
    name: Type.Optional(Name),
    kind: Type.Optional(Kind),
    pattern: Type.Optional(Pattern),
    severity: Type.Optional(Severity),
    match: Type.Optional(Match),
    games: Type.Optional(Games),
    enabled: Type.Optional(Type.Boolean()),
    source: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
  },
  { additionalProperties: false, minProperties: 1 },
);

const RuleTestView = Type.Object({
  rule: RuleView,
  examined: Type.Integer({ description: 'Stored evidence documents the rule was run over.' }),
  matched: Type.Integer({ description: 'How many of them it matches.' }),
  scans: Type.Array(
    Type.Object({
      pin: Type.String(),
      gameType: Type.String(),
      receivedAt: Timestamp,
      findings: Type.Array(Type.String()),
    }),
    { description: `The first ${RULE_TEST_LIST_LIMIT} matching scans, oldest first.` },
  ),
});

function present(rule: Rule) {
  return { ...rule, createdAt: iso(rule.createdAt), updatedAt: iso(rule.updatedAt) };
}

/** Detection rules (docs/scan-client.md, "Rules"): they judge evidence and never leave the server. */
export function ruleAdminRoutes(ctx: UseCaseContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/admin/v1/rules',
      {
        schema: {
          tags,
          security,
          summary: 'List the detection rules',
          response: { 200: Type.Object({ data: Type.Array(RuleView) }), ...adminErrors },
        },
      },
      async () => ({ data: (await listRules(ctx)).map(present) }),
    );

    app.post(
      '/admin/v1/rules',
      {
        schema: {
          tags,
          security,
          summary: 'Add a detection rule',
          description: 'It judges the next evidence upload on every instance.',
          body: CreateRuleBody,
          response: { 201: RuleView, ...adminErrors },
        },
      },
      async (request, reply) => {
        const body = request.body;
        const rule = await addRule(ctx, {
          name: body.name,
          kind: body.kind,
          pattern: body.pattern,
          severity: body.severity,
          match: body.match ?? 'contains',
          games: body.games ?? [],
          enabled: body.enabled ?? true,
          source: body.source ?? null,
        });
        return reply.code(201).send(present(rule));
      },
    );

    app.patch(
      '/admin/v1/rules/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Change or disable a detection rule',
          params: IdParams,
          body: UpdateRuleBody,
          response: { 200: RuleView, ...adminErrors },
        },
      },
      async (request) => present(await updateRule(ctx, request.params.id, request.body)),
    );

    app.post(
      '/admin/v1/rules/:id/test',
      {
        schema: {
          tags,
          security,
          summary: 'Test a rule over stored evidence',
          description:
            'Runs the rule (enabled or not) over every stored evidence document and lists the past scans it would have matched. Changes no verdict.',
          params: IdParams,
          response: { 200: RuleTestView, ...adminErrors },
        },
      },
      async (request) => {
        const result = await testRule(ctx, request.params.id);
        return {
          ...result,
          rule: present(result.rule),
          scans: result.scans.map((s) => ({ ...s, receivedAt: iso(s.receivedAt) })),
        };
      },
    );
  };
}
