import type { EvidenceDocument } from '../evidence.js';
import { type Signal, shownTime } from '../windows-signals.js';

/**
 * A file Amcache recorded that is no longer where it was (docs/scan-client.md, "Amcache"). Amcache
 * proves the file was present (the Compatibility Appraiser inventories installed and scanned programs
 * as well as run ones), not that it ran; its record, with the SHA-1 of the file's content, outlives the
 * file. A rule of kind `signal` with the pattern `amcache-file-deleted` decides what that means.
 *
 * Files under the Windows folder, Program Files and ProgramData are left out: Windows updates,
 * uninstallers and installers' caches delete those without the player doing anything. A file the scanner
 * could not look for (its drive is not on this machine now: a USB stick) is not called deleted.
 */

const MAINTAINED = /^[a-z]:[\\/](windows|program files|program files \(x86\)|programdata)[\\/]/i;

export function* amcacheSignals(doc: EvidenceDocument): Generator<Signal> {
  const amcache = doc.sources.amcache;
  if (amcache === undefined || amcache.status !== 'collected') return;
  for (const [index, r] of amcache.items.entries()) {
    if (r.exists !== false || MAINTAINED.test(r.path)) continue;
    const recorded = r.recordedAt === null ? '' : `, recorded ${shownTime(r.recordedAt)}`;
    const hash = r.sha1 === null ? '' : `, SHA-1 ${r.sha1}`;
    yield {
      code: 'amcache-file-deleted',
      proves: 'possession',
      where: `${r.path} (Amcache${recorded}${hash}; the file is gone)`,
      ref: { source: 'amcache', index, value: r.path },
    };
  }
}
