import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import type { ServiceLog } from '../../src/logger.js';
import { type Wiring, wire } from '../../src/wiring.js';

const modeOf = (path: string) => statSync(path).mode & 0o777;

/** A log that keeps its warnings, as pino would write them: the object and the message. */
function capturedLog(): ServiceLog & { warnings: Array<{ path: string; mode: string; msg: string }> } {
  const warnings: Array<{ path: string; mode: string; msg: string }> = [];
  return {
    warnings,
    info: () => {},
    warn: ((obj: { path: string; mode: string }, msg: string) => {
      warnings.push({ ...obj, msg });
    }) as ServiceLog['warn'],
  };
}

/**
 * The data folder and its files are the service user's alone (docs/deployment.md, "File modes"):
 * made 0700 and 0600, whatever the umask; wider ones already there are named in a warning at start
 * and left as they are.
 */
describe.skipIf(process.platform === 'win32')('data folder and file modes', () => {
  let dir: string;
  let umask: number;
  let buildsDir: string;
  let running: Wiring | undefined;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'scanpin-modes-'));
    buildsDir = join(dir, 'builds');
    mkdirSync(buildsDir);
    writeFileSync(join(buildsDir, 'scanpin-scan-linux-x64'), 'a build');
    // The usual umask, which lets others read what a process makes unless it says otherwise.
    umask = process.umask(0o022);
  });
  afterEach(async () => {
    await running?.close();
    running = undefined;
    process.umask(umask);
    rmSync(dir, { recursive: true, force: true });
  });

  const start = async (dataDir: string, storeDir: string, log: ServiceLog) => {
    running = await wire(
      loadConfig({
        DATABASE_URL: `sqlite:${join(storeDir, 'scanpin.db')}`,
        SCANPIN_DATA_DIR: dataDir,
        // A folder of its own, holding a build: a fresh clone has none, and the server rightly warns
        // of that at start (docs/scan-client.md), which is not what this test is about.
        SCANNER_DOWNLOADS_DIR: buildsDir,
      }),
      { backgroundJobs: false, log },
    );
    return running;
  };

  it('makes the folders 0700, the database with its -wal and -shm and the secrets 0600, and warns of nothing', async () => {
    const dataDir = join(dir, 'data');
    const storeDir = join(dir, 'store', 'sqlite');
    const log = capturedLog();
    const wiring = await start(dataDir, storeDir, log);
    // Something written, so the write-ahead log is in use.
    await wiring.context.repos.settings.recordOnce('mode_test', 'x');

    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(join(dir, 'store'))).toBe(0o700);
    expect(modeOf(storeDir)).toBe(0o700);
    for (const file of ['scanpin.db', 'scanpin.db-wal', 'scanpin.db-shm']) {
      expect(modeOf(join(storeDir, file)).toString(8), file).toBe('600');
    }
    for (const file of ['admin-token', 'hash-secret']) {
      expect(modeOf(join(dataDir, file)).toString(8), file).toBe('600');
    }
    expect(log.warnings).toEqual([]);
  });

  it('names wider folders and files in a warning at start, without their contents, and leaves their modes alone', async () => {
    const dataDir = join(dir, 'data');
    mkdirSync(dataDir);
    chmodSync(dataDir, 0o755);
    const token = 'operator-token-that-must-not-be-logged-0123';
    writeFileSync(join(dataDir, 'admin-token'), `${token}\n`);
    chmodSync(join(dataDir, 'admin-token'), 0o644);
    // An empty file is a new database to SQLite; its -wal and -shm take its mode.
    writeFileSync(join(dataDir, 'scanpin.db'), '');
    chmodSync(join(dataDir, 'scanpin.db'), 0o644);

    const log = capturedLog();
    await start(dataDir, dataDir, log);

    const named = Object.fromEntries(log.warnings.map((w) => [w.path, w.mode]));
    expect(named).toEqual({
      [dataDir]: '0755',
      [join(dataDir, 'admin-token')]: '0644',
      [join(dataDir, 'scanpin.db')]: '0644',
      [join(dataDir, 'scanpin.db-wal')]: '0644',
      [join(dataDir, 'scanpin.db-shm')]: '0644',
    });
    expect(log.warnings.find((w) => w.path === dataDir)?.msg).toMatch(/chmod 700/);
    expect(log.warnings.find((w) => w.path.endsWith('scanpin.db'))?.msg).toMatch(/chmod 600/);
    expect(JSON.stringify(log.warnings)).not.toContain(token);
    // The generated hashing secret is new, so private; the rest keep the modes they had.
    expect(modeOf(join(dataDir, 'hash-secret'))).toBe(0o600);
    expect(modeOf(dataDir)).toBe(0o755);
    expect(modeOf(join(dataDir, 'admin-token'))).toBe(0o644);
    expect(modeOf(join(dataDir, 'scanpin.db'))).toBe(0o644);
  });
});
