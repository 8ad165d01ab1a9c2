import { type ChildProcess, type StdioOptions, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = new URL('../../', import.meta.url).pathname;
/** tsx's loader by absolute address: the child runs in a temporary folder, where `tsx` would not resolve. */
const TSX_LOADER = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * The server as `npm start` runs it, from the TypeScript sources. Node itself is the child (tsx only
 * as a loader), so a signal sent to the child reaches the server: the `tsx` command would put a
 * wrapper in between that relays SIGTERM only once it is set up and, killed with SIGKILL, leaves
 * the real server running on the port.
 */
export function startServerProcess(
  cwd: string,
  env: Record<string, string | undefined>,
  stdio: StdioOptions = 'ignore',
): ChildProcess {
  return spawn(process.execPath, ['--import', TSX_LOADER, join(ROOT, 'src/main.ts')], {
    cwd,
    env: { PATH: process.env.PATH, ...env },
    stdio,
  });
}

/** Resolves once /readyz answers 200 from this child; fails if it exits first. */
export async function waitForReady(url: string, child: ChildProcess, attempts = 150): Promise<void> {
  for (let i = 0; i < attempts; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not become ready');
}
