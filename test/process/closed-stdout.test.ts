import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, startServerProcess, waitForReady } from '../support/server-process.js';

type Exit = { code: number | null; signal: NodeJS.Signals | null };

/**
 * A server whose standard output is closed while log lines wait to be written (a log shipper that
 * stopped reading, then went away) still shuts down on SIGTERM (docs/operations.md, "Logs"): lines it
 * cannot write are dropped, never retried until the process is killed.
 */
describe('the server process with its standard output closed', () => {
  let dir: string;
  let child: ChildProcess | undefined;

  afterEach(() => {
    child?.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('exits with 0 on SIGTERM, at once', async () => {
    dir = mkdtempSync(join(tmpdir(), 'scanpin-epipe-'));
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    child = startServerProcess(dir, { PORT: String(port) }, ['ignore', 'pipe', 'pipe']);
    const stderr: string[] = [];
    child.stderr?.on('data', (d: Buffer) => stderr.push(d.toString()));
    await waitForReady(url, child);
    const exited = new Promise<Exit>((resolve) =>
      child?.on('exit', (code, signal) => resolve({ code, signal })),
    );

    // The reader stops reading: the pipe fills, and the server's log lines (one per request) wait.
    child.stdout?.pause();
    for (let round = 0; round < 10; round++)
      await Promise.all(
        Array.from({ length: 100 }, () => fetch(`${url}/readyz`).then((r) => r.arrayBuffer())),
      );
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    // Then it goes away: every write the server makes to its stdout now fails with EPIPE.
    child.stdout?.destroy();
    const closed = Date.now();

    const outcome = await Promise.race([
      exited,
      new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 8_000)),
    ]);
    expect(outcome, stderr.join('')).toEqual({ code: 0, signal: null });
    expect(Date.now() - closed).toBeLessThan(5_000);
  }, 40_000);
});
