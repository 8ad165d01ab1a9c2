import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COLLECTED, NEVER_COLLECTED, PLATFORM_HEADINGS } from '@scanpin/scanner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disclosureByGame, onlyForNote } from '../../src/domain/scan-disclosure.js';
import { pinDisclosureHtml } from '../../src/http/pages/scan-page.js';
import { escapeHtml } from '../../src/http/pages/server-page.js';
import { scanPageCsp } from '../../src/http/routes/scan-page.js';

/** Without a Discord application the page has no form at all. */
const SCAN_PAGE_CSP = scanPageCsp(null);

import { sqliteBackend } from '../support/backends.js';
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
    expect(res.body).toContain(`<code>npx scanpin-scan --server ${SERVER}</code>`);
    expect(res.body).toContain('chmod +x');
    expect(res.body).toContain('365 days');
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

  it('offers no download when the folder is missing or holds no executable', async () => {
    for (const dir of [join(folder.dir, 'missing'), mkdtempSync(join(tmpdir(), 'scanpin-empty-'))]) {
      const bare = await startTestApp(sqlite, { SCANNER_DOWNLOADS_DIR: dir });
      try {
        const res = await bare.app.inject({ method: 'GET', url: '/scan' });
        expect(res.statusCode).toBe(200);
        expect(res.body).not.toContain('/scan/download/');
        expect(res.body).toContain('No ready-made scanner is published on this server yet');
        for (const item of COLLECTED) expect(res.body).toContain(escapeHtml(item.title));
        const download = await bare.app.inject({
          method: 'GET',
          url: '/scan/download/scanpin-scan-linux-x64',
        });
        expectProblem(download, 404, 'route_not_found');
      } finally {
        await bare.close();
      }
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
