import type { EvidenceDocument, EvidenceReceipt } from './evidence/document.js';

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
 * docs/scan-client.md, "For players").
 */
export function receiptText(doc: EvidenceDocument, answer: EvidenceReceipt, pin: string): string {
  const lines = ['', `Scan for PIN ${pin} delivered. Receipt ${answer.receipt.id}.`, 'What was sent:'];
  for (const [key, count] of Object.entries(answer.receipt.counts))
    lines.push(`  ${String(count).padStart(7)}  ${LABELS[key] ?? key}`);
  for (const [name, section] of Object.entries(doc.sources)) {
    if (section.status !== 'collected')
      lines.push(`  ${name}: ${section.status} (${section.reason ?? 'no reason'})`);
  }
  if (answer.showResult === true)
    lines.push(`Verdict: ${answer.result}. The community's staff have the full result.`);
  else lines.push("The scan is complete. The community's staff have the result.");
  lines.push('Run with --json to see every item that was sent.');
  return lines.join('\n');
}
