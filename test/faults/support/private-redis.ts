import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { connect } from 'node:net';
import { freePort } from '../../support/server-process.js';

/** A Redis of the test's own, without persistence, so a test may kill it (never the shared one). */
export interface PrivateRedis {
  url: string;
  kill(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

/** The redis-server binary, or the reason there is none. */
export function findRedisServer(): { bin: string } | { missing: string } {
  try {
    return { bin: execFileSync('which', ['redis-server']).toString().trim() };
  } catch {
    return { missing: 'no redis-server on PATH' };
  }
}

async function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.setTimeout(500);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

export async function startPrivateRedis(bin: string): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn(bin, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    for (let i = 0; i < 100; i++) {
      if (await answersPing(port)) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`private redis-server on ${port} did not start`);
  };
  const kill = async () => {
    const running = child;
    child = null;
    if (running === null || running.exitCode !== null) return;
    const exited = new Promise((r) => running.once('exit', r));
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, kill, start, destroy: kill };
}
