import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../../config.js';
import { backupSqliteFile, type SqliteBackup } from '../../storage/sqlite-backup.js';

export interface StoreBackup extends SqliteBackup {
  /** Where the hashing secret lives (a path or the variable's name, never the secret). */
  hashSecretFrom: string;
}

/**
 * An online backup of the SQLite store (docs/deployment.md, "Backups"). PostgreSQL is backed up
 * with its own tools (pg_dump), which this refuses to stand in for. The database alone cannot be
 * restored usefully without the hashing secret, so the answer says where that secret is.
 */
export async function backupStore(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'hashSecret'>,
  target: string,
  options: { overwrite?: boolean } = {},
): Promise<StoreBackup> {
  if (!config.databaseUrl.startsWith('sqlite:')) {
    throw new Error(
      'DATABASE_URL is not a SQLite database; back up PostgreSQL with pg_dump (docs/deployment.md, "Backups").',
    );
  }
  const source = config.databaseUrl.slice('sqlite:'.length);
  if (source === '' || source === ':memory:') throw new Error('DATABASE_URL names no database file.');
  if (existsSync(target) && options.overwrite !== true) {
    throw new Error(`${target} already exists; choose another file or pass --force to replace it.`);
  }
  const backup = await backupSqliteFile(source, target);
  const hashSecretFrom =
    config.hashSecret !== undefined ? 'SCANPIN_HASH_SECRET' : join(config.dataDir, 'hash-secret');
  return { ...backup, hashSecretFrom };
}
