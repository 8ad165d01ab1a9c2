import { matchCustomKeywords } from '../../domain/custom-keywords.js';
import type { Pin } from '../../domain/pin.js';
import { finish, type Verdict } from '../../domain/pin-lifecycle.js';
import { accountsOfScan, withProvenance } from '../../domain/report-provenance.js';
import { type ScanReport, suspiciousFindings, toStoredReport, verdictOf } from '../../domain/scan-report.js';
import { hmacHex } from '../../lib/crypto.js';
import type { EvidenceRow } from '../../storage/repositories/scans.js';
import type { UseCaseContext } from '../context.js';
import { timelineRows } from '../pins/timeline.js';
import { pinEvent } from '../webhooks/pin-events.js';
import { applyMove } from './apply-move.js';
import { placeReport } from './network-origin.js';

/**
 * scanning → finished: the server fills the report's country and VPN from the address it came from,
 * computes the verdict from the report and the PIN owner's custom keywords, and the player-risk aggregates are updated in the same transaction.
 */
export async function finishScan(
  ctx: UseCaseContext,
  pin: Pin,
  delivered: ScanReport,
  /** The address the report came from: only the country and network it places are kept. */
  clientAddress: string,
  /** Kept with the scan when the report was judged from an evidence upload. */
  evidence?: EvidenceRow,
): Promise<Verdict> {
  const placed = await placeReport(ctx, delivered, clientAddress);
  const keywords = await ctx.repos.accounts.keywords(pin.accountId);
  const customSuspicious = matchCustomKeywords(placed.artifacts, keywords);
  const verdict = verdictOf(placed, customSuspicious);
  const { player, enterpriseShared } = await ctx.repos.reportProvenance.finishContext(pin.id);
  // Accounts from an evidence upload are the machine's Discord store's; a bare report only claims them.
  const accounts = accountsOfScan({
    reported: placed.discord,
    seenOnMachine: evidence !== undefined,
    player,
    enterpriseShared,
  });
  // The kept report says of each account how the scan knows it, for the PIN's owner to see.
  const report: ScanReport = { ...placed, discord: withProvenance(placed.discord, accounts) };
  const extra = {
    customSuspicious,
    suspiciousFindings: suspiciousFindings(report, customSuspicious),
    // The scanned person's IP is kept only as a keyed hash (docs/scanner.md: never stored raw).
    ipHash: report.ip ? hmacHex(ctx.hashSecret, `ip:${report.ip}`) : null,
    evidence,
    accounts,
  };
  await applyMove(
    ctx,
    pin,
    (state, now) => finish(state, verdict, now),
    (current, next, now) =>
      ctx.repos.scans.finish(
        current,
        next,
        report,
        extra,
        now,
        [pinEvent(current, current.state, next, toStoredReport(report, customSuspicious), now)],
        timelineRows(current, current.state, next),
      ),
  );
  return verdict;
}
