import { EVIDENCE_SOURCE_NAMES, type EvidenceDocument } from '../../domain/evidence.js';
import { reportFromEvidence } from '../../domain/evidence-report.js';
import type { Pin } from '../../domain/pin.js';
import { finish, observe, type Verdict } from '../../domain/pin-lifecycle.js';
import { evaluateEvidence } from '../../domain/rules.js';
import { randomToken, sha256Hex } from '../../lib/crypto.js';
import type { UseCaseContext } from '../context.js';
import { refuse } from '../failures.js';
import { lifecycleSettings } from '../settings.js';
import { refusalFailure } from './apply-move.js';
import { finishScan } from './finish-scan.js';

export interface EvidenceReceipt {
  id: string;
  /** What was received, by category, so the player can check it against what the client showed. */
  counts: Record<string, number>;
}

/** What the receipt counts: one number per category of what the document holds. */
export function receiptCounts(doc: EvidenceDocument): Record<string, number> {
  const { processes, memory, files, logs, discord, network } = doc.sources;
  const { prefetch, bam, pca, recycleBin, gameFolders, programs } = doc.sources;
  return {
    sourcesCollected: EVIDENCE_SOURCE_NAMES.filter((name) => doc.sources[name]?.status === 'collected')
      .length,
    processes: processes.items.length,
    memoryProcesses: memory.items.filter((m) => m.readable).length,
    classNames: memory.items.reduce((n, m) => n + m.classNames.length, 0),
    memoryStrings: memory.items.reduce((n, m) => n + m.strings.length, 0),
    files: files.items.length,
    archiveEntries: files.items.reduce((n, f) => n + f.entries.length, 0),
    logLines: logs.items.reduce((n, l) => n + l.lines.length, 0),
    discordAccounts: discord.accounts.length,
    networkAdapters: network.adapters.length,
    prefetchFiles: prefetch?.items.length ?? 0,
    bamEntries: bam?.items.length ?? 0,
    pcaEntries: pca?.items.length ?? 0,
    recycleBinItems: recycleBin?.items.length ?? 0,
    gameFolderItems: gameFolders?.items.length ?? 0,
    programs: programs?.items.length ?? 0,
  };
}

/**
 * The scan client's evidence (docs/scan-client.md): checked against the scan's one-time nonce, judged
 * by the server's rules into the published report fields, and the scan finished exactly as a report
 * through /finish would be (verdict, events, webhooks), with the document kept beside it. A wrong
 * nonce changes nothing and leaves the scan open.
 */
export async function submitEvidence(
  ctx: UseCaseContext,
  pin: Pin,
  doc: EvidenceDocument,
  /** The address the upload came from (see finishScan). */
  clientAddress: string,
): Promise<{ result: Verdict; receipt: EvidenceReceipt }> {
  // A closed scan says so first, as every scanner call does; only an open one is checked for its nonce.
  const now = ctx.clock();
  const open = finish(observe(pin.state, now, lifecycleSettings(ctx.config)), 'legit', now);
  if (!open.ok) refuse(refusalFailure(open.refusal, pin.code));
  const { nonceHash, startedAt } = await ctx.repos.scans.evidenceContext(pin.id);
  if (nonceHash === null || nonceHash !== sha256Hex(doc.nonce))
    refuse({ code: 'nonce_mismatch', pin: pin.code });
  const rules = await ctx.currentRules();
  const findings = evaluateEvidence(rules, doc, pin.type);
  const report = reportFromEvidence(doc, findings, { receivedAt: ctx.clock(), startedAt });
  const receipt: EvidenceReceipt = { id: `rcpt_${randomToken(16)}`, counts: receiptCounts(doc) };
  // The nonce is kept only as the scan's hash; the stored document need not carry it.
  const kept: EvidenceDocument = { ...doc, nonce: '' };
  const result = await finishScan(ctx, pin, report, clientAddress, {
    receiptId: receipt.id,
    document: JSON.stringify(kept),
    findings: JSON.stringify(findings),
  });
  return { result, receipt };
}
