import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { UseCaseContext } from '../../../application/context.js';
import { markFalsePositive, unmarkFalsePositive } from '../../../application/dashboard/false-positives.js';
import { FALSE_POSITIVE_NOTE_MAX } from '../../../domain/rule-quality.js';
import type { ValidationMapper } from '../../plugins/errors.js';
import { personOf } from '../../plugins/session-auth.js';
import { problems } from '../../problem.js';
import { NoContent, Nullable, problemResponses } from '../../schemas/common.js';
import { PinParams } from '../pins/schemas.js';
import { RowId, security, sessionErrors, tags } from './schemas.js';

const FindingParams = Type.Object({
  ...PinParams.properties,
  ruleId: { ...RowId, description: 'The rule of the finding (`ruleId` in the evidence’s findings).' },
});

const MarkBody = Type.Object(
  {
    note: Type.Optional(
      Nullable(
        Type.String({
          maxLength: FALSE_POSITIVE_NOTE_MAX,
          description: 'Why it is a false positive (a mod’s name, a version), for the operator. Optional.',
        }),
      ),
    ),
  },
  { additionalProperties: false },
);

/** A malformed PIN code is `invalid_pin_code`; a malformed rule id the usual `invalid_parameter`. */
const findingValidation: ValidationMapper = (part, errors) =>
  part === 'params' && errors.some((e) => e.instancePath === '/pinCode')
    ? problems.invalidPinCode()
    : undefined;

const description =
  'Staff of the PIN’s Enterprise only: its owner, admins and moderators, while it is active (403 role_not_allowed for a viewer, finding_review_forbidden for anyone else who sees the PIN; 404 as for the PIN for those who do not). The mark never changes the scan’s verdict or results: it counts against the rule for the operator (docs/rules.md, "Rule quality"). Audited.';

/** Marking a finding a false positive (docs/dashboard.md, "Evidence"; docs/rules.md, "Rule quality"). */
export function falsePositiveRoutes(ctx: UseCaseContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.put(
      '/pins/:pinCode/findings/:ruleId/false-positive',
      {
        schema: {
          tags,
          security,
          summary: 'Mark a finding as a false positive',
          description: `${description} Marking again replaces the note.`,
          params: FindingParams,
          body: MarkBody,
          response: { ...NoContent, ...sessionErrors, ...problemResponses(400, 403, 404) },
        },
        config: { mapValidation: findingValidation },
      },
      async (request, reply) => {
        const { pinCode, ruleId } = request.params;
        await markFalsePositive(ctx, personOf(request), pinCode, ruleId, request.body ?? {});
        return reply.code(204).send(null);
      },
    );

    app.delete(
      '/pins/:pinCode/findings/:ruleId/false-positive',
      {
        schema: {
          tags,
          security,
          summary: 'Take back a false-positive mark',
          description: `${description} Taking back a mark that is not there changes nothing.`,
          params: FindingParams,
          response: { ...NoContent, ...sessionErrors, ...problemResponses(400, 403, 404) },
        },
        config: { mapValidation: findingValidation },
      },
      async (request, reply) => {
        const { pinCode, ruleId } = request.params;
        await unmarkFalsePositive(ctx, personOf(request), pinCode, ruleId);
        return reply.code(204).send(null);
      },
    );
  };
}
