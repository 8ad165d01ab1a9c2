import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cli } from '../support/cli.js';
import { freePort, startServerProcess, waitForReady } from '../support/server-process.js';

const ADMIN_TOKEN = 'backup-test-admin-token-0123456789';

describe('scanpin backup (SQLite online backup)', () => {
  let dir: string;
  const children: ChildProcess[] = [];

  afterEach(() => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
    vi.unstubAllEnvs();
    rmSync(dir, { recursive: true, force: true });
  });

  async function server(databaseFile: string) {
    const port = await freePort();
    const child = startServerProcess(dir, {
      PORT: String(port),
      DATABASE_URL: `sqlite:${databaseFile}`,
      SCANPIN_ADMIN_TOKEN: ADMIN_TOKEN,
      LOG_LEVEL: 'warn',
    });
    children.push(child);
    const url = `http://127.0.0.1:${port}`;
    await waitForReady(url, child);
    const admin = (method: string, path: string, body?: unknown) =>
      fetch(`${url}${path}`, {
        method,
        headers: {
          'x-admin-token': ADMIN_TOKEN,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    return { child, admin };
  }

  it('copies the database while the server writes, and the copy restores into a working server', async () => {
    dir = mkdtempSync(join(tmpdir(), 'scanpin-backup-'));
    const live = join(dir, 'data/scanpin.db');
    const { child, admin } = await server(live);
    for (let i = 0; i < 20; i++) {
      expect((await admin('POST', '/admin/v1/accounts', { name: `Before ${i}` })).status).toBe(201);
    }

    // Writes keep landing while the copy is taken.
    let writing = true;
    const writer = (async () => {
      let n = 0;
      while (writing) await admin('POST', '/admin/v1/accounts', { name: `During ${n++}` });
    })();
    vi.stubEnv('DATABASE_URL', `sqlite:${live}`);
    vi.stubEnv('SCANPIN_DATA_DIR', join(dir, 'data'));
    const target = join(dir, 'backup.db');
    const result = await cli(['backup', target]);
    writing = false;
    await writer;

    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(result.out).toContain('integrity check ok');
    expect(result.out).toContain(join(dir, 'data/hash-secret'));
    expect(statSync(target).mode & 0o777).toBe(0o600);
    expect(existsSync(`${target}.partial-${process.pid}`)).toBe(false);
    const copy = new SqliteDatabase(target, { readonly: true });
    const { n } = copy.prepare('select count(*) as n from accounts').get() as { n: number };
    copy.close();
    expect(n).toBeGreaterThanOrEqual(20);

    // A second run does not overwrite the first unless told to.
    const again = await cli(['backup', target]);
    expect(again.code).toBe(1);
    expect(again.err).toContain('--force');
    expect((await cli(['backup', target, '--force'])).code).toBe(0);

    // Restore (docs/deployment.md, "Restore"): stop, put the copy in place, start with the same secrets.
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    const restored = await server(target);
    const firstAccount = await restored.admin('GET', '/admin/v1/accounts/1/keys');
    expect(firstAccount.status).toBe(200);
    expect((await restored.admin('POST', '/admin/v1/accounts', { name: 'After restore' })).status).toBe(201);
  }, 60_000);

  it('refuses a PostgreSQL store and names the tool to use instead', async () => {
    dir = mkdtempSync(join(tmpdir(), 'scanpin-backup-'));
    vi.stubEnv('DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/none');
    vi.stubEnv('SCANPIN_DATA_DIR', join(dir, 'data'));
    const result = await cli(['backup', join(dir, 'x.db')]);
    expect(result.code).toBe(1);
    expect(result.err).toContain('pg_dump');
    expect(existsSync(join(dir, 'x.db'))).toBe(false);
  });

  it('says so when the database file does not exist, and writes nothing', async () => {
    dir = mkdtempSync(join(tmpdir(), 'scanpin-backup-'));
    vi.stubEnv('DATABASE_URL', `sqlite:${join(dir, 'missing.db')}`);
    const result = await cli(['backup', join(dir, 'x.db')]);
    expect(result.code).toBe(1);
    expect(result.err).toContain('DATABASE_URL');
    expect(existsSync(join(dir, 'x.db'))).toBe(false);
  });
});
