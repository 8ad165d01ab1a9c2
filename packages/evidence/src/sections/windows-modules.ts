import { Type } from 'typebox';
import { EVIDENCE_CAPS as L } from '../caps.js';
import { Count, Nullable, Section, Sha256, Text } from '../schema/primitives.js';
import { EvidenceSignature } from './windows-execution.js';

/*
 * Version 3: the modules (executable and DLLs) loaded in the game processes, with each one's
 * Authenticode verdict and the kind of folder it was loaded from (docs/scan-client.md, "Modules in
 * the game process").
 */

export const MODULE_VERDICTS = [
  'signed-valid',
  'self-signed',
  'unsigned',
  'invalid',
  'unverifiable',
  'unreadable',
  'not-read',
] as const;

export const MODULE_FOLDERS = [
  'windows-writable',
  'program-files',
  'program-data',
  'temp',
  'user-profile',
  'elsewhere',
] as const;

export const EvidenceModule = Type.Object(
  {
    path: Text(L.path, 'The home folder shortened to `~`.'),
    fileSize: Nullable(Count),
    sha256: Nullable(Sha256),
    verdict: Type.Enum(MODULE_VERDICTS, {
      description:
        "`self-signed`: a valid signature by a certificate that issued itself; `unsigned`: no embedded signature (Windows' catalog-signed DLLs read so too); `invalid`: the file no longer matches its signature, or the signature is broken; `not-read`: unopened or too large.",
    }),
    signature: EvidenceSignature,
    folder: Type.Enum(MODULE_FOLDERS, {
      description:
        'Where it was loaded from: `windows-writable` is one of the folders under %SystemRoot% that users may write to; `elsewhere` is any folder outside Windows, Program Files, ProgramData and the profile.',
    }),
    userWritable: Nullable(
      Type.Boolean({
        description:
          'An ordinary user may put a file in that folder on a default Windows install; null when that depends on an access list the scanner does not read.',
      }),
    ),
    pids: Type.Array(Count, {
      maxItems: L.processes,
      description: 'The game processes that have it loaded.',
    }),
  },
  { additionalProperties: false },
);

export const EvidenceModuleProcess = Type.Object(
  {
    pid: Count,
    process: Text(L.name),
    readable: Type.Boolean({ description: 'Its module list could be taken.' }),
    reason: Nullable(Text(L.text, 'Why not, and what the player can do.')),
    systemModules: Count,
    listed: Count,
    truncated: Type.Boolean({ description: 'It had more modules than the caps let through.' }),
  },
  { additionalProperties: false },
);

export const ModulesSection = Section(
  'Modules loaded in the game processes (Toolhelp): each one outside %SystemRoot% with its fingerprint, Authenticode verdict and folder kind; the Windows ones counted per process. Code mapped by hand (manual mapping) is not listed by Windows and so not here.',
  {
    processes: Type.Array(EvidenceModuleProcess, { maxItems: L.processes }),
    items: Type.Array(EvidenceModule, { maxItems: L.loadedModules }),
  },
);
