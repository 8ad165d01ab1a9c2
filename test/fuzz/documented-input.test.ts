import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteBackend } from '../support/backends.js';
import { takeContractViolations } from '../support/contract.js';
import { describeCase, documentedCaseFor, send } from './cases.js';
import { judge } from './judge.js';
import { labelOf, type Operation, operationsOf } from './operations.js';
import { buildWorld, type FuzzApp, startFuzzApp } from './world.js';

/**
 * The other half of the fuzzer: requests exactly as /openapi.json describes them, with values its
 * own schemas allow (`documentedCaseFor`), to every documented operation. A client that generates
 * its values from the document must never meet a 400 the document did not predict (docs/api.md,
 * "The OpenAPI document").
 *
 * The rule: a 400 is predicted when its code is one the operation's documented 400 answer names
 * AND that code is about state or meaning the schemas cannot carry (`active_pin_limit`, a webhook
 * URL that is not public https, a used-up invite or sign-in link). A code that says the input is
 * malformed (`invalid_body`, `invalid_parameter`, `invalid_pin_code`, `invalid_discord_id`,
 * `invalid_game_type`, `invalid_url`, `bad_request`) is never predicted for values the schemas
 * allow: either the server refuses what the document allows, or the document does not say what
 * the server refuses. Any other answer must still be as documented (the contract check) and never
 * a 5xx (the judge).
 *
 * `npm test` sends a few cases per operation with a fixed seed; SCANPIN_FUZZ_SCALE multiplies them
 * and picks a random seed (printed), as the rest of the fuzzer does.
 */
const SCALE = Number(process.env.SCANPIN_FUZZ_SCALE ?? '1');
const SEED = Number(process.env.SCANPIN_FUZZ_SEED ?? (SCALE > 1 ? Date.now() % 1_000_000 : 31_337));
const PER_OPERATION = 4 * SCALE;

/** Codes that say the input is malformed: never the answer to values the schemas allow. */
const MALFORMED = new Set([
  'invalid_body',
  'invalid_parameter',
  'invalid_pin_code',
  'invalid_discord_id',
  'invalid_game_type',
  'invalid_url',
  'bad_request',
]);

interface Doc {
  paths: Record<string, Record<string, { responses?: Record<string, DocResponse> }>>;
}
interface DocResponse {
  content?: Record<string, { examples?: Record<string, unknown> }>;
}

/** The codes the document says an operation's 400 can carry (one example per code). */
function documented400(doc: Doc, op: Operation): Set<string> {
  const answer = doc.paths[op.path]?.[op.method.toLowerCase()]?.responses?.['400'];
  return new Set(Object.keys(answer?.content?.['application/problem+json']?.examples ?? {}));
}

const sqlite = sqliteBackend();

describe('every documented operation, with values its own schemas allow', () => {
  let target: FuzzApp;
  beforeAll(async () => {
    target = await startFuzzApp(sqlite);
  });
  afterAll(async () => target?.close());

  it(
    'gets no 400 the document did not predict, and answers as documented',
    async () => {
      const { app } = target;
      const doc = app.swagger() as unknown as Doc;
      const ops = operationsOf(app).filter((op) => !op.page);
      const failures: string[] = [];
      const statuses = new Map<string, number>();
      takeContractViolations();
      for (const [index, op] of ops.entries()) {
        // A fresh world per operation: a revoked key or an erased player must not hide the next one.
        const world = await buildWorld(target);
        takeContractViolations();
        const predicted = [...documented400(doc, op)].filter((code) => !MALFORMED.has(code));
        const result = await fc.check(
          fc.asyncProperty(documentedCaseFor(op, world), async (c) => {
            const answer = await send(app, c);
            if ('refused' in answer) throw new Error(`inject could not send it: ${answer.refused}`);
            statuses.set(String(answer.status), (statuses.get(String(answer.status)) ?? 0) + 1);
            const found = [...judge(op, c.method, answer).problems, ...takeContractViolations()];
            if (answer.status === 400) {
              const { code, detail } = JSON.parse(answer.body) as { code: string; detail: string };
              if (!predicted.includes(code))
                found.push(`400 ${code} not predicted by the document: ${detail}`);
            }
            if (found.length > 0) throw new Error(found.join('\n'));
          }),
          { numRuns: PER_OPERATION, seed: SEED + index },
        );
        if (result.failed) {
          const c = result.counterexample?.[0];
          const why =
            result.errorInstance instanceof Error
              ? result.errorInstance.message
              : String(result.errorInstance);
          failures.push(`${labelOf(op)}: ${why}\n    ${c === undefined ? '' : describeCase(c)}`);
        }
      }
      const summary = `seed ${SEED}, ${ops.length} operations × ${PER_OPERATION}; statuses ${JSON.stringify(Object.fromEntries(statuses))}`;
      expect(failures, summary).toEqual([]);
    },
    120_000 * SCALE,
  );
});
