import type { Pin } from '../../domain/pin.js';
import type { Verdict } from '../../domain/pin-lifecycle.js';
import type { ScanReport } from '../../domain/scan-report.js';
import type { UseCaseContext } from '../context.js';
import { refuse } from '../failures.js';
import { IntakeBusy, IntakeTooCostly } from './evidence-intake/pool.js';
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
  let decoded: Decoded;
  try {
    // A report of a few KiB, which is nearly all of them, is decoded here: a worker's round trip
    // would cost more than the parse (docs/benchmarks.md), and this much parses in a millisecond or two.
    decoded =
      body.length <= INLINE_DECODE_MAX_BYTES
        ? decodeBody({ body, schema: 'finish' })
        : await ctx.evidenceIntake.decodeBody({ body, schema: 'finish' });
  } catch (error) {
    if (error instanceof IntakeBusy) refuse({ code: 'service_unavailable', cause: 'busy' });
    if (error instanceof IntakeTooCostly)
      refuse({ code: 'invalid_body', detail: `Invalid request body: ${error.message}` });
    throw error;
  }
  if (!decoded.ok) refuse({ code: 'invalid_body', detail: decoded.detail });
  return finishScan(ctx, pin, decoded.value as ScanReport, clientAddress);
}
