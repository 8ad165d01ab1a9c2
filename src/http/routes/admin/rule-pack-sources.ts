import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { UseCaseContext } from '../../../application/context.js';
import type { RulePackSource } from '../../../application/rules/rule-pack-sources.js';
import {
  checkRulePackSourceNow,
  listRulePackSources,
  subscribeRulePackSource,
  unsubscribeRulePackSource,
} from '../../../application/rules/rule-pack-sources.js';
import { SOURCE_STATUSES } from '../../../domain/rule-pack-source.js';
import { iso } from '../../../domain/time.js';
import { MAX_WEBHOOK_URL_LENGTH } from '../../../domain/webhook-url.js';
import { Nullable, Timestamp } from '../../schemas/common.js';
import { adminErrors, IdParams } from './schemas.js';

const tags = ['Operator'];
const security = [{ adminToken: [] }];

const SourceView = Type.Object({
  id: Type.Integer(),
  url: Type.String(),
  createdAt: Timestamp,
  nextCheckAt: Timestamp,
  lastCheckedAt: Nullable(Timestamp),
  lastStatus: Nullable(
    Type.Enum([...SOURCE_STATUSES], {
      description:
        '`created` / `updated`: a new pack or a newer version was imported. `unchanged`: the version held here. `not-modified`: the URL answered 304, or the same bytes as last time. `failed`: see `lastError`; nothing was imported. Null until the first check ends.',
    }),
  ),
  lastHttpStatus: Nullable(Type.Integer({ description: 'What the URL answered; null when no answer came.' })),
  lastError: Nullable(
    Type.String({ description: 'Why the last check failed, in words; null unless it failed.' }),
  ),
  lastImportedAt: Nullable(Timestamp),
  pack: Nullable(
    Type.Object(
      {
        publisher: Type.Object({ name: Nullable(Type.String()), keyId: Type.String() }),
        name: Type.String(),
        servedVersion: Type.Integer({ description: 'The version the URL served at its last good check.' }),
        heldVersion: Nullable(
          Type.Integer({ description: 'The version of this pack the server holds now.' }),
        ),
      },
      { description: 'The pack the URL last served that verified; null until one did.' },
    ),
  ),
});

function present(s: RulePackSource) {
  return {
    id: s.id,
    url: s.url,
    createdAt: iso(s.createdAt),
    nextCheckAt: iso(s.nextCheckAt),
    lastCheckedAt: s.lastCheckedAt === null ? null : iso(s.lastCheckedAt),
    lastStatus: s.lastStatus,
    lastHttpStatus: s.lastHttpStatus,
    lastError: s.lastError,
    lastImportedAt: s.lastImportedAt === null ? null : iso(s.lastImportedAt),
    pack:
      s.pack === null
        ? null
        : {
            publisher: { name: s.pack.publisherName, keyId: s.pack.keyId },
            name: s.pack.name,
            servedVersion: s.pack.servedVersion,
            heldVersion: s.pack.heldVersion,
          },
  };
}

/** Pack URLs the server polls (docs/rules.md, "Subscribing to a pack URL"). */
export function rulePackSourceAdminRoutes(ctx: UseCaseContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/admin/v1/rule-pack-sources',
      {
        schema: {
          tags,
          security,
          summary: 'List the subscribed pack URLs',
          description: 'Each with what its last check found.',
          response: { 200: Type.Object({ data: Type.Array(SourceView) }), ...adminErrors },
        },
      },
      async () => ({ data: (await listRulePackSources(ctx)).map(present) }),
    );

    app.post(
      '/admin/v1/rule-pack-sources',
      {
        schema: {
          tags,
          security,
          summary: 'Subscribe to a pack URL',
          description:
            'The server fetches the URL now and every RULE_PACK_POLL_SECONDS (https only, never a private address; `400 invalid_rule_pack_source_url`), and imports a newer signed version through the same checks as `POST /admin/v1/rule-packs`: a pack whose key is not trusted or whose signature fails is recorded as the source’s `lastError`, never imported. Answers 201 with the first check’s result, whatever it found.',
          body: Type.Object(
            {
              url: Type.String({
                minLength: 1,
                maxLength: MAX_WEBHOOK_URL_LENGTH,
                examples: ['https://community.example/packs/clients.json'],
              }),
            },
            { additionalProperties: false },
          ),
          response: { 201: SourceView, ...adminErrors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(present(await subscribeRulePackSource(ctx, request.body))),
    );

    app.post(
      '/admin/v1/rule-pack-sources/:id/check',
      {
        schema: {
          tags,
          security,
          summary: 'Check a pack URL now',
          description:
            'Fetches the source now instead of at its next check (after trusting its publisher, say) and answers what it found. When another instance is checking it at this moment, answers its state as it is.',
          params: IdParams,
          response: { 200: SourceView, ...adminErrors },
        },
      },
      async (request) => present(await checkRulePackSourceNow(ctx, request.params.id)),
    );

    app.delete(
      '/admin/v1/rule-pack-sources/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Unsubscribe from a pack URL',
          description:
            'The URL is no longer fetched. The packs it brought and their rules stay as they are: disable rules to stop them judging.',
          params: IdParams,
          response: { 204: Type.Null(), ...adminErrors },
        },
      },
      async (request, reply) => {
        await unsubscribeRulePackSource(ctx, request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
}
