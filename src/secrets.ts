import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomToken } from './lib/crypto.js';
import { makePrivateDir, PRIVATE_FILE_MODE } from './lib/private-files.js';

/**
 * A secret from the environment, or else from `<dataDir>/<file>`, generated there (mode 0600, in a
 * folder made 0700: docs/deployment.md, "File modes") on first start. `created` tells the caller to
 * log where it is; the secret itself is never logged.
 */
export function loadOrCreateSecret(
  dataDir: string,
  file: string,
  fromEnv: string | undefined,
): { value: string; path: string | null; created: boolean } {
  if (fromEnv !== undefined) return { value: fromEnv, path: null, created: false };
  const path = join(dataDir, file);
  if (existsSync(path)) {
    const value = readFileSync(path, 'utf8').trim();
    // Never replace an existing secret: data made with it would silently stop matching.
    if (value.length < 16)
      throw new Error(`${path} is damaged (under 16 characters). Restore it from a backup.`);
    return { value, path, created: false };
  }
  makePrivateDir(dataDir);
  const value = randomToken(32);
  writeFileSync(path, `${value}\n`, { mode: PRIVATE_FILE_MODE });
  return { value, path, created: true };
}
