import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../../src/storage/database.js';

/**
 * Migrated SQLite stores for the test apps to start from. Every app a test starts gets a store of its
 * own, and running the migrations into each took a fifth of an app's start. So the migrations run, for
 * real, into one template per worker, and each SQLite store starts as a copy of it; the app's own start
 * still runs the migrator, which finds every migration applied. Tests of migrations themselves open
 * their own stores. PostgreSQL schemas are migrated as before: replaying a dump of a migrated schema
 * (pg_dump) took as long as migrating one.
 */

/** The folder of this run's SQLite templates; the global teardown removes it. */
export function sqliteTemplateDir(runId: string): string {
  return join(tmpdir(), `scanpin-templates-${runId}`);
}

let sqliteTemplate: Promise<string> | undefined;

/** Puts a migrated SQLite database at `path` (which must not exist yet). */
export async function copySqliteTemplate(runId: string, path: string): Promise<void> {
  sqliteTemplate ??= makeSqliteTemplate(runId);
  copyFileSync(await sqliteTemplate, path);
}

/** One per worker process: the files it runs one after another share it. */
async function makeSqliteTemplate(runId: string): Promise<string> {
  const template = join(sqliteTemplateDir(runId), `w${process.pid}.db`);
  if (!existsSync(template)) {
    // Made aside and renamed, so a template on disk is always a whole one.
    const dir = join(sqliteTemplateDir(runId), `w${process.pid}-making`);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const store = await openStore(`sqlite:${join(dir, 'scanpin.db')}`);
    // Closing checkpoints the write-ahead log into the file, so the file alone is the database.
    await store.close();
    renameSync(join(dir, 'scanpin.db'), template);
    rmSync(dir, { recursive: true, force: true });
  }
  return template;
}
