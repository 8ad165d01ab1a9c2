import {
  type Assurance,
  type AssuranceReason,
  assuranceOf,
  type ScanClient,
} from '../../domain/assurance.js';
import type { Pin } from '../../domain/pin.js';
import type { UseCaseContext } from '../context.js';
import { scanClientOf } from '../scanner-clients/scan-client.js';

/**
 * What a finishing scan's result is worth (docs/scan-client.md, "Trust"): its client as fixed at the
 * scan's start, and every reason to trust it less that the evidence, the networks its calls came from
 * and the machine's history give. The reasons' texts are added to the report's `integrity`, so staff
 * read them where they read every other finding, and a scan that is not `high` is never `legit`.
 */
export async function assuranceOfScan(
  ctx: UseCaseContext,
  pin: Pin,
  /** The reasons the evidence document gave (domain/evidence-assurance.ts); none for a bare report. */
  evidenceReasons: readonly AssuranceReason[],
  /** The reasons of the networks the scan's calls came from. */
  networkReasons: readonly AssuranceReason[],
  /** What finished the scan: an evidence upload, or a bare report through /finish. */
  delivered: 'evidence' | 'report',
): Promise<Assurance> {
  const client: ScanClient = await scanClientOf(ctx, pin);
  return assuranceOf(client, [...evidenceReasons, ...networkReasons], delivered);
}
