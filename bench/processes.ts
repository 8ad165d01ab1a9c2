/*
 * The processes under test: the server as `npm start` runs it (`node dist/src/main.js`, configured by
 * its environment) and the baseline, each its own process so that the load generator (this process)
 * never shares an event loop with them.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';

export interface Running {
  pid: number;
  url: string;
  /** Resident memory now (VmRSS) and at its peak (VmHWM), in MB. */
  memory(): { rssMb: number; peakMb: number };
  /** CPU time the process has used so far (user + system, /proc/<pid>/stat), ms. */
  cpuMs(): number;
  /** SQL statements sent so far by their first word, when BENCH_COUNT_STATEMENTS is set (else null). */
  statements(): Promise<Record<string, number> | null>;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function memoryOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

export function cpuMsOf(pid: number): number {
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticksPerSecond = 100;
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}

async function waitUntilAnswering(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within 60 s:\n${output()}`);
}

async function run(
  script: string,
  env: NodeJS.ProcessEnv,
  port: number,
  probe: string,
  nodeFlags: string[] = [],
  countFile?: string,
): Promise<Running> {
  const child = spawn(process.execPath, [...nodeFlags, script], {
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(url + probe, child, () => stderr);
  const pid = child.pid as number;
  return {
    pid,
    url,
    memory: () => memoryOf(pid),
    cpuMs: () => cpuMsOf(pid),
    async statements() {
      if (countFile === undefined) return null;
      rmSync(countFile, { force: true });
      child.kill('SIGWINCH');
      const deadline = Date.now() + 5_000;
      while (!existsSync(countFile) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, 20));
      if (!existsSync(countFile))
        throw new Error(`the server did not write its statement counts:\n${stderr}`);
      return JSON.parse(readFileSync(countFile, 'utf8')) as Record<string, number>;
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** The server, built beforehand into dist/ (`tsc -p tsconfig.build.json`). */
export async function startServer(env: NodeJS.ProcessEnv): Promise<Running> {
  // BENCH_CPU_PROF_DIR=dir profiles the server process (node --cpu-prof), written when it stops.
  const profDir = process.env.BENCH_CPU_PROF_DIR;
  const flags = profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [];
  // BENCH_COUNT_STATEMENTS=file counts the SQL statements the server sends (bench/count-statements.mjs).
  const countFile = process.env.BENCH_COUNT_STATEMENTS;
  if (countFile === undefined) return run('dist/src/main.js', env, await freePort(), '/readyz', flags);
  return run(
    'dist/src/main.js',
    { ...env, BENCH_COUNT_STATEMENTS: countFile },
    await freePort(),
    '/readyz',
    [...flags, '--import', './bench/count-statements.mjs'],
    countFile,
  );
}

export async function startBaseline(): Promise<Running> {
  return run('bench/baseline-server.mjs', { ...process.env }, await freePort(), '/');
}
