import { Type } from 'typebox';
import { EVIDENCE_CAPS as L } from '../caps.js';
import { Count, Nullable, Section, Sha256, Strings, Text, When } from '../schema/primitives.js';

/*
 * Version 2's Windows sources that show files: what the Recycle Bin holds, and the known folders of
 * games beyond Minecraft (docs/scan-client.md, "Windows execution records", "Game folders beyond Minecraft").
 */

export const EvidenceRecycled = Type.Object(
  {
    path: Text(L.path, 'The `$I` file.'),
    version: Count,
    originalPath: Text(L.path, 'Where the file was before it was deleted.'),
    size: Count,
    deletedAt: When,
    dataPresent: Type.Boolean({ description: 'Its `$R` data file is still in the bin.' }),
  },
  { additionalProperties: false },
);

export const EvidenceGameFolderItem = Type.Object(
  {
    path: Text(L.path),
    folder: Text(L.name, 'Which known folder: `FiveM plugins`, `SA-MP cleo`, `temp`, `macro software`, …'),
    kind: Type.Enum(['file', 'folder']),
    size: Count,
    modifiedAt: When,
    createdAt: When,
    sha256: Nullable(Sha256),
  },
  { additionalProperties: false },
);

export const RecycleBinSection = Section('Recycle Bin records: what was deleted, from where, and when.', {
  drives: Strings(L.drives, 'Drives whose bins were read.'),
  items: Type.Array(EvidenceRecycled, { maxItems: L.recycleBinItems }),
});

export const GameFoldersSection = Section(
  'Game folders beyond Minecraft: FiveM, SA-MP, temp folders, macro software.',
  {
    folders: Strings(L.gameFolders, 'Folders that were searched and exist.'),
    items: Type.Array(EvidenceGameFolderItem, { maxItems: L.gameFolderFiles }),
  },
);
