import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

/** Are `java`, `javac` and `jar` on the PATH? The real-JVM tests need all three. */
export function javaTools(): { ok: true } | { ok: false; missing: string } {
  for (const tool of ['java', 'javac', 'jar']) {
    try {
      execFileSync(tool, ['--version'], { stdio: 'ignore' });
    } catch {
      return { ok: false, missing: tool };
    }
  }
  return { ok: true };
}

export function writeSources(dir: string, sources: Record<string, string>): string[] {
  return Object.entries(sources).map(([path, text]) => {
    const file = join(dir, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    return file;
  });
}

/** Compiles sources into `out` with javac, the given jars or folders on the class path. */
export function compile(sources: Record<string, string>, out: string, classPath: string[] = []): void {
  const src = `${out}-src`;
  const files = writeSources(src, sources);
  const cp = classPath.length > 0 ? ['-cp', classPath.join(':')] : [];
  try {
    execFileSync('javac', ['-nowarn', '-d', out, ...cp, ...files], { stdio: 'pipe' });
  } catch (error) {
    throw new Error(`javac failed: ${String((error as { stderr?: Buffer }).stderr ?? error)}`);
  }
}

/** A jar of a folder, made with the JDK's `jar` tool; `manifest` lines as `Key: value`. */
export function makeJar(from: string, jar: string, manifest: string[] = []): void {
  mkdirSync(dirname(jar), { recursive: true });
  const args = ['--create', '--file', jar];
  if (manifest.length > 0) {
    const file = `${jar}.MF`;
    writeFileSync(file, `${manifest.join('\n')}\n`);
    args.push('--manifest', file);
  }
  execFileSync('jar', [...args, '-C', from, '.'], { stdio: 'pipe' });
}

function classFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, e.name);
    if (e.isDirectory()) out.push(...classFiles(path));
    else if (e.name.endsWith('.class')) out.push(path);
  }
  return out.sort();
}

/**
 * The compiled classes of `dir` as one blob (Java's DataOutputStream layout: a count, then each
 * class's binary name and bytes, then the main class's name), as an injector hands them to the game.
 */
export function classBlob(dir: string, mainClass: string): Buffer {
  const parts: Buffer[] = [];
  const files = classFiles(dir);
  const count = Buffer.alloc(4);
  count.writeInt32BE(files.length);
  parts.push(count);
  const utf = (text: string) => {
    const bytes = Buffer.from(text, 'utf8');
    const length = Buffer.alloc(2);
    length.writeUInt16BE(bytes.length);
    return [length, bytes];
  };
  for (const file of files) {
    const name = relative(dir, file).slice(0, -'.class'.length).split(sep).join('.');
    const bytes = readFileSync(file);
    const size = Buffer.alloc(4);
    size.writeInt32BE(bytes.length);
    parts.push(...utf(name), size, bytes);
  }
  parts.push(...utf(mainClass));
  return Buffer.concat(parts);
}

export interface JavaProcess {
  pid: number;
  output: () => string;
  stop: () => void;
}

/** Starts `java args` and waits until it prints `ready` (or fails with its output). */
export async function startJava(
  args: string[],
  options: { cwd: string; stdin?: Buffer; ready?: RegExp; timeoutMs?: number; env?: NodeJS.ProcessEnv },
): Promise<JavaProcess> {
  const child: ChildProcess = spawn('java', args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += String(d);
  });
  child.stderr?.on('data', (d) => {
    output += String(d);
  });
  if (options.stdin !== undefined) child.stdin?.end(options.stdin);
  const ready = options.ready ?? /^READY/m;
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`java did not get ready in time: ${output}`));
    }, options.timeoutMs ?? 20_000);
    const check = () => {
      if (ready.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', check);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`java exited (${code}) before it was ready: ${output}`));
    });
  });
  return { pid: child.pid as number, output: () => output, stop };
}

/** Runs a short `java` program to its end and returns what it printed. */
export function runJava(args: string[], cwd: string): string {
  return execFileSync('java', args, { cwd, stdio: 'pipe', timeout: 20_000 }).toString();
}
