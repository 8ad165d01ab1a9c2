import type { AssuranceReason } from '../../../domain/assurance.js';
import type { EvidenceDocument } from '../../../domain/evidence.js';
import { evidenceReasons } from '../../../domain/evidence-assurance.js';
import { receiptCounts } from '../../../domain/evidence-receipt.js';
import { type EvidenceFacts, reportFromEvidence } from '../../../domain/evidence-report.js';
import { type EvidenceView, type EvidenceViewRequest, evidenceView } from '../../../domain/evidence-view.js';
import { type MachineFacts, machineFactsOf } from '../../../domain/machine-facts.js';
import {
  type CompiledRules,
  compileRules,
  evaluateEvidence,
  type Judgement,
  type Rule,
} from '../../../domain/rules.js';
import type { ScanReport } from '../../../domain/scan-report.js';
import { sha256Hex } from '../../../lib/crypto.js';
import { nestsDeeperThan } from '../../../lib/json-nesting.js';
import { type BodyValidator, bodyValidator, createBodyAjv } from '../../../lib/json-schema-validators.js';
import { containsNul, hasPrototypeKey } from '../../../lib/json-values.js';
import { describeValidationErrors } from '../../../lib/validation-errors.js';
import { escapedDocument } from './escaped-document.js';

/**
 * What the evidence intake's workers do (docs/security.md, "Evidence uploads"): everything whose cost
 * grows with what a client uploaded or stored (decoding, checking the schema, running the rules,
 * building the report, paging a stored document) runs here, off the event loop, so one upload can
 * delay other uploads at most, never the server's other answers. Pure functions of their input: the
 * pool (pool.ts) runs them in worker threads, and nothing here reads the store or the clock.
 */

/** The deepest a body read here nests (the evidence schema's depth is 6); deeper text is refused unparsed. */
export const BODY_MAX_NESTING = 16;

/** The enabled rules as of a version of the rule table: each worker compiles a version once. */
export interface RulesSnapshot {
  version: string;
  rules: readonly Rule[];
}

export interface IntakeTask {
  /** The body as received, inflated already, at most the route's limit. */
  body: Uint8Array;
  /** SHA-256 of the nonce the scan was started with. */
  nonceHash: string;
  rules: RulesSnapshot;
  gameType: string;
  facts: EvidenceFacts;
}

export type IntakeOutcome =
  | {
      ok: true;
      report: ScanReport;
      judgement: Judgement;
      counts: Record<string, number>;
      /** What the document admits about its own worth (domain/evidence-assurance.ts). */
      assuranceReasons: AssuranceReason[];
      /** The document as kept: without its nonce, which is kept only as the scan's hash. */
      documentJson: string;
      findingsJson: string;
      /** What the document says about its machine, compared with its history at finish. */
      machineFacts: MachineFacts;
    }
  | { ok: false; refusal: 'invalid_body'; detail: string }
  | { ok: false; refusal: 'nonce_mismatch' };

/**
 * A body this small may be decoded on the event loop instead (deliver-report.ts): its worst case,
 * 16 KiB of the costliest JSON to decode and check, takes a few milliseconds (64 KiB took 13–28 ms).
 */
export const INLINE_DECODE_MAX_BYTES = 16 * 1024;

/** The bodies read in the workers, each checked against its route's schema. */
export type BodySchemaName = 'evidence' | 'finish';
export type BodySchemas = Record<BodySchemaName, object>;

// One validator per body and one compiled rule set per thread; a new rules version replaces the old.
let validators: Record<BodySchemaName, BodyValidator> | null = null;
let validatorsOf: BodySchemas | null = null;
let compiled: { version: string; rules: CompiledRules } | null = null;
// Every error of an escaped evidence document at once, compiled in a thread only when one is needed.
let everyEvidenceError: BodyValidator | null = null;

/** Set once per thread, from the routes' schemas (pool.ts passes them to its workers as workerData). */
export function useBodySchemas(schemas: BodySchemas): void {
  if (validatorsOf === schemas) return;
  validatorsOf = schemas;
  everyEvidenceError = null;
  validators = { evidence: bodyValidator(schemas.evidence), finish: bodyValidator(schemas.finish) };
}

function validatorOf(name: BodySchemaName): BodyValidator {
  if (validators === null) throw new Error('the body schemas were not set in this thread');
  return validators[name];
}

function rulesOf(snapshot: RulesSnapshot): CompiledRules {
  if (compiled?.version !== snapshot.version)
    compiled = { version: snapshot.version, rules: compileRules(snapshot.rules) };
  return compiled.rules;
}

/**
 * Decodes a body the way the other JSON bodies are (http/plugins/json-body.ts), depth first. Text
 * with NUL is refused unless `nulAllowed`: the evidence document's is escaped instead (intake below).
 */
function decode(body: Uint8Array, nulAllowed: boolean): { value: unknown } | { refused: string } {
  if (body.length === 0) return { refused: 'The body is empty. Send a JSON object.' };
  if (nestsDeeperThan(body, BODY_MAX_NESTING))
    return {
      refused: `Invalid request body: it nests deeper than ${BODY_MAX_NESTING} levels, which no valid body of this route does.`,
    };
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8'));
  } catch {
    return { refused: 'The body is not valid JSON.' };
  }
  if (hasPrototypeKey(value))
    return {
      refused:
        'Invalid request body: keys named __proto__, or constructor holding prototype, are not accepted.',
    };
  if (!nulAllowed && containsNul(value))
    return { refused: 'Invalid request body: text must not contain the NUL character (\\u0000).' };
  return { value };
}

export interface DecodeTask {
  body: Uint8Array;
  schema: BodySchemaName;
}

export type Decoded = { ok: true; value: unknown } | { ok: false; refusal: 'invalid_body'; detail: string };

/** A body decoded and checked against its route's schema; only a valid one comes back to the event loop. */
export function decodeBody(task: DecodeTask): Decoded {
  const decoded = decode(task.body, task.schema === 'evidence');
  if ('refused' in decoded) return { ok: false, refusal: 'invalid_body', detail: decoded.refused };
  const validate = validatorOf(task.schema);
  if (validate(decoded.value)) return { ok: true, value: decoded.value };
  const named = validate;
  return { ok: false, refusal: 'invalid_body', detail: describeValidationErrors(named.errors ?? [], 'body') };
}

function everyEvidenceErrorValidator(): BodyValidator {
  if (validatorsOf === null) throw new Error('the body schemas were not set in this thread');
  everyEvidenceError ??= createBodyAjv().compile(validatorsOf.evidence);
  return everyEvidenceError;
}

/** An upload: decoded, checked against the schema and the scan's nonce, judged, reported. */
export function intake(task: IntakeTask): IntakeOutcome {
  const checked = decodeBody({ body: task.body, schema: 'evidence' });
  if (!checked.ok) return checked;
  if (sha256Hex((checked.value as EvidenceDocument).nonce) !== task.nonceHash)
    return { ok: false, refusal: 'nonce_mismatch' };
  const doc = escapedDocument(
    checked.value as EvidenceDocument,
    validatorOf('evidence'),
    everyEvidenceErrorValidator,
  );
  const judgement = evaluateEvidence(rulesOf(task.rules), doc, task.gameType);
  const report = reportFromEvidence(doc, judgement, task.facts);
  return {
    ok: true,
    report,
    judgement,
    counts: receiptCounts(doc),
    assuranceReasons: evidenceReasons(doc, task.gameType, task.rules.rules),
    documentJson: JSON.stringify({ ...doc, nonce: '' }),
    findingsJson: JSON.stringify(judgement),
    machineFacts: machineFactsOf(doc, task.facts.receivedAt),
  };
}

export interface EvaluateTask {
  documentJson: string;
  rules: RulesSnapshot;
  gameType: string;
}

/** A stored document judged again by some rules (a rule's dry run): nothing is changed. */
export function evaluate(task: EvaluateTask): Judgement {
  return evaluateEvidence(
    rulesOf(task.rules),
    JSON.parse(task.documentJson) as EvidenceDocument,
    task.gameType,
  );
}

export interface PageTask {
  /** Which stored document (its receipt id): each worker keeps the last one it parsed. */
  key: string;
  /** The document's JSON; left out when the caller hopes the worker still holds it. */
  documentJson?: string;
  request: EvidenceViewRequest;
}

// A person reading a large document page by page asks for the same one again and again: parsing
// 16 MiB for each page would keep the workers busy for everyone (docs/security.md).
let lastPaged: { key: string; document: EvidenceDocument } | null = null;

/** One page of a stored document, for the evidence view; 'not-held' when its JSON is needed. */
export function page(task: PageTask): EvidenceView | { kind: 'not-held' } {
  if (lastPaged?.key !== task.key) {
    if (task.documentJson === undefined) return { kind: 'not-held' };
    lastPaged = { key: task.key, document: JSON.parse(task.documentJson) as EvidenceDocument };
  }
  return evidenceView(lastPaged.document, task.request);
}
