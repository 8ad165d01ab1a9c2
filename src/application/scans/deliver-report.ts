import type { Pin } from '../../domain/pin.js';
import type { Verdict } from '../../domain/pin-lifecycle.js';
import type { ScanReport } from '../../domain/scan-report.js';
import type { UseCaseContext } from '../context.js';
import { refuse } from '../failures.js';
import { inIntake } from './evidence-intake/refusals.js';
import { type Decoded, decodeBody, INLINE_DECODE_MAX_BYTES } from './evidence-intake/tasks.js';
import { finishScan } from './finish-scan.js';

/**
 * `/v1/scanner/finish` (docs/scanner.md): the scanner's own report, up to 8 MiB, is decoded and checked
 * against its schema in the evidence intake's workers (docs/security.md, "Evidence uploads"), then
 * finishes the scan. An invalid report changes nothing and leaves the scan open.
 */
export async function deliverReport(
  ctx: UseCaseContext,
  pin: Pin,
  body: Uint8Array,
  clientAddress: string,
): Promise<Verdict> {
  // A report of a few KiB, which is nearly all of them, is decoded here: a worker's round trip
  // would cost more than the decoding, which stays within a few milliseconds (docs/security.md).
  const decoded: Decoded =
    body.length <= INLINE_DECODE_MAX_BYTES
      ? decodeBody({ body, schema: 'finish' })
      : await inIntake(ctx.evidenceIntake.decodeBody({ body, schema: 'finish' }));
  if (!decoded.ok) refuse({ code: 'invalid_body', detail: decoded.detail });
  return finishScan(ctx, pin, decoded.value as ScanReport, clientAddress);
}
