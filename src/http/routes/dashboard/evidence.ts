import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { UseCaseContext } from '../../../application/context.js';
import {
  type ScanEvidence,
  scanEvidence,
  scanEvidenceList,
} from '../../../application/dashboard/scan-evidence.js';
import { DISCORD_ID_PATTERN } from '../../../domain/discord-id.js';
import { EVIDENCE_LIMITS } from '../../../domain/evidence.js';
import {
  LIST_PATH_PATTERN,
  PAGE_MAX_CHARS,
  PAGE_MAX_ITEMS,
  parseListPath,
} from '../../../domain/evidence-view.js';
import {
  EVIDENCE_REF_SOURCES,
  FINDINGS_PER_RULE,
  FINDINGS_TOTAL,
  type Proof,
  RULE_KINDS,
  RULE_SEVERITIES,
} from '../../../domain/rules.js';
import { iso } from '../../../domain/time.js';
import { personOf } from '../../plugins/session-auth.js';
import { problems } from '../../problem.js';
import { Nullable, problemResponses, Timestamp } from '../../schemas/common.js';
import { PinParams } from '../pins/schemas.js';
import { pinCodeValidation } from '../pins/validation.js';
import { EvidenceBody, EvidenceDiscordAccount, EvidenceSources } from '../scanner/evidence-schema.js';
import { security, sessionErrors, tags } from './schemas.js';

/** What a finding proves (docs/scan-client.md, "Rules"), in the order the evidence view explains them. */
const PROOFS = ['possession', 'execution', 'this-session'] as const satisfies readonly Proof[];
const _everyProof: [Exclude<Proof, (typeof PROOFS)[number]>] extends [never] ? true : false = true;
void _everyProof;

const EvidenceFinding = Type.Object({
  ruleId: Type.Integer({ description: 'The rule that made it (operator API: /admin/v1/rules).' }),
  rule: Type.String({ description: 'The rule’s name, as it was when the scan was judged.' }),
  kind: Type.Enum(RULE_KINDS),
  severity: Type.Enum(RULE_SEVERITIES, { description: 'The result field it filled.' }),
  proves: Type.Enum(PROOFS, {
    description:
      '`possession`: a file on the disk; `execution`: it ran (Prefetch, BAM, PCA); `this-session`: in the running game’s memory or processes.',
  }),
  text: Type.String({
    description: 'As the result field shows it, e.g. `Wurst in ~/.minecraft/mods/a.jar`.',
  }),
  evidence: Type.Object(
    {
      source: Type.Enum(EVIDENCE_REF_SOURCES),
      index: Type.Integer({ minimum: 0, description: 'The item of that source’s list.' }),
      value: Type.String({ description: 'The value of the item that matched.' }),
    },
    { description: 'Where in the document the rule matched.' },
  ),
});

// An operator's erasure rewrites the person's accounts in kept documents to `erased`
// (docs/privacy.md, "Erasure"); everything else is the document as uploaded.
const KeptDiscordAccount = Type.Object(
  {
    ...EvidenceDiscordAccount.properties,
    id: Type.String({
      pattern: `^(${DISCORD_ID_PATTERN.slice(1, -1)}|erased)$`,
      description: '`erased` once an operator erased the account.',
      examples: ['123456789012345678'],
    }),
  },
  { additionalProperties: false },
);

const { discord } = EvidenceSources.properties;
const { nonce: _nonce, ...documentFields } = EvidenceBody.properties;
const KeptDocument = Type.Object(
  {
    ...documentFields,
    sources: Type.Object(
      {
        ...EvidenceSources.properties,
        discord: Type.Object(
          {
            ...discord.properties,
            accounts: Type.Array(KeptDiscordAccount, { maxItems: EVIDENCE_LIMITS.discordAccounts }),
          },
          {
            additionalProperties: false,
            description: 'Discord accounts signed in on this machine (never their tokens).',
          },
        ),
      },
      { additionalProperties: false },
    ),
  },
  {
    additionalProperties: false,
    description: 'The evidence document as uploaded (docs/scan-client.md), without its one-time nonce.',
  },
);

const OmittedFinding = Type.Object({
  ruleId: Type.Integer(),
  rule: Type.String(),
  severity: Type.Enum(RULE_SEVERITIES),
  places: Type.Integer({ minimum: 1, description: 'Places matched but not listed.' }),
});

const FalsePositiveMark = Type.Object({
  ruleId: Type.Integer({ description: 'The rule whose findings in this scan staff marked.' }),
  markedBy: Type.Object({
    accountId: Type.Integer(),
    name: Nullable(Type.String()),
  }),
  markedAt: Timestamp,
  note: Nullable(Type.String()),
});

const ClassNameCut = Type.Object({
  item: Type.Integer({ minimum: 0, description: 'The memory item (`document.sources.memory.items`).' }),
  sent: Type.Integer({
    minimum: 0,
    description: 'Class names the item holds (its whole list, not the page shown).',
  }),
  total: Type.Integer({ minimum: 0, description: 'Distinct class names the scanner counted, sent or not.' }),
  onlyFamiliarLeftOut: Type.Boolean({
    description:
      'The server’s conclusion: every name outside the packages of the Java runtime, Minecraft, its loaders and launcher libraries was sent, and only names under them were left out (a warning, not a lower assurance). False when names outside them may have been left out, or the scanner’s count disagrees with what it sent.',
  }),
});

const Cut = Type.Record(Type.String(), Type.Integer({ minimum: 0 }), {
  description:
    'Lists answered only in part, by path (`sources.files.items`, `sources.files.items.3.entries`), with how many items each has in all: read the rest from `/pins/:pinCode/evidence/list`.',
});

const EvidenceListQuery = Type.Object({
  path: Type.String({
    pattern: LIST_PATH_PATTERN,
    maxLength: 200,
    default: 'sources.files.items',
    description: 'A list that `cut` names, e.g. `sources.files.items.3.entries`; the game files by default.',
  }),
  offset: Type.Integer({ minimum: 0, default: 0 }),
  limit: Type.Integer({ minimum: 1, maximum: PAGE_MAX_ITEMS, default: 200 }),
});

const EvidenceListResponse = Type.Object({
  path: Type.String(),
  total: Type.Integer({ description: 'Items in the whole list.' }),
  offset: Type.Integer(),
  items: Type.Array(Type.Unknown(), {
    description: `Items from \`offset\`, at most \`limit\` and about ${PAGE_MAX_CHARS / 1024 / 1024} MiB of JSON; lists inside them are cut as in the document (see \`cut\`).`,
  }),
  cut: Cut,
});

const ScanEvidenceResponse = Type.Object({
  evidence: Nullable(
    Type.Object({
      receiptId: Type.String({ description: 'The receipt id the scan client printed for the player.' }),
      receivedAt: Timestamp,
      findings: Type.Array(EvidenceFinding, {
        description: `In the order the document lists its evidence: at most ${FINDINGS_PER_RULE} per rule and ${FINDINGS_TOTAL} in all.`,
      }),
      omitted: Type.Array(OmittedFinding, {
        description: 'Per rule, the places it matched past those bounds.',
      }),
      falsePositives: Type.Array(FalsePositiveMark, {
        description:
          'Staff’s false-positive marks on this scan’s findings, one per rule at most (PUT …/findings/{ruleId}/false-positive). A mark changes no verdict.',
      }),
      document: KeptDocument,
      cut: Cut,
      classNameCuts: Type.Array(ClassNameCut, {
        description:
          'Each memory item whose class names were cut, from a scanner that counts them (docs/scan-client.md, "Class names in the game’s memory"), with what the server concluded of the cut.',
      }),
    }),
  ),
});

function present(evidence: ScanEvidence | null) {
  if (evidence === null) return { evidence: null };
  return {
    evidence: {
      ...evidence,
      receivedAt: iso(evidence.receivedAt),
      falsePositives: evidence.falsePositives.map((m) => ({
        ruleId: m.ruleId,
        markedBy: { accountId: m.accountId, name: m.accountName },
        markedAt: iso(m.markedAt),
        note: m.note,
      })),
    },
  };
}

/** A scan's evidence for the evidence view (docs/dashboard.md, "The dashboard API"). */
export function evidenceRoutes(ctx: UseCaseContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/pins/:pinCode/evidence',
      {
        schema: {
          tags,
          security,
          summary: "A scan's evidence and the findings behind its results",
          description:
            'Who may see the PIN may see it. `evidence` is null when there is none: the scan has not finished, or a scanner finished it through /v1/scanner/finish without an evidence document.',
          params: PinParams,
          response: { 200: ScanEvidenceResponse, ...sessionErrors, ...problemResponses(400, 404) },
        },
        config: { mapValidation: pinCodeValidation },
      },
      async (request) => present(await scanEvidence(ctx, personOf(request), request.params.pinCode)),
    );

    app.get(
      '/pins/:pinCode/evidence/list',
      {
        schema: {
          tags,
          security,
          summary: 'A page of one list of a scan’s evidence',
          description:
            'The evidence answer cuts every long list to its first page and names it in `cut`; this reads any such list a page at a time.',
          params: PinParams,
          querystring: EvidenceListQuery,
          response: { 200: EvidenceListResponse, ...sessionErrors, ...problemResponses(400, 404) },
        },
        config: { mapValidation: pinCodeValidation },
      },
      async (request) => {
        const { path, offset, limit } = request.query;
        const list = parseListPath(path);
        if (list === null)
          throw problems.invalidParameter(
            `path must be dot-separated names and indexes, such as sources.files.items.3.entries.`,
          );
        return scanEvidenceList(ctx, personOf(request), request.params.pinCode, list, offset, limit);
      },
    );
  };
}
