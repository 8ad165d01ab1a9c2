import { Type } from 'typebox';
import { EVIDENCE_CAPS as L } from '../caps.js';
import { Count, Nullable, Section, Text, TimestampInput, When } from '../schema/primitives.js';

/*
 * Version 3: the NTFS change journal of each fixed volume (docs/scan-client.md, "USN journal"): whether
 * it is there and how far back it goes, and the recent deletions, renames and time or attribute
 * changes of program, script, Prefetch and archive files. The journal gives a name and its folder's
 * file reference, not a path; the folder is named when it still exists.
 */

export const EvidenceUsnVolume = Type.Object(
  {
    volume: Text(L.name, 'The drive, `C:`.'),
    system: Type.Boolean({ description: 'The volume Windows runs from.' }),
    state: Type.Enum(['read', 'inactive', 'not-read'], {
      description:
        '`inactive`: the volume has no active journal (deleted and not created again); `not-read`: see `note`.',
    }),
    note: Nullable(Text(L.text, 'Why it is inactive or was not read, or which part of it was not read.')),
    journalId: Nullable(
      Text(L.name, 'UsnJournalID, hexadecimal: a journal deleted and created again has a new one.'),
    ),
    firstUsn: Nullable(Text(L.name, 'The first record still in the journal (decimal).')),
    nextUsn: Nullable(Text(L.name, 'The next record to be written (decimal).')),
    lowestValidUsn: Nullable(Text(L.name, 'The first record this journal instance wrote (decimal).')),
    wrapped: Nullable(
      Type.Boolean({
        description:
          'Records of this journal instance were already dropped from its start, so the oldest record is not its creation; null when unknown.',
      }),
    ),
    oldestRecordAt: Nullable(TimestampInput('The time of the oldest record still in the journal.')),
    complete: Type.Boolean({ description: 'The reading reached the journal’s end.' }),
    bytesRead: Count,
    changesDropped: Count,
  },
  { additionalProperties: false },
);

export const EvidenceUsnChange = Type.Object(
  {
    volume: Text(L.name),
    kind: Type.Enum(['deleted', 'renamed', 'basic-info-changed'], {
      description: '`basic-info-changed`: its times or attributes were set (what time-stomping leaves).',
    }),
    name: Nullable(Text(L.path, 'The file name (a rename’s new name; null when only the old one was seen).')),
    oldName: Nullable(Text(L.path, 'A rename’s old name.')),
    folder: Nullable(
      Text(L.path, 'The folder it is in, when that folder still exists; null: folder unknown.'),
    ),
    at: When,
    fileReference: Text(L.name, 'NTFS file reference, hexadecimal.'),
    parentReference: Text(L.name, 'The folder’s file reference, hexadecimal.'),
    reasons: Type.Array(Text(L.name), { maxItems: L.usnReasons, description: 'USN_REASON_* names.' }),
  },
  { additionalProperties: false },
);

export const UsnJournalSection = Section(
  'The NTFS change journal of each fixed volume: its age, and recent deletions, renames and time changes of program files. Needs administrator rights.',
  {
    elevated: Nullable(Type.Boolean({ description: 'The scanner ran as administrator.' })),
    windowHours: Count,
    volumes: Type.Array(EvidenceUsnVolume, { maxItems: L.drives }),
    items: Type.Array(EvidenceUsnChange, { maxItems: L.usnChanges, description: 'Oldest first.' }),
  },
);
