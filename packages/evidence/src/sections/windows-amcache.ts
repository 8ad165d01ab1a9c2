import { Type } from 'typebox';
import { EVIDENCE_CAPS as L } from '../caps.js';
import { Count, Nullable, Section, Text, TimestampInput, When } from '../schema/primitives.js';

/*
 * Version 3: Amcache.hve (docs/scan-client.md, "Amcache"): the program files Windows' Compatibility
 * Appraiser recorded, with the SHA-1 of their content. A record proves the file was present, not that
 * it ran; it outlives the file.
 */

export const Sha1 = Type.String({
  pattern: '^[0-9a-f]{40}$',
  description: 'SHA-1, lowercase hex.',
  examples: ['da39a3ee5e6b4b0d3255bfef95601890afd80709'],
});

export const EvidenceAmcacheRecord = Type.Object(
  {
    path: Text(
      L.path,
      'As Amcache wrote it (lower case), or as found on the disk; the home folder shortened to `~`.',
    ),
    name: Text(L.name),
    sha1: Nullable(Sha1),
    sha1Covers: Type.Enum(['whole-file', 'first-30-mib', 'unknown'], {
      description:
        'Windows hashes at most the first 31,457,280 bytes (30 MiB): for a larger file the SHA-1 is that prefix’s, not the whole file’s. `unknown`: no size recorded.',
    }),
    size: Nullable(Count),
    linkDate: Nullable(
      TimestampInput('The link time in the program’s PE header (reproducible builds put a hash there).'),
    ),
    publisher: Nullable(Text(L.name, 'From the file’s version resource, as the file states it.')),
    productName: Nullable(Text(L.name)),
    version: Nullable(Text(L.name)),
    recordedAt: When,
    exists: Nullable(
      Type.Boolean({
        description:
          'Whether the file is there now; null when its drive is not on the machine at the scan (a USB stick).',
      }),
    ),
  },
  { additionalProperties: false },
);

export const AmcacheSection = Section(
  'Amcache.hve: the program files Windows recorded (present, not necessarily run), newest records first.',
  {
    from: Nullable(
      Type.Enum(['hive-file', 'registry'], {
        description: '`registry`: Windows held the file open and it was read through RegLoadAppKey.',
      }),
    ),
    recordsTotal: Type.Integer({ minimum: 0, description: 'Records with a path, before the cap.' }),
    badFileIds: Type.Integer({
      minimum: 0,
      description: 'Records whose FileId is not a SHA-1: listed without one.',
    }),
    damagedRecords: Type.Integer({ minimum: 0, description: 'Records the hive’s damage made unreadable.' }),
    items: Type.Array(EvidenceAmcacheRecord, { maxItems: L.amcacheEntries }),
  },
);
