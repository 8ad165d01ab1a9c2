import type { AssuranceReason } from '../../domain/assurance.js';
import { matchCustomKeywords } from '../../domain/custom-keywords.js';
import type { MachineFacts } from '../../domain/machine-facts.js';
import type { Pin } from '../../domain/pin.js';
import { finish, type Verdict } from '../../domain/pin-lifecycle.js';
import { accountsOfScan, withProvenance } from '../../domain/report-provenance.js';
import { withServerEntries } from '../../domain/report-server-entries.js';
import { type ScanReport, suspiciousFindings, toStoredReport, verdictOf } from '../../domain/scan-report.js';
import { hmacHex } from '../../lib/crypto.js';
import type { EvidenceRow } from '../../storage/repositories/scans.js';
import type { UseCaseContext } from '../context.js';
import { timelineRows } from '../pins/timeline.js';
import { pinEvent } from '../webhooks/pin-events.js';
import { applyMove } from './apply-move.js';
import { hardwareConsistency } from './hardware-consistency.js';
import { placeReport } from './network-origin.js';
import { assuranceOfScan } from './scan-assurance.js';
import { networkReasons } from './scan-network.js';

/** What an evidence upload adds to a finish: the document kept with the scan and what it admits. */
export interface FinishEvidence {
  row: EvidenceRow;
  /** Reasons the document gives to trust it less (domain/evidence-assurance.ts). */
  reasons: readonly AssuranceReason[];
  /** The facts a forger must keep consistent across scans of one machine (domain/machine-facts.ts). */
  machineFacts: MachineFacts;
}

/**
 * scanning → finished: the server fills the report's country and VPN from the address it came from,
 * weighs what the result is worth (its assurance: scan-assurance.ts), computes the verdict from the
 * report, the PIN owner's custom keywords and the assurance, and the player-risk aggregates are
 * updated in the same transaction.
 */
export async function finishScan(
  ctx: UseCaseContext,
  pin: Pin,
  delivered: ScanReport,
  /** The address the report came from: only the country and network it places are kept. */
  clientAddress: string,
  /** Present when the report was judged from an evidence upload. */
  evidence?: FinishEvidence,
): Promise<Verdict> {
  let current = pin;
  for (let attempt = 1; ; attempt++) {
    try {
      return await finishOnce(ctx, current, delivered, clientAddress, evidence);
    } catch (error) {
      if (!(error instanceof DecidedOnOlderPin) || attempt === RECOMPUTES) throw error;
      current = error.fresh;
    }
  }
}

/**
 * The PIN changed (a proof recorded, a progress call) between reading what the finish decides on
 * (who proved the scan, its networks) and writing it: the finish is decided again on the fresh PIN,
 * so a player told "proven" is never left out of the scan's reach.
 */
class DecidedOnOlderPin extends Error {
  constructor(readonly fresh: Pin) {
    super(`PIN ${fresh.id} changed while its finish was decided`);
  }
}
const RECOMPUTES = 4;

async function finishOnce(
  ctx: UseCaseContext,
  pin: Pin,
  delivered: ScanReport,
  clientAddress: string,
  evidence: FinishEvidence | undefined,
): Promise<Verdict> {
  const placed = await placeReport(ctx, delivered, clientAddress);
  const [networks, machine] = await Promise.all([
    networkReasons(ctx, pin, clientAddress),
    hardwareConsistency(ctx, pin, evidence?.machineFacts ?? null),
  ]);
  const assurance = await assuranceOfScan(
    ctx,
    pin,
    evidence?.reasons ?? [],
    networks.reasons,
    evidence === undefined ? 'report' : 'evidence',
  );
  // Each reason to trust the result less is an integrity finding, in the words staff read; what the
  // machine's history says is a warning only (docs/scan-client.md, "Same machine, same story").
  const integrity = withServerEntries(placed.integrity, assurance.reasons);
  const warnings = withServerEntries(placed.warnings, machine.warnings);
  const keywords = await ctx.repos.accounts.keywords(pin.accountId);
  const customSuspicious = matchCustomKeywords(placed.artifacts, keywords);
  const verdict = verdictOf({ ...placed, integrity, warnings }, customSuspicious, assurance);
  const { player, enterpriseShared } = await ctx.repos.reportProvenance.finishContext(pin.id);
  // Accounts from an evidence upload are the machine's Discord store's; a bare report only claims them.
  const accounts = accountsOfScan({
    reported: placed.discord,
    seenOnMachine: evidence !== undefined,
    player,
    enterpriseShared,
  });
  // The kept report says of each account how the scan knows it, for the PIN's owner to see.
  const report: ScanReport = {
    ...placed,
    integrity,
    warnings,
    discord: withProvenance(placed.discord, accounts),
  };
  const extra = {
    customSuspicious,
    suspiciousFindings: suspiciousFindings(report, customSuspicious),
    // The scanned person's IP is kept only as a keyed hash (docs/scanner.md: never stored raw).
    ipHash: report.ip ? hmacHex(ctx.hashSecret, `ip:${report.ip}`) : null,
    assurance,
    evidence: evidence?.row,
    hardwareFacts: machine.facts,
    uploadNetwork: networks.upload,
    accounts,
  };
  await applyMove(
    ctx,
    pin,
    (state, now) => finish(state, verdict, now),
    (current, next, now) => {
      if (current.revision !== pin.revision) throw new DecidedOnOlderPin(current);
      return ctx.repos.scans.finish(
        current,
        next,
        report,
        extra,
        now,
        [pinEvent(current, current.state, next, toStoredReport(report, customSuspicious, assurance), now)],
        timelineRows(current, current.state, next),
      );
    },
  );
  return verdict;
}
