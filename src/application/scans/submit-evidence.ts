import type { Pin } from '../../domain/pin.js';
import type { Verdict } from '../../domain/pin-lifecycle.js';
import { ruleHitsOf } from '../../domain/rule-quality.js';
import { randomToken, sha256Hex } from '../../lib/crypto.js';
import type { UseCaseContext } from '../context.js';
import { refuse } from '../failures.js';
import { inIntake } from './evidence-intake/refusals.js';
import { finishScan } from './finish-scan.js';
import { refuseUnlessOpen } from './session.js';
import { admitUpload } from './upload-limits.js';
import { verdictShownToPlayer } from './verdict-to-player.js';

export interface EvidenceReceipt {
  id: string;
  /** What was received, by category, so the player can check it against what the client showed. */
  counts: Record<string, number>;
}

/**
 * Before an upload's body is read, once its session named an open scan (session.ts), docs/security.md
 * "Evidence uploads": the session and its address must be within their upload limits
 * (upload-limits.ts), and the nonce right when the client sends it in the `Scanpin-Nonce` header too.
 * Each refusal costs the server one small query, whatever the body.
 */
export async function admitEvidenceUpload(
  ctx: UseCaseContext,
  pin: Pin,
  clientAddress: string,
  headerNonce: string | undefined,
): Promise<void> {
  await admitUpload(ctx, pin, clientAddress);
  if (headerNonce === undefined) return;
  const { nonceHash } = await ctx.repos.scans.evidenceContext(pin.id);
  if (nonceHash === null || nonceHash !== sha256Hex(headerNonce))
    refuse({ code: 'nonce_mismatch', pin: pin.code });
}

/**
 * The scan client's evidence (docs/scan-client.md): checked against the scan's one-time nonce, judged
 * by the server's rules into the published report fields, and the scan finished exactly as a report
 * through /finish would be (verdict, events, webhooks), with the document kept beside it. Reading and
 * judging the document runs in the evidence intake's workers (evidence-intake/tasks.ts). A wrong nonce
 * or an invalid document changes nothing and leaves the scan open.
 */
export async function submitEvidence(
  ctx: UseCaseContext,
  pin: Pin,
  /** The body as received (inflated), not yet parsed. */
  body: Uint8Array,
  /** The address the upload came from (see finishScan). */
  clientAddress: string,
): Promise<{ result: Verdict; receipt: EvidenceReceipt; showResult: boolean }> {
  // A scan that expired since its session was checked says so first; only an open one is judged.
  refuseUnlessOpen(ctx, pin);
  const { nonceHash, startedAt } = await ctx.repos.scans.evidenceContext(pin.id);
  if (nonceHash === null) refuse({ code: 'nonce_mismatch', pin: pin.code });
  const rules = await ctx.currentRules();
  const outcome = await inIntake(
    ctx.evidenceIntake.intake({
      body,
      nonceHash,
      rules,
      gameType: pin.type,
      facts: { receivedAt: ctx.clock(), startedAt },
    }),
  );
  if (!outcome.ok) {
    if (outcome.refusal === 'nonce_mismatch') refuse({ code: 'nonce_mismatch', pin: pin.code });
    refuse({ code: 'invalid_body', detail: outcome.detail });
  }
  const receipt: EvidenceReceipt = { id: `rcpt_${randomToken(16)}`, counts: outcome.counts };
  const result = await finishScan(ctx, pin, outcome.report, clientAddress, {
    row: {
      receiptId: receipt.id,
      document: outcome.documentJson,
      findings: outcome.findingsJson,
      ruleHits: ruleHitsOf(outcome.judgement),
    },
    reasons: outcome.assuranceReasons,
    machineFacts: outcome.machineFacts,
  });
  return { result, receipt, showResult: await verdictShownToPlayer(ctx, pin) };
}
