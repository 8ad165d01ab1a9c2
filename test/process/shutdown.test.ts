import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, startServerProcess, waitForReady } from '../support/server-process.js';

describe('the server process', () => {
  let dir: string;
  let child: ChildProcess | undefined;

  afterEach(() => {
    child?.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts with defaults under its data folder, logs JSON without secrets, and shuts down cleanly on SIGTERM', async () => {
    dir = mkdtempSync(join(tmpdir(), 'scanpin-proc-'));
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const logs: string[] = [];
    // The default DATABASE_URL and data folder are relative (./data/…), so the folder is the cwd.
    child = startServerProcess(dir, { PORT: String(port) }, ['ignore', 'pipe', 'pipe']);
    child.stdout?.on('data', (d: Buffer) => logs.push(d.toString()));
    child.stderr?.on('data', (d: Buffer) => logs.push(d.toString()));
    await waitForReady(url, child);

    expect(existsSync(join(dir, 'data/scanpin.db'))).toBe(true);
    const tokenFile = join(dir, 'data/admin-token');
    expect(existsSync(tokenFile)).toBe(true);
    const { readFileSync, statSync } = await import('node:fs');
    expect(statSync(tokenFile).mode & 0o777).toBe(0o600);
    const token = readFileSync(tokenFile, 'utf8').trim();

    // A request in flight when SIGTERM arrives still gets its answer. "In flight" for certain: its
    // headers (and so its routing) reach the server first, the rest of its body only after the signal.
    const body = JSON.stringify({ name: 'Late' });
    const inFlight = request(`${url}/admin/v1/accounts`, {
      method: 'POST',
      headers: {
        'x-admin-token': token,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      },
    });
    const answered = new Promise<number>((resolve, reject) => {
      inFlight.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      inFlight.on('error', reject);
    });
    inFlight.write(body.slice(0, 5));
    await new Promise((r) => setTimeout(r, 500));
    const exited = new Promise<number | null>((resolve) => child?.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 200));
    inFlight.end(body.slice(5));
    expect(await answered).toBe(201);
    expect(await exited).toBe(0);

    // better-sqlite3 checkpoints and removes the WAL when the store is closed cleanly.
    expect(existsSync(join(dir, 'data/scanpin.db-wal'))).toBe(false);
    const output = logs.join('');
    expect(output).toContain('admin-token');
    expect(output).not.toContain(token);
    for (const line of output.split('\n').filter((l) => l.startsWith('{')))
      expect(() => JSON.parse(line)).not.toThrow();
  });
});
