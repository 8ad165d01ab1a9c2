import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { UseCaseContext } from '../../../application/context.js';
import { type ScanEvidence, scanEvidence } from '../../../application/dashboard/scan-evidence.js';
import { DISCORD_ID_PATTERN } from '../../../domain/discord-id.js';
import { EVIDENCE_LIMITS } from '../../../domain/evidence.js';
import { EVIDENCE_REF_SOURCES, type Proof, RULE_KINDS, RULE_SEVERITIES } from '../../../domain/rules.js';
import { iso } from '../../../domain/time.js';
import { personOf } from '../../plugins/session-auth.js';
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

const ScanEvidenceResponse = Type.Object({
  evidence: Nullable(
    Type.Object({
      receiptId: Type.String({ description: 'The receipt id the scan client printed for the player.' }),
      receivedAt: Timestamp,
      findings: Type.Array(EvidenceFinding, { description: 'In the order the document lists its evidence.' }),
      document: KeptDocument,
    }),
  ),
});

function present(evidence: ScanEvidence | null) {
  return { evidence: evidence === null ? null : { ...evidence, receivedAt: iso(evidence.receivedAt) } };
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
  };
}
