import type { ProgramSignature } from '../evidence/document.js';

/**
 * A loaded module's Authenticode verdict in one word (docs/scan-client.md, "Modules in the game
 * process"), from the signature the reader reported:
 * - `signed-valid`: signed, the signature matches the file, by a certificate that did not issue itself
 *   (trust up to a root Windows accepts is NOT checked: see the issuer);
 * - `self-signed`: a valid signature by a certificate that issued itself, which anyone can make;
 * - `unsigned`: no embedded signature. Windows' own DLLs are signed in catalog files instead, which
 *   this reader does not consult, so they read `unsigned` too: the verdict alone proves nothing;
 * - `invalid`: a signature that does not match the file (changed after signing) or is broken;
 * - `unverifiable`: an algorithm the reader does not implement;
 * - `unreadable`: not a PE file, or damaged headers;
 * - `not-read`: the file could not be opened, or is larger than the scanner reads.
 */
export type ModuleVerdict =
  | 'signed-valid'
  | 'self-signed'
  | 'unsigned'
  | 'invalid'
  | 'unverifiable'
  | 'unreadable'
  | 'not-read';

export function moduleVerdictOf(signature: ProgramSignature): ModuleVerdict {
  switch (signature.status) {
    case 'signed-valid':
      return signature.selfSigned === true ? 'self-signed' : 'signed-valid';
    case 'signed-invalid':
      return 'invalid';
    case 'signed-unverifiable':
      return 'unverifiable';
    default:
      return signature.status;
  }
}
