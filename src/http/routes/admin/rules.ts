import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { UseCaseContext } from '../../../application/context.js';
import type { RuleOrigin } from '../../../application/rules/manage-rules.js';
import { addRule, listRules, ruleOrigins, updateRule } from '../../../application/rules/manage-rules.js';
import { readRuleTest } from '../../../application/rules/read-rule-test.js';
import { RULE_QUALITY_MARKS, ruleQuality, rulesQuality } from '../../../application/rules/rule-quality.js';
import { startRuleTest, stopRuleTest } from '../../../application/rules/test-rule.js';
import { GAME_TYPES } from '../../../domain/game-types.js';
import {
  FLAG_FALSE_POSITIVE_SHARE,
  QUALITY_BUCKETS,
  QUALITY_WINDOW_DAYS,
  QUALITY_WINDOW_MAX_DAYS,
  summarise,
} from '../../../domain/rule-quality.js';
import {
  isPartial,
  RULE_TEST_PAGE_LIMIT,
  RULE_TEST_STATUSES,
  type RuleTest,
} from '../../../domain/rule-test.js';
import { RULE_KINDS, RULE_MATCHES, RULE_SEVERITIES, type Rule } from '../../../domain/rules.js';
import { iso, isoOrNull } from '../../../domain/time.js';
import { Nullable, Timestamp } from '../../schemas/common.js';
import { adminErrors, IdParams, PackPublisherView } from './schemas.js';

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
  pack: Nullable(
    Type.Object(
      {
        id: Type.Integer(),
        name: Type.String(),
        publisher: PackPublisherView,
        addedVersion: Type.Integer({ description: 'The pack version that added it.' }),
        changedVersion: Type.Integer({ description: 'The pack version that last changed it.' }),
      },
      { description: 'The signed rule pack it came from (docs/rules.md); null for a rule added here.' },
    ),
  ),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

const QualityCounts = {
  hits: Type.Integer({ minimum: 0, description: 'Finished scans the rule made a finding in.' }),
  falsePositives: Type.Integer({
    minimum: 0,
    description: 'Of those, the ones staff marked a false positive in the dashboard.',
  }),
};

const QualitySummary = Type.Object({
  ...QualityCounts,
  falsePositiveShare: Type.Number({
    minimum: 0,
    maximum: 1,
    description: '`falsePositives / hits`; 0 with no hit.',
  }),
  flagged: Type.Boolean({
    description: `At least ${FLAG_FALSE_POSITIVE_SHARE * 100} % of the hits marked false positives (and at least one): look at the rule before players do.`,
  }),
});

const RuleListItem = Type.Object({
  ...RuleView.properties,
  quality: Type.Object(
    {
      days: Type.Integer({
        description: `The window: the last ${QUALITY_WINDOW_DAYS} days (UTC), today included.`,
      }),
      ...QualitySummary.properties,
    },
    {
      description:
        'How the rule did lately (docs/rules.md, "Rule quality"); the detail is at /admin/v1/rules/{id}/quality.',
    },
  ),
});

const RuleQualityQuery = Type.Object(
  {
    days: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: QUALITY_WINDOW_MAX_DAYS,
        default: QUALITY_WINDOW_DAYS,
        description: 'The window: this many days (UTC) up to today.',
      }),
    ),
    bucket: Type.Optional(
      Type.Enum([...QUALITY_BUCKETS], {
        default: 'day',
        description: 'Per UTC day, or per ISO week (from Monday).',
      }),
    ),
  },
  { additionalProperties: false },
);

const RuleQualityView = Type.Object({
  ruleId: Type.Integer(),
  name: Type.String(),
  enabled: Type.Boolean(),
  days: Type.Integer(),
  bucket: Type.Enum([...QUALITY_BUCKETS]),
  since: Timestamp,
  until: Timestamp,
  window: QualitySummary,
  allTime: QualitySummary,
  series: Type.Array(Type.Object({ start: Timestamp, ...QualityCounts }), {
    description:
      'Every bucket of the window, oldest first, empty ones included. Hits count on the day the scan was judged; a false positive counts with the hit it marks.',
  }),
  marks: Type.Array(
    Type.Object({
      pin: Type.String({ description: 'The scan’s PIN.' }),
      enterpriseId: Type.Integer(),
      hitAt: Timestamp,
      markedAt: Timestamp,
      markedBy: Type.Object({ accountId: Type.Integer(), name: Nullable(Type.String()) }),
      note: Nullable(Type.String()),
    }),
    { description: `The ${RULE_QUALITY_MARKS} newest marks, whatever the window.` },
  ),
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

const RuleTestJob = {
  id: Type.Integer({ description: 'The test: follow it at GET /admin/v1/rule-tests/{id}.' }),
  ruleId: Type.Integer(),
  status: Type.Enum([...RULE_TEST_STATUSES], {
    description:
      '`running` until it ends: `finished` (every stored document examined), `timed-out` (RULE_TEST_TIME_LIMIT_SECONDS passed; the matches found before are kept), `failed` (`reason` says why), `abandoned` (the instance running it stopped writing it for a minute: a server restart or crash ends a running test).',
  }),
  examined: Type.Integer({ description: 'Stored evidence documents looked at so far.' }),
  total: Type.Integer({
    description: 'Stored evidence documents when the test started: the ones it covers.',
  }),
  matched: Type.Integer({ description: 'How many of them the rule matches.' }),
  skipped: Type.Integer({
    description: 'Documents not judged: the evidence intake was busy for them twice in a row.',
  }),
  partial: Type.Boolean({
    description: 'true unless `finished`: the matches may not be all of them (yet).',
  }),
  timeLimitSeconds: Type.Integer({ description: 'RULE_TEST_TIME_LIMIT_SECONDS when it started.' }),
  startedAt: Timestamp,
  updatedAt: Timestamp,
  finishedAt: Nullable(Timestamp),
  reason: Nullable(Type.String({ description: 'Why it ended other than `finished`.' })),
};

// `headers` documents the answer's Location header in /openapi.json (@fastify/swagger reads it).
const RuleTestStarted = Type.Object(RuleTestJob, {
  headers: {
    Location: Type.String({
      description: 'Where to follow the test: /admin/v1/rule-tests/{id}.',
      examples: ['/admin/v1/rule-tests/3'],
    }),
  },
});

const RuleTestPage = Type.Object({
  ...RuleTestJob,
  data: Type.Array(
    Type.Object({
      pin: Type.String(),
      gameType: Type.String(),
      receivedAt: Timestamp,
      findings: Type.Array(Type.String(), {
        description: 'The findings the rule adds to this scan, at most 25 (the bound per rule).',
      }),
      omitted: Type.Integer({ description: 'Further places it matched, beyond the bound.' }),
    }),
    { description: 'Matching scans after `after`, oldest first.' },
  ),
  next: Nullable(
    Type.Integer({
      description:
        'Pass as `after` for the next page; null when no more were found so far (while the test runs, ask again later).',
    }),
  ),
});

const RuleTestQuery = Type.Object(
  {
    after: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 2_147_483_647, description: 'A `next` from the previous page.' }),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: RULE_TEST_PAGE_LIMIT, default: 50 })),
  },
  { additionalProperties: false },
);

function presentTest(test: RuleTest) {
  return {
    ...test,
    partial: isPartial(test),
    startedAt: iso(test.startedAt),
    updatedAt: iso(test.updatedAt),
    finishedAt: isoOrNull(test.finishedAt),
  };
}

function present(rule: Rule, origins: ReadonlyMap<number, RuleOrigin>) {
  const origin = origins.get(rule.id);
  return {
    ...rule,
    pack:
      origin === undefined
        ? null
        : {
            id: origin.packId,
            name: origin.name,
            publisher: origin.publisher,
            addedVersion: origin.addedVersion,
            changedVersion: origin.changedVersion,
          },
    createdAt: iso(rule.createdAt),
    updatedAt: iso(rule.updatedAt),
  };
}

/** One rule as the API shows it, with the pack it came from. */
async function presentOne(ctx: UseCaseContext, rule: Rule) {
  return present(rule, await ruleOrigins(ctx, [rule]));
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
          description: `Each with its hits and false positives over the last ${QUALITY_WINDOW_DAYS} days (\`quality\`).`,
          response: { 200: Type.Object({ data: Type.Array(RuleListItem) }), ...adminErrors },
        },
      },
      async () => {
        const rules = await listRules(ctx);
        const origins = await ruleOrigins(ctx);
        const quality = await rulesQuality(ctx);
        return {
          data: rules.map((r) => ({
            ...present(r, origins),
            quality: {
              days: QUALITY_WINDOW_DAYS,
              ...(quality.get(r.id) ?? summarise({ hits: 0, falsePositives: 0 })),
            },
          })),
        };
      },
    );

    app.get(
      '/admin/v1/rules/:id/quality',
      {
        schema: {
          tags,
          security,
          summary: 'A rule’s hits and false positives over time',
          description:
            'Hits (finished scans the rule made a finding in, counted when each was judged) and the false positives staff marked among them, over a window, per day or week, with the newest marks. A mark never changed a verdict, and a rule or pack changed later never re-judges a finished scan (docs/rules.md, "Rule quality").',
          params: IdParams,
          querystring: RuleQualityQuery,
          response: { 200: RuleQualityView, ...adminErrors },
        },
      },
      async (request) => {
        const { days = QUALITY_WINDOW_DAYS, bucket = 'day' } = request.query;
        const q = await ruleQuality(ctx, request.params.id, { days, bucket });
        return {
          ruleId: q.rule.id,
          name: q.rule.name,
          enabled: q.rule.enabled,
          days: q.days,
          bucket: q.bucket,
          since: iso(q.since),
          until: iso(q.until),
          window: q.window,
          allTime: q.allTime,
          series: q.series.map((p) => ({ ...p, start: iso(p.start) })),
          marks: q.marks.map((m) => ({
            pin: m.pinCode,
            enterpriseId: m.enterpriseId,
            hitAt: iso(m.hitAt),
            markedAt: iso(m.markedAt),
            markedBy: { accountId: m.accountId, name: m.accountName },
            note: m.note,
          })),
        };
      },
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
        return reply.code(201).send(await presentOne(ctx, rule));
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
      async (request) => presentOne(ctx, await updateRule(ctx, request.params.id, request.body)),
    );

    app.post(
      '/admin/v1/rules/:id/test',
      {
        schema: {
          tags,
          security,
          summary: 'Start testing a rule over stored evidence',
          description:
            'Starts a background test of the rule (enabled or not) over every stored evidence document and answers at once with the test; `Location` names where to follow it (GET /admin/v1/rule-tests/{id}), on any instance. It changes no verdict. One test runs per instance at a time (`409 rule_test_running`); it stops after RULE_TEST_TIME_LIMIT_SECONDS (300 by default), keeping what it found.',
          params: IdParams,
          response: { 202: RuleTestStarted, ...adminErrors },
        },
      },
      async (request, reply) => {
        const test = await startRuleTest(ctx, request.params.id, {
          onError: (err) => app.log.error({ err, ruleTest: true }, 'a rule test failed'),
        });
        return reply.code(202).header('location', `/admin/v1/rule-tests/${test.id}`).send(presentTest(test));
      },
    );

    app.get(
      '/admin/v1/rule-tests/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Follow a rule test and page through its matches',
          description:
            'The test’s progress and one page of the scans it matched so far, oldest first. Tests are kept for 7 days after they end.',
          params: IdParams,
          querystring: RuleTestQuery,
          response: { 200: RuleTestPage, ...adminErrors },
        },
      },
      async (request) => {
        const { after = 0, limit = 50 } = request.query;
        const page = await readRuleTest(ctx, request.params.id, { after, limit });
        return {
          ...presentTest(page.test),
          data: page.matches.map(({ seq: _seq, ...m }) => ({ ...m, receivedAt: iso(m.receivedAt) })),
          next: page.next,
        };
      },
    );

    // A test still running when the server stops is ended as abandoned while the store is still
    // open: onClose hooks of the root (the store's close) run before a plugin's, preClose before both.
    app.addHook('preClose', async () => stopRuleTest(ctx));
  };
}
