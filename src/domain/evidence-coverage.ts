import type { EvidenceDocument } from './evidence.js';

/**
 * A scan that could not send everything it found is no clean scan (docs/scan-client.md, "What a
 * capped scan means"): the scan client cuts every list to the caps of the evidence document, and a
 * player can pad a folder, a jar or the game's memory until what matters falls past the cut (5,000
 * decoy jars sorting before the cheat; 20,000 entries before its classes). Each cut the document
 * admits to becomes an `integrity` entry, in words staff understand, so the verdict cannot be
 * `legit`. Pure: the document in, the entries out.
 */

const count = (n: number) => n.toLocaleString('en-US');
const LEAD = 'The scan could not send everything:';

export function coverageIntegrity(doc: EvidenceDocument): string[] {
  const out: string[] = [];
  const { files, memory } = doc.sources;
  const total = files.itemsTotal;
  if (total !== undefined && total > files.items.length)
    out.push(
      `${LEAD} ${count(files.items.length)} of ${count(total)} game files were listed; a file may be hidden among the rest.`,
    );
  for (const f of files.items) {
    if (f.entriesTotal > f.entries.length)
      out.push(
        `${LEAD} ${count(f.entries.length)} of ${count(f.entriesTotal)} entries of ${f.path} were listed; a class may be hidden among the rest.`,
      );
  }
  for (const m of memory.items) {
    if (m.truncated)
      out.push(
        `${LEAD} the memory of ${m.process} (pid ${m.pid}) held more class names or texts than a scan carries; a cheat's may be among those left out.`,
      );
  }
  for (const p of doc.sources.modules?.processes ?? []) {
    if (p.truncated)
      out.push(
        `${LEAD} ${p.process} (pid ${p.pid}) had more modules loaded than a scan carries; a cheat's may be among those left out.`,
      );
  }
  return out;
}
