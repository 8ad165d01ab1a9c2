import { disclosedSources, type PlannedSources } from './disclosure.js';
import type { EvidenceDocument, EvidenceReceipt, EvidenceSourceName } from './evidence/document.js';

const LABELS: Record<string, string> = {
  sourcesCollected: 'evidence sources collected',
  processes: 'game processes',
  memoryProcesses: 'game processes whose memory was read',
  classNames: 'class names from memory',
  memoryStrings: 'hinted texts from memory',
  files: 'game files',
  archiveEntries: 'names of files inside archives',
  logLines: 'log lines',
  discordAccounts: 'Discord accounts',
  networkAdapters: 'network adapters',
  usnChanges: 'files deleted, renamed or re-dated (USN journal)',
};

/**
 * What the player is shown after the upload: what was sent, by category and count, and the receipt.
 * Not the verdict: a player who learns at once whether a bypass worked can try again until one does,
 * so only the community's staff see it, unless its Enterprise chose to show it (`showResult`;
 * docs/scan-client.md, "For players"). Each source the consent prompt named for this scan (`plan`:
 * the one it ran) that was not collected is listed with its reason; the sources of another system
 * and those the plan did not ask for are in the document (`--json`) but not listed here.
 */
export function receiptText(
  doc: EvidenceDocument,
  answer: EvidenceReceipt,
  pin: string,
  plan: PlannedSources,
): string {
  const lines = ['', `Scan for PIN ${pin} delivered. Receipt ${answer.receipt.id}.`, 'What was sent:'];
  for (const [key, count] of Object.entries(answer.receipt.counts))
    lines.push(`  ${String(count).padStart(7)}  ${LABELS[key] ?? key}`);
  const disclosed = disclosedSources(doc.client.platform, plan);
  for (const [name, section] of Object.entries(doc.sources)) {
    if (section.status !== 'collected' && disclosed.has(name as EvidenceSourceName))
      lines.push(`  ${name}: ${section.status} (${section.reason ?? 'no reason'})`);
  }
  if (answer.showResult === true)
    lines.push(`Verdict: ${answer.result}. The community's staff have the full result.`);
  else lines.push("The scan is complete. The community's staff have the result.");
  lines.push('Run with --json to see every item that was sent.');
  return lines.join('\n');
}
