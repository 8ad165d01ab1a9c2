import type { Tone } from '../../components';
import type { ProgramItem, SignatureStatus, TimelineSource } from './evidence-api';

/*
 * How the evidence view words a program that ran (docs/scan-client.md, "Programs that ran"): what each
 * time of its timeline means, which source said it, and the program's status.
 */

/** What happened at one time, and which source on the player's machine recorded it. */
export const TIMELINE_WORDS: Record<TimelineSource, { event: string; source: string }> = {
  process: { event: 'Process started', source: 'Running process' },
  prefetch: { event: 'Ran', source: 'Prefetch' },
  bam: { event: 'Last run', source: 'BAM' },
  pca: { event: 'Launched', source: 'PCA' },
  'file-created': { event: 'File created', source: 'File times' },
  'file-modified': { event: 'File modified', source: 'File times' },
  'recycle-bin': { event: 'Deleted to the Recycle Bin', source: 'Recycle Bin' },
};

/** The sources that record a run; the others date the file itself. */
const EXECUTION: ReadonlySet<TimelineSource> = new Set(['process', 'prefetch', 'bam', 'pca']);

/** "Executed, file deleted": whether a source records a run, and whether the file is still there. */
export function programStatus(program: ProgramItem): [string, Tone] {
  const ran = program.timeline.some((e) => EXECUTION.has(e.source));
  if (program.exists) return [ran ? 'Executed, file present' : 'File present', 'neutral'];
  return [ran ? 'Executed, file deleted' : 'File deleted', 'danger'];
}

const SIGNATURE: Record<SignatureStatus, [string, Tone]> = {
  unsigned: ['Unsigned', 'warning'],
  'signed-valid': ['Signed', 'success'],
  'signed-invalid': ['Invalid signature', 'danger'],
  'signed-unverifiable': ['Signature not verifiable', 'warning'],
  unreadable: ['Signature unreadable', 'warning'],
  'not-read': ['Signature not read', 'neutral'],
};

/** Authenticode, as far as the scanner checked it (trust up to a root is not checked). */
export function signatureStatus(program: ProgramItem): [string, Tone] {
  if (program.signature === null) {
    return [program.exists ? 'Signature not read' : 'No signature: the file is gone', 'neutral'];
  }
  const [words, tone] = SIGNATURE[program.signature.status];
  return program.signature.selfSigned ? [`${words} (self-signed)`, 'warning'] : [words, tone];
}

const localTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'long' });

/** In the reader's time zone, to the second and with the zone's name: times are compared here. */
export function localSeconds(iso: string): string {
  const t = Date.parse(iso);
  return Number.isFinite(t) ? localTime.format(t) : iso;
}

/** `2024-03-10 18:45:12 UTC`, as the findings' texts write times. */
export function utcSeconds(iso: string): string {
  const t = Date.parse(iso);
  return Number.isFinite(t) ? `${new Date(t).toISOString().slice(0, 19).replace('T', ' ')} UTC` : iso;
}

/** The entries oldest first; one whose time the browser cannot read keeps its place at the end. */
export function chronological(timeline: ProgramItem['timeline']): ProgramItem['timeline'] {
  const at = (iso: string) => {
    const t = Date.parse(iso);
    return Number.isFinite(t) ? t : Number.POSITIVE_INFINITY;
  };
  return timeline
    .map((entry, i) => ({ entry, i, t: at(entry.at) }))
    .sort((a, b) => (a.t === b.t ? a.i - b.i : a.t - b.t))
    .map((x) => x.entry);
}

const SPAN_UNITS: Array<[string, number]> = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1000],
];

/** "3 days", "2 hours", "under a second": how long the timeline covers, at its largest unit. */
export function spanWords(ms: number): string {
  for (const [unit, size] of SPAN_UNITS) {
    const n = Math.floor(ms / size);
    if (n >= 1) return `${n} ${unit}${n === 1 ? '' : 's'}`;
  }
  return 'under a second';
}
