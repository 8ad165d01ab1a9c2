import { chmodSync, existsSync, renameSync, rmSync } from 'node:fs';
import SqliteDatabase from 'better-sqlite3';

export interface SqliteBackup {
  path: string;
  pages: number;
  bytes: number;
}

/**
 * Copies a live SQLite database with SQLite's online backup API (docs/deployment.md, "Backups"):
 * a consistent snapshot, WAL included, taken while the server keeps writing. The copy is checked
 * (`integrity_check`) under a temporary name and only then moved to `target`, so a half-written
 * file never carries the backup's name.
 */
export async function backupSqliteFile(source: string, target: string): Promise<SqliteBackup> {
  if (!existsSync(source)) throw new Error(`No database at ${source}; check DATABASE_URL.`);
  const partial = `${target}.partial-${process.pid}`;
  const db = new SqliteDatabase(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const progress = await db.backup(partial);
    // Private data (hashed hardware IDs, sealed webhook secrets): readable by its owner only.
    chmodSync(partial, 0o600);
    const copy = new SqliteDatabase(partial, { readonly: true });
    try {
      const check = copy.pragma('integrity_check', { simple: true });
      if (check !== 'ok') throw new Error(`The copy failed its integrity check (${String(check)}).`);
      const pageSize = Number(copy.pragma('page_size', { simple: true }));
      renameSync(partial, target);
      return { path: target, pages: progress.totalPages, bytes: progress.totalPages * pageSize };
    } finally {
      copy.close();
    }
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  } finally {
    db.close();
  }
}
