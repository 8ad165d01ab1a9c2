import type { EvidenceDocument } from '../../domain/evidence.js';
import type { ClassNameCut } from '../../domain/evidence-coverage.js';
import type { EvidenceView, ListPath } from '../../domain/evidence-view.js';
import type { Finding, OmittedFindings } from '../../domain/rules.js';
import type { StoredEvidence } from '../../storage/repositories/evidence.js';
import type { FalsePositiveMark } from '../../storage/repositories/rule-quality.js';
import type { SessionCaller } from '../access/authenticate-session.js';
import type { UseCaseContext } from '../context.js';
import { refuse } from '../failures.js';
import { inIntake } from '../scans/evidence-intake/refusals.js';
import { readVisiblePin } from './pins.js';

/** The evidence document as kept with a scan: the nonce is kept only as the scan's hash. */
export type KeptEvidenceDocument = Omit<EvidenceDocument, 'nonce'>;

/** What the scan client uploaded for a scan, and the findings the rules made of it. */
export interface ScanEvidence {
  receiptId: string;
  receivedAt: number;
  /** The document as kept (no nonce), every list cut to its first page (domain/evidence-view.ts). */
  document: KeptEvidenceDocument;
  /** The lists that were cut, by path, with how many items each has in all. */
  cut: Record<string, number>;
  findings: Finding[];
  /** Per rule, the places it matched past the bounds on findings: counted, not listed. */
  omitted: OmittedFindings[];
  /** Staff's false-positive marks on the findings, by rule (docs/rules.md, "Rule quality"). */
  falsePositives: FalsePositiveMark[];
  /** What the server concluded of each memory item's class names cut (domain/evidence-coverage.ts). */
  classNameCuts: ClassNameCut[];
}

export interface EvidenceListPage {
  path: string;
  total: number;
  offset: number;
  items: unknown[];
  cut: Record<string, number>;
}

/** A page of a stored document, made in the evidence intake's workers (a document can hold 16 MiB). */
async function pageInWorker(
  ctx: UseCaseContext,
  stored: StoredEvidence,
  list: ListPath | null,
  offset: number,
  limit: number,
): Promise<EvidenceView> {
  const request = { list, offset, limit };
  const key = stored.receiptId;
  const held = await inIntake(ctx.evidenceIntake.page({ key, request }));
  if (held.kind !== 'not-held') return held;
  const documentJson = await ctx.repos.evidence.documentOf(stored.pinId);
  if (documentJson === undefined)
    throw new Error(`the evidence of PIN ${stored.pinId} went while it was read`);
  const view = await inIntake(ctx.evidenceIntake.page({ key, documentJson, request }));
  if (view.kind === 'not-held') throw new Error('a worker given the document did not hold it');
  return view;
}

/**
 * A scan's evidence for the dashboard's evidence view (docs/scan-client.md, "What the server keeps"),
 * seen by exactly those who may see the PIN and its results (404 otherwise, as for the PIN itself).
 * Null when the PIN has no evidence: not finished yet, or finished by a scanner that reported
 * through /v1/scanner/finish and sent no evidence document. Long lists come a page at a time
 * (scanEvidenceList).
 */
export async function scanEvidence(
  ctx: UseCaseContext,
  caller: SessionCaller,
  pinCode: string,
): Promise<ScanEvidence | null> {
  const { pin } = await readVisiblePin(ctx, caller, pinCode);
  const stored = await ctx.repos.evidence.ofPin(pin.id);
  if (stored === undefined) return null;
  const view = await pageInWorker(ctx, stored, null, 0, 0);
  if (view.kind !== 'document') throw new Error('a whole-document page came back as a list');
  // Lists are only shortened, so the page is still a document of the schema's shape.
  const { nonce: _nonce, ...document } = view.document as EvidenceDocument;
  return {
    receiptId: stored.receiptId,
    receivedAt: stored.receivedAt,
    document,
    cut: view.cut,
    findings: stored.judgement.findings,
    omitted: stored.judgement.omitted,
    falsePositives: await ctx.repos.ruleQuality.marksOfPin(pin.id),
    classNameCuts: view.classNameCuts,
  };
}

/** One page of a list of a scan's evidence document (`sources.files.items.3.entries`, from `offset`). */
export async function scanEvidenceList(
  ctx: UseCaseContext,
  caller: SessionCaller,
  pinCode: string,
  list: ListPath,
  offset: number,
  limit: number,
): Promise<EvidenceListPage> {
  const { pin } = await readVisiblePin(ctx, caller, pinCode);
  const stored = await ctx.repos.evidence.ofPin(pin.id);
  if (stored === undefined) refuse({ code: 'evidence_list_not_found', pin: pin.code, path: list.join('.') });
  const view = await pageInWorker(ctx, stored, list, offset, limit);
  if (view.kind !== 'list') refuse({ code: 'evidence_list_not_found', pin: pin.code, path: list.join('.') });
  const { kind: _kind, ...page } = view;
  return page;
}
