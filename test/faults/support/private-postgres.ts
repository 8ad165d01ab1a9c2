import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../support/server-process.js';

/**
 * A PostgreSQL cluster of the test's own (initdb + pg_ctl from the machine's PostgreSQL, a free port,
 * trust auth, data in a temporary folder), so a test may stop and break it without touching the
 * shared one. As root, the server runs as the `postgres` user: initdb refuses root.
 */
export interface PrivatePostgres {
  url: string;
  port: number;
  stop(mode: 'fast' | 'immediate'): void;
  start(): void;
  /** SIGSTOP / SIGCONT to the server and its backends: a database that stalls rather than refuses. */
  freeze(on: boolean): void;
  destroy(): void;
}

/** The newest PostgreSQL's bin folder, or null with the reason none can be used. */
export function findPostgresBin(): { bin: string } | { missing: string } {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter(
          (v) => existsSync(join(root, v, 'bin', 'pg_ctl')) && existsSync(join(root, v, 'bin', 'initdb')),
        )
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const newest = versions[0];
  if (newest === undefined) return { missing: `no initdb/pg_ctl under ${root}/*/bin` };
  if (process.getuid?.() === 0 && !userExists('postgres')) {
    return { missing: 'running as root and there is no postgres user to run initdb as' };
  }
  return { bin: join(root, newest, 'bin') };
}

function userExists(name: string): boolean {
  try {
    execFileSync('id', ['-u', name], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export async function startPrivatePostgres(bin: string): Promise<PrivatePostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'scanpin-faults-pg-'));
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
    chmodSync(dir, 0o700);
  }
  const run = (tool: string, args: string[]) => {
    const command = join(bin, tool);
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
    execFileSync(file, argv, { stdio: 'pipe', timeout: 60_000 });
  };
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  // Unix socket in the temp folder (not /var/run/postgresql, which may be the shared server's).
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  const start = () =>
    run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', '-t', '30', 'start']);
  start();
  const processes = (): number[] => {
    const postmaster = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    let children: number[] = [];
    try {
      children = execFileSync('pgrep', ['-P', String(postmaster)])
        .toString()
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map(Number);
    } catch {
      // No backends.
    }
    return [postmaster, ...children];
  };
  const freeze = (on: boolean) => {
    for (const pid of processes()) process.kill(pid, on ? 'SIGSTOP' : 'SIGCONT');
  };
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    freeze,
    port,
    start,
    stop(mode) {
      run('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '30', 'stop']);
    },
    destroy() {
      try {
        freeze(false);
      } catch {
        // Not running.
      }
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', '-t', '30', 'stop']);
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
