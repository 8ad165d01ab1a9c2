import { execFileSync } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { type AddressInfo, createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildScanner, MANIFEST, type ManifestClient } from '../../packages/scanner/scripts/build-sea.js';
import { SCANNER_VERSION } from '../../packages/scanner/src/version.js';
import { markerOffsets } from '../../src/domain/scanner-stamp.js';
import { sqliteBackend } from '../support/backends.js';
import { startTestApp } from '../support/test-app.js';
import {
  type AcceptanceServer,
  canReadMemory,
  expectCheatingScan,
  PLAYER,
  plantCheatingMachine,
  plantCleanMachine,
  scanWith,
  startAcceptanceServer,
  startCheatingGame,
} from './fixtures/acceptance.js';
import { type GameProcess, startGameProcess } from './fixtures/game-process.js';
import { runInTerminal } from './fixtures/terminal.js';

const linuxX64 = process.platform === 'linux' && process.arch === 'x64';

/** A port nothing listens on now, for a server whose public address must be known before it starts. */
function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createNetServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => done(port));
    });
    probe.on('error', fail);
  });
}

/** Debian's `strings` (binutils): the independent look a curious player would take at the file. */
function stringsOf(file: string): string {
  try {
    execFileSync('strings', ['--version'], { stdio: 'ignore' });
  } catch {
    throw new Error(
      "`strings` is missing: install Debian's binutils (apt-get install binutils), as .ci/run does.",
    );
  }
  // Every section of the file, and 16-bit little-endian text too, not only the defaults.
  return ['s', 'l']
    .map((e) => execFileSync('strings', ['-a', '-e', e, file], { maxBuffer: 1 << 30 }).toString())
    .join('\n');
}

describe.skipIf(!linuxX64)('the Linux single executable', () => {
  let exe: string;
  let outDir: string;
  let client: ManifestClient;
  const buildOutput: string[] = [];

  beforeAll(async () => {
    outDir = mkdtempSync(join(tmpdir(), 'scanpin-sea-'));
    // What the build prints, to check it is quiet (docs/scan-client.md, "Building the executables").
    const write = process.stderr.write;
    const warn = console.warn;
    process.stderr.write = ((chunk: string) => {
      buildOutput.push(String(chunk));
      return true;
    }) as typeof process.stderr.write;
    console.warn = (...parts: unknown[]) => buildOutput.push(parts.join(' '));
    try {
      [exe = ''] = await buildScanner(['linux-x64'], null, outDir);
    } finally {
      process.stderr.write = write;
      console.warn = warn;
    }
    const manifest = JSON.parse(readFileSync(join(outDir, MANIFEST), 'utf8')) as {
      clients: ManifestClient[];
    };
    [client] = manifest.clients as [ManifestClient];
  }, 180_000);
  afterAll(() => {
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  it('builds quietly: one line per executable and the manifest, none of Node’s or postject’s', () => {
    const lines = buildOutput.join('').trim().split('\n');
    expect(lines, lines.join('\n')).toHaveLength(3);
    expect(lines[0]).toMatch(/scanpin-scan-linux-x64 {2}\d+\.\d MiB {2}sha256 [0-9a-f]{64} {2}client spc_/);
    expect(lines.join('\n')).not.toMatch(/warning|Wrote single executable/i);
  });

  it('leaves out Node’s symbols where binutils’ strip is installed, and keeps one stamp region', () => {
    const symbols = execFileSync('readelf', ['-S', '--wide', exe]).toString();
    expect(symbols).not.toContain('.symtab');
    const bytes = readFileSync(exe);
    expect(markerOffsets(bytes)).toHaveLength(1);
  });

  it('is a client of its own, listed in a manifest only its owner can read', () => {
    expect(statSync(join(outDir, MANIFEST)).mode & 0o777).toBe(0o600);
    const manifest = JSON.parse(readFileSync(join(outDir, MANIFEST), 'utf8')) as {
      clients: ManifestClient[];
    };
    expect(manifest.clients).toHaveLength(1);
    expect(client).toEqual({
      clientId: expect.stringMatching(/^spc_[0-9A-Za-z]{24}$/),
      name: `scanpin-scan ${SCANNER_VERSION} linux-x64`,
      version: SCANNER_VERSION,
      platform: 'linux-x64',
      key: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      builtAt: expect.any(String),
      sha256: createHash('sha256').update(readFileSync(exe)).digest('hex'),
    });
    expect(Buffer.from(client.key, 'base64url')).toHaveLength(32);
    expect(Math.abs(Date.parse(client.builtAt) - Date.now())).toBeLessThan(600_000);
  });

  it('never shows its key to `strings`, in any encoding, nor holds its bytes', () => {
    const key = Buffer.from(client.key, 'base64url');
    const forms = [
      key.toString('hex'),
      key.toString('hex').toUpperCase(),
      key.toString('base64'),
      key.toString('base64').replace(/=+$/, ''),
      key.toString('base64url'),
    ];
    const seen = stringsOf(exe);
    // The client id is public and baked in: `strings` finding it shows the look reaches the config.
    expect(seen).toContain(client.clientId);
    for (const form of forms) expect(seen).not.toContain(form);
    const bytes = readFileSync(exe);
    expect(bytes.includes(key)).toBe(false);
    for (const form of forms) expect(bytes.includes(Buffer.from(form))).toBe(false);
    // Nothing else the build leaves beside the executable holds the key, but the manifest.
    for (const name of readdirSync(outDir).filter((n) => n !== MANIFEST)) {
      const other = readFileSync(join(outDir, name));
      expect(other.includes(key), name).toBe(false);
      for (const form of forms) expect(other.includes(Buffer.from(form)), name).toBe(false);
    }
  });

  it('signs every call as that client, with that key', async () => {
    const seen: { path: string; headers: IncomingHttpHeaders; body: Buffer }[] = [];
    const server: Server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        seen.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
        if (req.url === '/v1/scanner/start') {
          res.writeHead(201, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({
              sessionToken: 'session-of-the-executable',
              nonce: 'nonce-0123456789',
              pin: 'ABCDEFGH',
              type: 'Java',
              serverTime: new Date().toISOString(),
              plan: { sources: ['system'], hints: [] },
              proof: null,
            }),
          );
        } else if (req.url === '/v1/scanner/evidence') {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ result: 'legit', receipt: { id: 'rcpt_0123456789', counts: {} } }));
        } else {
          res.writeHead(204);
          res.end();
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const run = await scanWith(exe, ['--server', url, '--pin', 'ABCDEFGH', '--yes'], {});
      expect(run.code, run.stderr).toBe(0);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    // The preview before the consent prompt (a 204 here: the scanner then lists everything it reads).
    expect(seen.map((s) => s.path)).toEqual([
      '/v1/scanner/preview',
      '/v1/scanner/start',
      '/v1/scanner/progress',
      '/v1/scanner/evidence',
    ]);
    const key = Buffer.from(client.key, 'base64url');
    const hex = (d: Buffer | string) => createHash('sha256').update(d).digest('hex');
    for (const [i, s] of seen.entries()) {
      expect(s.headers['scanpin-client']).toBe(client.clientId);
      const canonical = [
        'scanpin-signature-v1',
        'POST',
        s.path,
        String(s.headers['scanpin-timestamp']),
        // The preview and the start carry no session yet.
        i <= 1 ? '-' : hex('session-of-the-executable'),
        hex(s.body),
      ].join('\n');
      expect(s.headers['scanpin-signature']).toBe(
        `v1=${createHmac('sha256', key).update(canonical).digest('base64url')}`,
      );
    }
  });

  describe.skipIf(!canReadMemory)('against a server that registered the build', () => {
    let server: AcceptanceServer;
    let game: GameProcess;

    beforeAll(async () => {
      // The server registers the clients of the manifest in its downloads folder at start-up, and
      // accepts official clients only, as production docs say.
      server = await startAcceptanceServer({ SCANNER_DOWNLOADS_DIR: outDir, SCANNER_ACCEPT: 'official' });
      game = await startCheatingGame();
    }, 60_000);
    afterAll(async () => {
      game?.stop();
      await server?.close();
    });

    it('runs on its own and gives the same acceptance scan', async () => {
      const version = await scanWith(exe, ['--version'], {});
      expect(version.stdout.trim()).toBe('scanpin-scan 0.1.0');
      const m = await plantCheatingMachine();
      const pin = await server.t.createPin(server.owner.key, { type: 'Java', playerDiscordId: PLAYER.id });
      const scan = await scanWith(exe, ['--server', server.url, '--pin', pin, '--yes', '--json'], m.env);
      await expectCheatingScan(server, pin, scan, game.pid);
      rmSync(m.root, { recursive: true, force: true });
    });

    it('gives a clean machine with the game running legit, with high assurance as the official build', async () => {
      game.stop();
      // A game that holds what a running Minecraft does: many class names, none of a cheat.
      game = await startGameProcess({
        ascii: Array.from({ length: 1_000 }, (_, i) => `net/minecraft/client/render/Renderer${i}`),
      });
      const m = await plantCleanMachine();
      const pin = await server.t.createPin(server.owner.key, { type: 'Java' });
      const scan = await scanWith(exe, ['--server', server.url, '--pin', pin, '--yes', '--json'], m.env);
      expect(scan.code, scan.stderr).toBe(0);
      expect(scan.stderr).not.toContain('Waiting for the game');
      const results = (
        await server.t.api('GET', `/v1/pins/${pin}/results`, { key: server.owner.key })
      ).json();
      expect(results.result, JSON.stringify(results.data)).toBe('legit');
      expect(results.data.assurance).toEqual({
        client: {
          kind: 'official',
          name: `scanpin-scan ${SCANNER_VERSION} linux-x64`,
          version: SCANNER_VERSION,
        },
        level: 'high',
        reasons: [],
      });
      rmSync(m.root, { recursive: true, force: true });
    });

    it('downloaded from /scan/<PIN>, runs with no arguments, asks only for consent and finishes', async () => {
      // A server of its own whose public address is where it listens, as in production: the
      // download carries that address and the PIN (docs/scanner.md, "Stamped downloads").
      const port = await freePort();
      const own = await startTestApp(sqliteBackend(), {
        SCANNER_DOWNLOADS_DIR: outDir,
        SCANNER_ACCEPT: 'official',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
      });
      const dir = mkdtempSync(join(tmpdir(), 'scanpin-stamped-'));
      const m = await plantCleanMachine();
      try {
        await own.app.listen({ host: '127.0.0.1', port });
        const { key } = await own.createOwner('Stamped Community');
        const pin = await own.createPin(key, { type: 'Java' });
        const page = await fetch(`http://127.0.0.1:${port}/scan/${pin}`, {
          headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64)' },
        });
        expect(await page.text()).toContain(`/scan/${pin}/download/linux`);
        const res = await fetch(`http://127.0.0.1:${port}/scan/${pin}/download/linux`);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-disposition')).toBe(`attachment; filename="scanpin-scan-${pin}"`);
        const downloaded = join(dir, `scanpin-scan-${pin}`);
        writeFileSync(downloaded, Buffer.from(await res.arrayBuffer()), { mode: 0o755 });
        expect(statSync(downloaded).size).toBe(statSync(exe).size);

        const run = await runInTerminal(downloaded, m.env, /Do you agree to this scan\? \[y\/N\]/, 'y');
        expect(run.code, run.output).toBe(0);
        expect(run.output).not.toContain('PIN from the staff');
        expect(run.output).toContain('Stamped Community');
        const status = (await own.api('GET', `/v1/pins/${pin}/status`, { key })).json();
        expect(status.status, run.output).toBe('finished');
      } finally {
        await own.close();
        rmSync(dir, { recursive: true, force: true });
        rmSync(m.root, { recursive: true, force: true });
      }
    });

    it('is refused once the build is revoked, and told where the current scanner is', async () => {
      const { data } = await server.t.admin<{ data: { id: number; clientId: string }[] }>(
        'GET',
        '/admin/v1/scanner-clients',
      );
      const registered = data.find((c) => c.clientId === client.clientId);
      expect(registered).toBeDefined();
      await server.t.admin('DELETE', `/admin/v1/scanner-clients/${registered?.id}`);
      const pin = await server.t.createPin(server.owner.key, { type: 'Java' });
      const scan = await scanWith(
        exe,
        ['--server', server.url, '--pin', pin, '--yes', '--wait-seconds', '0'],
        {},
      );
      expect(scan.code).toBe(4);
      expect(scan.stderr).toContain('/scan');
      const status = await server.t.api('GET', `/v1/pins/${pin}/status`, { key: server.owner.key });
      expect(status.json().status).toBe('pending');
    });
  });

  it('is a new client with a new key when built again, and the manifest lists the new one', async () => {
    const before = readFileSync(exe);
    await buildScanner(['linux-x64'], null, outDir);
    const { clients } = JSON.parse(readFileSync(join(outDir, MANIFEST), 'utf8')) as {
      clients: ManifestClient[];
    };
    expect(clients).toHaveLength(1);
    expect(clients[0]?.clientId).not.toBe(client.clientId);
    expect(clients[0]?.key).not.toBe(client.key);
    expect(clients[0]?.sha256).not.toBe(createHash('sha256').update(before).digest('hex'));
    expect(statSync(join(outDir, MANIFEST)).mode & 0o777).toBe(0o600);
  }, 180_000);
});
if (!linuxX64) console.warn('NOT TESTED: the Linux single executable is built on linux-x64 only.');
if (linuxX64 && !canReadMemory)
  console.warn('NOT TESTED: the Linux single executable’s acceptance scan reads game memory, as root only.');
