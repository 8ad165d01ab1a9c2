import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { COLLECTED, NEVER_COLLECTED, PLATFORM_HEADINGS } from '@scanpin/scanner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disclosureByGame, onlyForNote } from '../../src/domain/scan-disclosure.js';
import { pinDisclosureHtml } from '../../src/http/pages/scan-page.js';
import { escapeHtml } from '../../src/http/pages/server-page.js';
import { scanPageCsp } from '../../src/http/routes/scan-page.js';

/** Without a Discord application the page has no form at all. */
const SCAN_PAGE_CSP = scanPageCsp(null);

import { sqliteBackend } from '../support/backends.js';
import { capturingLogs } from '../support/captured-logs.js';
import { expectProblem } from '../support/http.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const SERVER = 'https://scan.example.org';
/** A GET whose path is sent exactly as written, dot segments and all. */
function rawGet(origin: string, path: string): Promise<{ status: number; type: string; body: string }> {
  const { hostname, port } = new URL(origin);
  return new Promise((done, fail) => {
    request({ hostname, port, path }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () =>
        done({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body }),
      );
    })
      .on('error', fail)
      .end();
  });
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A downloads folder as `npm run build:scanner` leaves it: two executables and the build's other files. */
function downloadsFolder() {
  const dir = mkdtempSync(join(tmpdir(), 'scanpin-downloads-'));
  const linux = randomBytes(300_000);
  const windows = randomBytes(200_000);
  writeFileSync(join(dir, 'scanpin-scan-linux-x64'), linux);
  writeFileSync(join(dir, 'scanpin-scan-win-x64.exe'), windows);
  for (const other of ['scanpin-scan.blob', 'scanpin-scan.cjs', 'config.json', 'sea-config.json'])
    writeFileSync(join(dir, other), '{}');
  mkdirSync(join(dir, 'scanpin-scan-folder-x64'));
  return { dir, linux, windows };
}

const sqlite = sqliteBackend();

/** A page for a server without the build: no steps about a file there is none of, no command to type. */
function expectNoStepsNorCommands(html: string) {
  expect(html).not.toMatch(/<ol>|How to run it/);
  expect(html).not.toMatch(/npx|chmod|--server|--insecure|<code>[^<]*\.exe|No ready-made/);
  expect(html).not.toMatch(/download the scanner with the button|open the downloaded/i);
}

/** The player's page (docs/scan-client.md, "For players") and the scanner downloads. */
describe('the /scan page and its downloads', () => {
  let t: TestApp;
  let folder: ReturnType<typeof downloadsFolder>;
  const get = (url: string, method: 'GET' | 'HEAD' = 'GET') => t.app.inject({ method, url });

  beforeAll(async () => {
    folder = downloadsFolder();
    t = await startTestApp(sqlite, {
      SCANNER_DOWNLOADS_DIR: folder.dir,
      PUBLIC_URL: SERVER,
      UNAUTHENTICATED_PER_MINUTE: '1000',
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(folder.dir, { recursive: true, force: true });
  });

  it('lists every item the scanner discloses, from the scanner’s own module', async () => {
    const res = await get('/scan');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(COLLECTED.length).toBeGreaterThan(0);
    for (const item of COLLECTED) {
      expect(res.body).toContain(escapeHtml(item.title));
      expect(res.body).toContain(escapeHtml(item.detail));
    }
    expect(NEVER_COLLECTED.length).toBeGreaterThan(0);
    for (const item of NEVER_COLLECTED) expect(res.body).toContain(`<li>${escapeHtml(item)}</li>`);
    // Grouped as the scanner shows them: what every computer's scanner reads, then Windows' own.
    const every = res.body.indexOf(`<h3>${PLATFORM_HEADINGS.any}</h3>`);
    const windows = res.body.indexOf(`<h3>${PLATFORM_HEADINGS.win32}</h3>`);
    expect(every).toBeGreaterThan(-1);
    expect(windows).toBeGreaterThan(every);
    for (const item of COLLECTED) {
      const at = res.body.indexOf(escapeHtml(item.detail));
      expect(item.platform === 'win32' ? at > windows : at > every && at < windows, item.title).toBe(true);
    }
    // An item read only for some games says which, as the docs do.
    const javaOnly = disclosureByGame().filter(({ onlyFor }) => onlyFor !== null);
    expect(javaOnly.map(({ item }) => item.source)).toEqual(expect.arrayContaining(['files', 'logs', 'jvm']));
    for (const { item, onlyFor } of javaOnly)
      expect(res.body).toContain(
        `${escapeHtml(item.detail)} <em>${escapeHtml(onlyForNote(onlyFor ?? []))}</em>`,
      );
    // Who sees the result, and how to run it against this server.
    expect(res.body).toContain('risk score');
    expect(res.body).toContain('Discord ID');
    expect(res.body).toContain(`--server ${SERVER}`);
    expect(res.body).toContain('chmod +x');
    expect(res.body).toContain('365 days');
    // No npx: the scanner is no published package, and anyone could publish one under its name.
    expect(res.body).not.toContain('npx');
    // The download and how to run it come first, before the long explanations.
    const download = res.body.indexOf('<h2>Download</h2>');
    expect(download).toBeGreaterThan(-1);
    expect(res.body.indexOf('<h2>How to run it</h2>')).toBeGreaterThan(download);
    expect(res.body.indexOf('<h2>What a scan is</h2>')).toBeGreaterThan(
      res.body.indexOf('<h2>How to run it</h2>'),
    );
    expect(res.body).toContain('the link the staff gave you');
  });

  it('offers each built executable with its SHA-256, and nothing else of the folder', async () => {
    const html = (await get('/scan')).body;
    const links = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
    expect(links).toEqual([
      '/scan/download/scanpin-scan-linux-x64',
      '/scan/download/scanpin-scan-win-x64.exe',
    ]);
    expect(html).toContain('>Download for Linux x64</a>');
    expect(html).toContain('>Download for Windows x64</a>');
    expect(html).toContain(sha256(folder.linux));
    expect(html).toContain(sha256(folder.windows));
    for (const other of ['scanpin-scan.blob', 'scanpin-scan.cjs', 'config.json', 'scanpin-scan-folder-x64'])
      expect(html).not.toContain(other);
  });

  it('answers a download with the file as an attachment, its length and digest', async () => {
    const res = await get('/scan/download/scanpin-scan-linux-x64');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(folder.linux)).toBe(true);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toBe('attachment; filename="scanpin-scan-linux-x64"');
    expect(res.headers['content-length']).toBe(String(folder.linux.length));
    expect(res.headers['repr-digest']).toBe(
      `sha-256=:${createHash('sha256').update(folder.linux).digest('base64')}:`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');

    const exe = await get('/scan/download/scanpin-scan-win-x64.exe');
    expect(exe.statusCode).toBe(200);
    expect(sha256(exe.rawPayload)).toBe(sha256(folder.windows));
    expect(exe.headers['content-disposition']).toBe('attachment; filename="scanpin-scan-win-x64.exe"');

    const head = await get('/scan/download/scanpin-scan-win-x64.exe', 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-disposition']).toBe('attachment; filename="scanpin-scan-win-x64.exe"');
  });

  it('answers unknown names, the folder’s other files and paths outside it with a 404 problem', async () => {
    for (const url of [
      '/scan/download/scanpin-scan-macos-arm64',
      '/scan/download/scanpin-scan.blob',
      '/scan/download/config.json',
      '/scan/download/scanpin-scan-folder-x64',
      '/scan/download/SCANPIN-SCAN-LINUX-X64',
      '/scan/download/..%2F..%2Fpackage.json',
      '/scan/download/%2e%2e%2fconfig.json',
      '/scan/download/../../package.json',
      '/scan/download/scanpin-scan-linux-x64%00',
      '/scan/download/',
    ]) {
      const res = await get(url);
      expectProblem(res, 404, 'route_not_found');
      expect(res.headers['content-disposition'], url).toBeUndefined();
    }
    // Dot segments as a client may send them, unresolved (a browser, and inject, resolve them first).
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    for (const path of [
      '/scan/download/..',
      '/scan/download/%2E%2E',
      '/scan/download/../scanpin-scan-linux-x64',
    ]) {
      const res = await rawGet(address, path);
      expect({ path, status: res.status, type: res.type }).toEqual({
        path,
        status: 404,
        type: 'application/problem+json; charset=utf-8',
      });
      expect(JSON.parse(res.body)).toMatchObject({ code: 'route_not_found' });
    }
  });

  it('loads nothing from anywhere: no script, stylesheet, image or frame, only links on this server', async () => {
    const html = (await get('/scan')).body;
    expect(html).not.toMatch(/<(script|link|img|iframe|object|embed|form|base)\b/i);
    expect(html).not.toMatch(/\b(src|srcset|action|formaction)=/i);
    expect(html).not.toMatch(/@import|url\(/i);
    for (const [, href] of html.matchAll(/href="([^"]*)"/g)) expect(href).toMatch(/^\/[^/]/);
  });

  it('sends the security headers and a CSP that lets only its own inline style apply', async () => {
    const res = await get('/scan');
    expect(res.headers['content-security-policy']).toBe(SCAN_PAGE_CSP);
    expect(SCAN_PAGE_CSP).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/]+=*'; /);
    expect(SCAN_PAGE_CSP).toContain("frame-ancestors 'none'");
    expect(SCAN_PAGE_CSP).not.toMatch(/unsafe|script-src|https?:/);
    // The one inline style is the one the policy names by its hash.
    const style = /<style>([\s\S]*?)<\/style>/.exec(res.body)?.[1] ?? '';
    expect(SCAN_PAGE_CSP).toContain(`'sha256-${createHash('sha256').update(style).digest('base64')}'`);
    expect(res.body.match(/<style>/g)).toHaveLength(1);
    expect(res.body).not.toMatch(/\sstyle="/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['strict-transport-security']).toBeDefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('offers no download when the folder is missing or holds no executable, and says whom to tell', async () => {
    for (const dir of [join(folder.dir, 'missing'), mkdtempSync(join(tmpdir(), 'scanpin-empty-'))]) {
      const logs = capturingLogs();
      const bare = await startTestApp(
        sqlite,
        { SCANNER_DOWNLOADS_DIR: dir, PUBLIC_URL: SERVER, UNAUTHENTICATED_PER_MINUTE: '1000' },
        undefined,
        { serviceLog: logs.logger },
      );
      try {
        const res = await bare.app.inject({ method: 'GET', url: '/scan' });
        expect(res.statusCode).toBe(200);
        expect(res.body).not.toContain('/scan/download/');
        expect(res.body).toContain(
          '<strong>This server offers no scanner download yet.</strong> Tell the staff who sent you here',
        );
        expectNoStepsNorCommands(res.body);
        for (const item of COLLECTED) expect(res.body).toContain(escapeHtml(item.title));
        const download = await bare.app.inject({
          method: 'GET',
          url: '/scan/download/scanpin-scan-linux-x64',
        });
        expectProblem(download, 404, 'route_not_found');

        // The player's own link says the same, on every system, and still what the scan would read.
        const { key } = await bare.createOwner('Fresh Server Community');
        const pin = await bare.createPin(key, { type: 'Java' });
        for (const platform of ['linux', 'windows']) {
          const page = await bare.app.inject({ method: 'GET', url: `/scan/${pin}?platform=${platform}` });
          expect(page.statusCode).toBe(200);
          expect(page.body).toContain('Fresh Server Community');
          expect(page.body).toContain(
            '<strong>This server offers no scanner download yet.</strong> Tell the staff who sent you this link',
          );
          expect(page.body).not.toContain(`/scan/${pin}/download/`);
          expect(page.body).not.toContain('only for <a href="?platform=');
          expectNoStepsNorCommands(page.body);
          expect(page.body).toContain('Minecraft installations');
          const file = await bare.app.inject({ method: 'GET', url: `/scan/${pin}/download/${platform}` });
          expect(file.statusCode).toBe(404);
          expect(file.headers['content-type']).toBe('text/html; charset=utf-8');
          expect(file.body).toContain('to download yet. Tell the staff who sent you the link.');
          expectNoStepsNorCommands(file.body);
        }

        // The operator is told once, at start: the folder and the command that fills it.
        const warnings = logs.lines
          .map((line) => JSON.parse(line))
          .filter((l) => /no scanner build/.test(l.msg));
        expect(warnings).toEqual([
          expect.objectContaining({
            level: 40,
            dir: resolve(dir),
            msg: expect.stringContaining('npm run build:scanner'),
          }),
        ]);
        expect(Object.keys(warnings[0]).sort()).toEqual(['dir', 'hostname', 'level', 'msg', 'pid', 'time']);
      } finally {
        await bare.close();
      }
    }
  });

  it('warns of nothing at start when the builds are there', async () => {
    const logs = capturingLogs();
    const built = await startTestApp(sqlite, { SCANNER_DOWNLOADS_DIR: folder.dir }, undefined, {
      serviceLog: logs.logger,
    });
    await built.close();
    expect(logs.lines.join('')).not.toContain('no scanner build');
  });

  it('sends a player whose system has no build to the staff, and to the other system’s build', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scanpin-linux-only-'));
    writeFileSync(join(dir, 'scanpin-scan-linux-x64'), randomBytes(1000));
    const half = await startTestApp(sqlite, {
      SCANNER_DOWNLOADS_DIR: dir,
      PUBLIC_URL: SERVER,
      UNAUTHENTICATED_PER_MINUTE: '1000',
    });
    try {
      const { key } = await half.createOwner();
      const pin = await half.createPin(key, { type: 'FiveM' });
      const windows = (await half.app.inject({ method: 'GET', url: `/scan/${pin}?platform=windows` })).body;
      expect(windows).toContain(
        '<strong>This server offers no scanner for Windows yet</strong>, only for <a href="?platform=linux">Linux</a>. If you play on Windows, tell the staff who sent you this link.',
      );
      expect(windows).not.toContain(`/scan/${pin}/download/`);
      expectNoStepsNorCommands(windows);
      const linux = (await half.app.inject({ method: 'GET', url: `/scan/${pin}?platform=linux` })).body;
      expect(linux).toContain(`href="/scan/${pin}/download/linux"`);
      expect(linux).not.toContain('npx');
    } finally {
      await half.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the disclosure of one PIN', () => {
  it('lists what the scanner reads for that game on that platform, as its prompt does', () => {
    const linuxJava = pinDisclosureHtml('linux', 'Java');
    expect(linuxJava).toContain('Minecraft installations');
    expect(linuxJava).not.toContain('Windows Prefetch');
    const windowsFiveM = pinDisclosureHtml('win32', 'FiveM');
    expect(windowsFiveM).toContain('Windows Prefetch');
    expect(windowsFiveM).not.toContain('Minecraft installations');
    for (const item of NEVER_COLLECTED) expect(windowsFiveM).toContain(`<li>${escapeHtml(item)}</li>`);
  });
});
