import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { requireTool } from '../authenticode-oracle.js';

/**
 * Two DLLs for the game program to load (docs/scan-client.md, "Modules in the game process"), built
 * here with Debian's mingw-w64: one left unsigned, and a copy of it signed with `osslsigncode` by an
 * ECDSA certificate made here with openssl that issued itself (ECDSA keys are made in milliseconds,
 * which keeps the Wine test short).
 */
export interface ModuleDlls {
  unsigned: string;
  selfSigned: string;
  /** The self-signed certificate's common name. */
  signer: string;
}

export const MODULE_SIGNER = 'Scanpin Self-Signed Module';

const run = (command: string, args: string[], cwd: string): void => {
  execFileSync(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
};

/** Builds the two DLLs into `folder` (made if missing), using `work` for sources and keys. */
export function buildModuleDlls(work: string, folder: string): ModuleDlls {
  requireTool('x86_64-w64-mingw32-gcc', 'gcc-mingw-w64-x86-64');
  requireTool('openssl', 'openssl');
  requireTool('osslsigncode', 'osslsigncode');
  mkdirSync(work, { recursive: true });
  mkdirSync(folder, { recursive: true });
  const unsigned = join(folder, 'overlay-unsigned.dll');
  const selfSigned = join(folder, 'overlay-selfsigned.dll');
  const source = join(work, 'overlay.c');
  writeFileSync(
    source,
    `#include <windows.h>
__declspec(dllexport) const char *scanpin_module(void) { return "scanpin test module"; }
BOOL WINAPI DllMain(HINSTANCE h, DWORD reason, LPVOID reserved) { return TRUE; }
`,
  );
  run('x86_64-w64-mingw32-gcc', ['-O1', '-s', '-shared', '-o', unsigned, source], work);
  run(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      'module.key',
      '-out',
      'module.pem',
      '-days',
      '3650',
      '-subj',
      `/CN=${MODULE_SIGNER}`,
      '-addext',
      'extendedKeyUsage=codeSigning',
    ],
    work,
  );
  run(
    'osslsigncode',
    [
      'sign',
      '-certs',
      'module.pem',
      '-key',
      'module.key',
      '-h',
      'sha256',
      '-in',
      unsigned,
      '-out',
      selfSigned,
    ],
    work,
  );
  return { unsigned, selfSigned, signer: MODULE_SIGNER };
}
