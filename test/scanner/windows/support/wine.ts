import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireTool } from '../authenticode-oracle.js';

/**
 * A throwaway Wine prefix (Debian's `wine64`) set to Windows 10, which Node 20's `node.exe` needs.
 * `WINEDEBUG=-all` keeps Wine's own chatter out of the output; DISPLAY is removed so nothing tries to
 * open a window; Mono and Gecko are not installed (`mscoree`, `mshtml` disabled), which keeps
 * `wineboot` to about half a minute.
 */
export interface WinePrefix {
  dir: string;
  env: NodeJS.ProcessEnv;
  /** A Linux path as Wine's `Z:` drive sees it. */
  windowsPath(path: string): string;
  /** Runs a Windows program to the end; its output. Exiting other than 0 throws. */
  run(program: string, args: string[], timeoutMs?: number): { stdout: string; stderr: string };
  /**
   * The same without blocking this process, for a program that talks to a server this process runs
   * (a synchronous run would stop that server from answering).
   */
  runAsync(program: string, args: string[], timeoutMs?: number): Promise<{ stdout: string; stderr: string }>;
  /** Starts a Windows program and waits until it prints a line starting with `ready`. */
  start(program: string, args: string[]): Promise<ChildProcess>;
  /** Stops the prefix's wineserver and every program in it, and removes the prefix. */
  dispose(): void;
}

export function requireWine(): void {
  // Debian's `wine64` is Wine; its commands (`wine`, `wineboot`, `wineserver`) come with `wine`.
  for (const command of ['wine', 'wineboot', 'wineserver']) requireTool(command, 'wine wine64');
}

/** Registry data in the `.reg` format `regedit /S` imports (REGEDIT4: plain ASCII). */
export function regFile(keys: Array<{ key: string; values: Array<[string, string]> }>): string {
  const lines = ['REGEDIT4', ''];
  for (const { key, values } of keys) {
    lines.push(`[${key}]`);
    for (const [name, data] of values) lines.push(`"${name.replaceAll('\\', '\\\\')}"=${data}`);
    lines.push('');
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** `hex:` data of a `.reg` file. */
export function regHex(bytes: Uint8Array): string {
  return `hex:${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join(',')}`;
}

export function createWinePrefix(registry: string): WinePrefix {
  requireWine();
  const dir = mkdtempSync(join(tmpdir(), 'scanpin-wine-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    WINEPREFIX: dir,
    WINEDEBUG: '-all',
    WINEDLLOVERRIDES: 'mscoree,mshtml=',
  };
  delete env.DISPLAY;
  delete env.WAYLAND_DISPLAY;
  const windowsPath = (path: string) => `Z:${path.replaceAll('/', '\\')}`;
  const run = (program: string, args: string[], timeoutMs = 120_000) => {
    // Files, not pipes: Node for Windows under Wine 8 cannot open a pipe as its stderr (EBADF).
    const outFile = join(dir, 'run.stdout');
    const errFile = join(dir, 'run.stderr');
    const out = openSync(outFile, 'w');
    const err = openSync(errFile, 'w');
    let done: ReturnType<typeof spawnSync>;
    try {
      done = spawnSync('wine', [program, ...args], { env, timeout: timeoutMs, stdio: ['ignore', out, err] });
    } finally {
      closeSync(out);
      closeSync(err);
    }
    const stdout = readFileSync(outFile, 'utf8');
    const stderr = readFileSync(errFile, 'utf8');
    if (done.status !== 0)
      throw new Error(
        `wine ${program} exited with ${done.status ?? done.signal}: ${stderr}${stdout.slice(0, 2000)}`,
      );
    return { stdout, stderr };
  };
  const runAsync = async (program: string, args: string[], timeoutMs = 120_000) => {
    const outFile = join(dir, 'run-async.stdout');
    const errFile = join(dir, 'run-async.stderr');
    const out = openSync(outFile, 'w');
    const err = openSync(errFile, 'w');
    let exit: number | string | null;
    try {
      const child = spawn('wine', [program, ...args], {
        env,
        timeout: timeoutMs,
        stdio: ['ignore', out, err],
      });
      exit = await new Promise<number | string | null>((resolve, reject) => {
        child.on('error', reject);
        child.on('exit', (code, signal) => resolve(code ?? signal));
      });
    } finally {
      closeSync(out);
      closeSync(err);
    }
    const stdout = readFileSync(outFile, 'utf8');
    const stderr = readFileSync(errFile, 'utf8');
    if (exit !== 0) throw new Error(`wine ${program} exited with ${exit}: ${stderr}${stdout.slice(0, 2000)}`);
    return { stdout, stderr };
  };
  execFileSync('wineboot', ['-i'], { env, stdio: 'ignore', timeout: 180_000 });
  const reg = join(dir, 'planted.reg');
  writeFileSync(reg, registry);
  execFileSync('wine', ['regedit', '/S', windowsPath(reg)], { env, stdio: 'ignore', timeout: 60_000 });
  const children: ChildProcess[] = [];
  return {
    dir,
    env,
    windowsPath,
    run,
    runAsync,
    // A program started while the prefix's wineserver is still settling after wineboot can exit at
    // once (seen once in a full, loaded suite run); such an early exit is tried once more, and what
    // Wine said is kept for the error.
    start: async (program, args) => {
      const attempt = () =>
        new Promise<ChildProcess>((resolve, reject) => {
          const child = spawn('wine', [program, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
          children.push(child);
          let seen = '';
          let said = '';
          const timer = setTimeout(() => reject(new Error(`${program} did not say ready: ${seen}`)), 60_000);
          child.stderr?.on('data', (chunk: Buffer) => {
            said = (said + chunk.toString('utf8')).slice(-2000);
          });
          child.stdout?.on('data', (chunk: Buffer) => {
            seen += chunk.toString('utf8');
            if (/^ready/m.test(seen)) {
              clearTimeout(timer);
              resolve(child);
            }
          });
          child.on('exit', (code) => {
            clearTimeout(timer);
            reject(new Error(`${program} exited (${code}) before saying ready: ${seen}\nWine said: ${said}`));
          });
        });
      try {
        return await attempt();
      } catch (first) {
        if (!/exited/.test(String(first))) throw first;
        execFileSync('wineserver', ['-w'], { env, stdio: 'ignore', timeout: 60_000 });
        return attempt();
      }
    },
    dispose: () => {
      for (const child of children) child.kill();
      try {
        execFileSync('wineserver', ['-k'], { env, stdio: 'ignore', timeout: 30_000 });
      } catch {
        // Already gone.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A Windows program, compiled with mingw-w64, that holds `SCANPIN-MARKER-<token>` in its heap (put
 * together at run time, so neither its image nor its command line holds the whole string), loads the
 * DLLs named after the token with `LoadLibraryA` (and exits saying which when one will not load),
 * prints `ready <pid>` and waits to be killed. Named as the game's process so the scanner reads its
 * memory and lists its modules.
 */
export function markerProgram(dir: string, name: string): string {
  requireTool('x86_64-w64-mingw32-gcc', 'gcc-mingw-w64-x86-64');
  const source = join(dir, 'marker.c');
  writeFileSync(
    source,
    `#include <windows.h>
#include <stdio.h>
int main(int argc, char **argv) {
  const char *token = argc > 1 ? argv[1] : "none";
  char *marker = HeapAlloc(GetProcessHeap(), 0, 512);
  snprintf(marker, 512, "%s-%s-%s", "SCANPIN", "MARKER", token);
  for (int i = 2; i < argc; i++) {
    if (LoadLibraryA(argv[i]) == NULL) {
      printf("cannot load %s: error %lu\\n", argv[i], (unsigned long)GetLastError());
      return 1;
    }
  }
  printf("ready %lu\\n", (unsigned long)GetCurrentProcessId());
  fflush(stdout);
  for (;;) { Sleep(1000); if (marker[0] == 0) break; }
  return 0;
}
`,
  );
  const exe = join(dir, name);
  execFileSync('x86_64-w64-mingw32-gcc', ['-O1', '-o', exe, source], { stdio: 'pipe' });
  return exe;
}
