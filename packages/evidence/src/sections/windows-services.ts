import { Type } from 'typebox';
import { EVIDENCE_CAPS as L } from '../caps.js';
import { Count, Nullable, Section, Text, TimestampInput, When } from '../schema/primitives.js';

/*
 * Version 3: the Windows services the evidence depends on, and the Application Compatibility Cache
 * (docs/scan-client.md, "Windows services", "ShimCache").
 */

export const EvidenceService = Type.Object(
  {
    name: Text(L.name, 'The service’s key name (`SysMain`, `PcaSvc`, `bam`, …).'),
    present: Nullable(
      Type.Boolean({
        description:
          'False: the service does not exist (Windows ships every one of these, so it was deleted). Null: unknown (a damaged hive hid it).',
      }),
    ),
    start: Nullable(Count),
    startType: Nullable(
      Type.Enum(['boot', 'system', 'automatic', 'manual', 'disabled'], { description: 'From `Start`.' }),
    ),
    state: Nullable(
      Type.Enum(
        [
          'stopped',
          'start-pending',
          'stop-pending',
          'running',
          'continue-pending',
          'pause-pending',
          'paused',
        ],
        { description: 'The live state from the service manager; null when read from a hive file.' },
      ),
    ),
    type: Nullable(Count),
    imagePath: Nullable(Text(L.path)),
    displayName: Nullable(Text(L.text)),
    keyLastWritten: Nullable(
      TimestampInput('When the service’s registry key last changed (a hive file only).'),
    ),
    problem: Nullable(Text(L.text, 'Why this service could not be read.')),
  },
  { additionalProperties: false },
);

export const ServicesSection = Section(
  'The Windows services that write the evidence (SysMain for Prefetch, PcaSvc, the BAM and DAM drivers, EventLog, …): each one’s start type, and on a running Windows its state.',
  {
    from: Nullable(Type.Enum(['hive-file', 'service-manager'])),
    controlSet: Nullable(Text(L.name)),
    items: Type.Array(EvidenceService, { maxItems: L.services }),
  },
);

export const EvidenceShimCacheEntry = Type.Object(
  {
    position: Count,
    path: Text(
      L.path,
      'As Windows wrote it (the home folder shortened to `~`); a packaged app’s family name when `kind` is `packaged-app`.',
    ),
    kind: Type.Enum(['file', 'packaged-app']),
    lastModified: When,
    executed: Nullable(
      Type.Boolean({
        description: 'Windows 8.x’s insertion flag; null on Windows 10 and 11, which do not record it.',
      }),
    ),
  },
  {
    additionalProperties: false,
    description:
      'One cached program: it was on the machine at that path, its file last modified at that time (not a run time).',
  },
);

export const ShimCacheSection = Section(
  'The Application Compatibility Cache (ShimCache) as Windows last saved it: programs that were on the machine, newest first, even if since deleted.',
  {
    from: Nullable(Type.Enum(['hive-file', 'registry'])),
    controlSet: Nullable(Text(L.name)),
    format: Nullable(Type.Enum(['windows-10', 'windows-8.0', 'windows-8.1'])),
    entriesTotal: Count,
    stopped: Nullable(Text(L.text, 'Why the cache was read only in part.')),
    items: Type.Array(EvidenceShimCacheEntry, { maxItems: L.shimcacheEntries, description: 'Newest first.' }),
  },
);
