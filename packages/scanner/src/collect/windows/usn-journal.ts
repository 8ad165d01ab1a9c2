import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { EVIDENCE_CAPS } from '@scanpin/evidence';
import type { SourceFields } from '../../evidence/document.js';
import { elevationOutcome, notElevatedReason } from '../../windows/elevation-outcome.js';
import { rawJournal } from '../../windows/usn/raw-journal.js';
import {
  readVolumeJournal,
  USN_LIMITS,
  USN_MAX_CHANGES,
  USN_WINDOW_HOURS,
} from '../../windows/usn/volume-journal.js';
import { type UsnVolumeReport, unreadVolume } from '../../windows/usn/volume-report.js';
import { type CollectContext, type Collector, SkipSource } from '../context.js';
import { windowsLayout } from './layout.js';

/**
 * The NTFS change journal of each fixed volume (docs/scan-client.md, "USN journal"). Live on Windows,
 * through the volume (windows/live/usn-journal.ts), which only an elevated scanner may open: without
 * administrator rights the source is skipped with the reason (the player declined the prompt, or
 * `--no-elevate`). On a planted drive (`--self-test`, tests), a copy of the journal's stream at
 * `<drive>\$Extend\$UsnJrnl:$J` (written `$UsnJrnl%3A$J`, as forensic copies name it) is read instead.
 */

type UsnFields = SourceFields<'usnJournal'>;

/** A copy is read whole: past this size it is not read (a live journal is read within USN_LIMITS). */
const MAX_COPY_BYTES = USN_LIMITS.maxBytes;
const STREAM_NAMES = ['$usnjrnl%3a$j', '$usnjrnl:$j'];

async function plantedStream(root: string): Promise<string | null> {
  const extend = (await readdir(root).catch(() => [] as string[])).find((n) => n.toLowerCase() === '$extend');
  if (extend === undefined) return null;
  const name = (await readdir(join(root, extend)).catch(() => [] as string[])).find((n) =>
    STREAM_NAMES.includes(n.toLowerCase()),
  );
  return name === undefined ? null : join(root, extend, name);
}

async function plantedVolumes(ctx: CollectContext, since: number): Promise<UsnVolumeReport[]> {
  const layout = await windowsLayout(ctx);
  const out: UsnVolumeReport[] = [];
  for (const drive of layout.drives) {
    const file = await plantedStream(drive.root);
    if (file === null) continue;
    const size = (await stat(file)).size;
    if (size > MAX_COPY_BYTES) {
      const note = `the copy of the journal is ${Math.round(size / 2 ** 20)} MiB, more than the ${MAX_COPY_BYTES / 2 ** 20} MiB read`;
      out.push(unreadVolume(drive.letter, 'not-read', note));
      continue;
    }
    const { journal, read } = rawJournal(await readFile(file));
    const report = readVolumeJournal(drive.letter, journal, read, { since });
    // A copied stream does not say which journal it was ($Max is not read), nor whether it wrapped.
    out.push({ ...report, journalId: null, wrapped: null, lowestValidUsn: null });
  }
  return out;
}

function systemDrive(ctx: CollectContext): string {
  return (ctx.machine.env.SystemDrive ?? 'C:').slice(0, 2).toUpperCase();
}

function toEvidence(ctx: CollectContext, reports: UsnVolumeReport[], elevated: boolean | null): UsnFields {
  const text = (value: string | null, cap: number) => (value === null ? null : value.slice(0, cap));
  const system = systemDrive(ctx);
  const items: UsnFields['items'] = [];
  for (const r of reports)
    for (const c of r.changes) {
      if (items.length >= EVIDENCE_CAPS.usnChanges) break;
      items.push({
        volume: r.volume,
        kind: c.kind,
        name: text(c.name, EVIDENCE_CAPS.path),
        oldName: text(c.oldName, EVIDENCE_CAPS.path),
        folder: text(c.folder === null ? null : ctx.display(c.folder), EVIDENCE_CAPS.path),
        at: c.at,
        fileReference: c.fileReference.slice(0, EVIDENCE_CAPS.name),
        parentReference: c.parentReference.slice(0, EVIDENCE_CAPS.name),
        reasons: c.reasons.slice(0, EVIDENCE_CAPS.usnReasons),
      });
    }
  return {
    elevated,
    windowHours: USN_WINDOW_HOURS,
    volumes: reports.slice(0, EVIDENCE_CAPS.drives).map((r) => ({
      volume: r.volume,
      system: r.volume.toUpperCase() === system,
      state: r.state,
      note: text(r.note, EVIDENCE_CAPS.text),
      journalId: r.journalId,
      firstUsn: r.firstUsn,
      nextUsn: r.nextUsn,
      lowestValidUsn: r.lowestValidUsn,
      wrapped: r.wrapped,
      oldestRecordAt: r.oldestRecordAt,
      complete: r.complete,
      bytesRead: r.bytesRead,
      changesDropped: r.changesDropped,
    })),
    items: items.sort((a, b) => Date.parse(a.at ?? '') - Date.parse(b.at ?? '')),
  };
}

export const collectUsnJournal: Collector<'usnJournal'> = async (ctx) => {
  const since = Date.now() - USN_WINDOW_HOURS * 3_600_000;
  if (ctx.machine.windows !== undefined) {
    const volumes = await plantedVolumes(ctx, since);
    if (volumes.length === 0)
      throw new SkipSource(
        'No copy of a change journal ($Extend\\$UsnJrnl:$J) on the planted drives; the live journal is read only on Windows, as administrator.',
      );
    return toEvidence(ctx, volumes, null);
  }
  await windowsLayout(ctx);
  const outcome = elevationOutcome();
  const live = await import('../../windows/live/elevation.js');
  // The command line records whether it is elevated; a caller that did not go through it is asked here.
  const elevated = outcome.elevated || (await live.isElevated().catch(() => null)) === true;
  if (!elevated) throw new SkipSource(notElevatedReason(outcome));
  const { readLiveUsnJournals } = await import('../../windows/live/usn-journal.js');
  const volumes = await readLiveUsnJournals({ since, maxChanges: USN_MAX_CHANGES });
  if (volumes.length === 0) throw new SkipSource('No fixed NTFS volume was found.');
  return toEvidence(ctx, volumes, true);
};
