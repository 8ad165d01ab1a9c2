import type { EvidenceDocument } from '../../domain/evidence.js';
import type { Finding } from '../../domain/rules.js';
import type { SessionCaller } from '../access/authenticate-session.js';
import type { UseCaseContext } from '../context.js';
import { readVisiblePin } from './pins.js';

/** The evidence document as kept with a scan: the nonce is kept only as the scan's hash. */
export type KeptEvidenceDocument = Omit<EvidenceDocument, 'nonce'>;

/** What the scan client uploaded for a scan, and the findings the rules made of it. */
export interface ScanEvidence {
  receiptId: string;
  receivedAt: number;
  document: KeptEvidenceDocument;
  findings: Finding[];
}

/**
 * A scan's evidence for the dashboard's evidence view (docs/scan-client.md, "What the server keeps"),
 * seen by exactly those who may see the PIN and its results (404 otherwise, as for the PIN itself).
 * Null when the PIN has no evidence: not finished yet, or finished by a scanner that reported
 * through /v1/scanner/finish and sent no evidence document.
 */
export async function scanEvidence(
  ctx: UseCaseContext,
  caller: SessionCaller,
  pinCode: string,
): Promise<ScanEvidence | null> {
  const { pin } = await readVisiblePin(ctx, caller, pinCode);
  const stored = await ctx.repos.evidence.ofPin(pin.id);
  if (stored === undefined) return null;
  const { nonce: _nonce, ...document } = stored.document;
  return {
    receiptId: stored.receiptId,
    receivedAt: stored.receivedAt,
    document,
    findings: stored.findings,
  };
}
