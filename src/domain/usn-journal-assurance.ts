import type { AssuranceReason } from './assurance.js';
import type { EvidenceDocument } from './evidence.js';

/**
 * The USN journal's part in a scan's assurance (docs/scan-client.md, "USN journal", "Trust"). It
 * needs administrator rights, which the player may decline, so it is not one of the Windows sources
 * whose absence says the execution records were not checked: a client that sent no such section, or
 * a document older than schema 3 (which brought the section), is not held to it, and one that skipped
 * it or could read no drive's journal says so with its own reason. A failed section already counts as
 * a source that failed (evidence-assurance.ts), which is reason enough: one reason, not two.
 */
export function usnJournalReasons(doc: EvidenceDocument): AssuranceReason[] {
  const usn = doc.sources.usnJournal;
  if (usn === undefined || doc.client.platform !== 'win32' || doc.schema < 3) return [];
  if (usn.status === 'failed') return [];
  const unread =
    usn.status !== 'collected' ||
    (usn.volumes.length > 0 && usn.volumes.every((v) => v.state === 'not-read'));
  if (!unread) return [];
  const why = usn.status !== 'collected' ? usn.reason : (usn.volumes[0]?.note ?? null);
  return [
    {
      code: 'usn_journal_not_read',
      level: 'medium',
      text: `The USN journal was not read${why ? ` (${why})` : ''}: files deleted or renamed before the scan were not checked.`,
    },
  ];
}
