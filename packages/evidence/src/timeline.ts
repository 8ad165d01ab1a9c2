/**
 * Which source gave one time of a program's timeline (docs/scan-client.md, "Programs that ran"). A
 * new source that dates a program adds its name at the end.
 */
export const TIMELINE_SOURCES = [
  'process',
  'prefetch',
  'bam',
  'pca',
  'file-created',
  'file-modified',
  'recycle-bin',
] as const;
export type TimelineSource = (typeof TIMELINE_SOURCES)[number];
