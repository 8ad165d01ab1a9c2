import type { Pin } from '../../domain/pin.js';
import type { UseCaseContext } from '../context.js';
import { refuse } from '../failures.js';

/**
 * An evidence document may be sent a few times per scan session and hour
 * (`EVIDENCE_UPLOADS_PER_SCAN`) and per address and minute (`EVIDENCE_UPLOADS_PER_MINUTE`), checked
 * before the body is read (docs/security.md, "Evidence uploads"): a refused upload leaves its scan
 * open, so without a limit one PIN could keep the intake's workers busy for everyone.
 */
export async function admitUpload(ctx: UseCaseContext, pin: Pin, clientAddress: string): Promise<void> {
  const limit = await ctx.rateLimiter.forEvidenceUpload(pin.id, clientAddress);
  if (!limit.allowed) refuse({ code: 'rate_limited', limit });
}

/** A report to `finish` counts in the same per-scan limit (a refused one leaves the scan open too). */
export async function admitReport(ctx: UseCaseContext, pin: Pin): Promise<void> {
  const limit = await ctx.rateLimiter.forReport(pin.id);
  if (!limit.allowed) refuse({ code: 'rate_limited', limit });
}
