import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { emptyStampRegion, readStampRegion, STAMP_REGION_BYTES } from '@scanpin/scanner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markerOffsets, stampFile } from '../../src/domain/scanner-stamp.js';
import { loggedPath } from '../../src/logger.js';
import { sqliteBackend } from '../support/backends.js';
import { expectProblem } from '../support/http.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const SERVER = 'https://scan.example.org';
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * A downloads folder with small stand-ins for the builds: random bytes around the empty stamp region
 * `npm run build:scanner` reserves, bigger than one read chunk so the region is streamed across reads.
 * The Linux one is stamped near a 64 KiB boundary.
 */
function downloadsFolder() {
  const dir = mkdtempSync(join(tmpdir(), 'scanpin-scan-link-'));
  const region = Buffer.from(emptyStampRegion());
  const linux = Buffer.concat([randomBytes(65_536 - 20), region, randomBytes(300_000)]);
  const windows = Buffer.concat([randomBytes(150_000), region, randomBytes(9_000)]);
  writeFileSync(join(dir, 'scanpin-scan-linux-x64'), linux);
  writeFileSync(join(dir, 'scanpin-scan-win-x64.exe'), windows);
  return { dir, linux, windows };
}

const sqlite = sqliteBackend();

/** The player's scan link (docs/scan-client.md, "Your scan link") and its stamped downloads. */
describe('/scan/<PIN>', () => {
  let t: TestApp;
  let folder: ReturnType<typeof downloadsFolder>;
  let key: string;
  /** The waiting PIN the tests open (an account may hold 3 active PINs). */
  let pin: string;
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    folder = downloadsFolder();
    t = await startTestApp(sqlite, {
      SCANNER_DOWNLOADS_DIR: folder.dir,
      PUBLIC_URL: SERVER,
      UNAUTHENTICATED_PER_MINUTE: '1000',
      SCANNER_START_PER_MINUTE: '1000',
    });
    ({ key } = await t.createOwner('Blocky Builders'));
    pin = await t.createPin(key, { type: 'Java' });
  });
  afterAll(async () => {
    await t.close();
    rmSync(folder.dir, { recursive: true, force: true });
  });

  it('names the community and game, and offers the detected system’s build with three steps', async () => {
    const windows = await get(`/scan/${pin}`, {
      'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131 Safari/537.36',
    });
    expect(windows.statusCode).toBe(200);
    expect(windows.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(windows.headers['cache-control']).toBe('no-store');
    expect(windows.headers['content-security-policy']).toContain("default-src 'none'");
    expect(windows.body).toContain('Blocky Builders');
    expect(windows.body).toContain('<strong>Java</strong>');
    expect(windows.body).toContain(`href="/scan/${pin}/download/windows"`);
    expect(windows.body).toContain(sha256(folder.windows));
    expect(windows.body.match(/<ol>[\s\S]*?<\/ol>/)?.[0].match(/<li>/g)).toHaveLength(3);
    // Windows sources are listed for Windows, and the other system is one link away.
    expect(windows.body).toContain('href="?platform=linux"');
    expect(windows.body).not.toMatch(/src=|<script/);

    const linux = await get(`/scan/${pin}`, {
      'sec-ch-ua-platform': '"Linux"',
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131',
    });
    expect(linux.body).toContain(`href="/scan/${pin}/download/linux"`);
    expect(linux.body).toContain(sha256(folder.linux));
    expect(linux.body).not.toContain(`/download/windows"`);
    // The switcher wins over the browser's hints.
    expect((await get(`/scan/${pin}?platform=linux`, { 'user-agent': 'Windows' })).body).toContain(
      `/scan/${pin}/download/linux`,
    );
    expect(windows.body).not.toBe(linux.body);
  });

  it('streams the build stamped with this server and the PIN, and no other byte changed', async () => {
    for (const [platform, build, name] of [
      ['linux', folder.linux, `scanpin-scan-${pin}`],
      ['windows', folder.windows, `scanpin-scan-${pin}.exe`],
    ] as const) {
      const res = await get(`/scan/${pin.toLowerCase()}/download/${platform}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/octet-stream');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${name}"`);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-length']).toBe(String(build.length));
      const body = res.rawPayload;
      expect(body.equals(stampFile(build, { serverUrl: SERVER, pin }))).toBe(true);
      const [offset = -1] = markerOffsets(body);
      expect(readStampRegion(body.subarray(offset, offset + STAMP_REGION_BYTES))).toEqual({
        serverUrl: SERVER,
        pin,
      });
    }
  });

  it('shows one page, never JSON, for a PIN that is unknown, cancelled or expired, and sends no file', async () => {
    const cancelled = await t.createPin(key, { type: 'Java' });
    expect((await t.api('POST', `/v1/pins/${cancelled}/cancel`, { key })).statusCode).toBe(200);
    const pages = new Set<string>();
    for (const dead of ['ZZZZZZZZ', cancelled, 'ZZZZZZZZ'.toLowerCase(), '2345ABCD']) {
      for (const url of [`/scan/${dead}`, `/scan/${dead}/download/linux`]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(res.body).toContain('This scan link does not work');
        pages.add(res.body);
      }
    }
    // Whatever the reason, the same page: it tells no more than the preview call.
    expect(pages.size).toBe(1);
    expect((await get(`/scan/${pin}/download/macos`)).statusCode).toBe(404);
    // What cannot be a PIN is no scan link: answered as any unknown path.
    for (const url of [
      '/scan/not-a-pin',
      '/scan/IIIIOOOO',
      '/scan/download',
      `/scan/${'x'.repeat(60)}`,
      '/scan/scanpin-scan-linux-x64',
    ])
      expectProblem(await get(url), 404, 'route_not_found');
  });

  it('offers no stamped file for a build without the region, and says what to do', async () => {
    const old = Buffer.from(folder.linux);
    old.fill(0, 65_536 - 20, 65_536);
    writeFileSync(join(folder.dir, 'scanpin-scan-linux-x64'), old);
    try {
      const res = await get(`/scan/${pin}/download/linux`);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('cannot carry your PIN');
    } finally {
      writeFileSync(join(folder.dir, 'scanpin-scan-linux-x64'), folder.linux);
    }
  });

  it('sends a signed Windows build it cannot tag as signed, never stamped, and the page says to type the PIN', async () => {
    // A PE32+ file whose certificate table (Authenticode) is listed in its headers but holds no
    // signature this server can read, so it cannot carry the stamp there (scan-link-signed.test.ts
    // has real signed builds).
    const signed = Buffer.from(folder.windows);
    signed.write('MZ', 0, 'latin1');
    signed.writeUInt32LE(0x80, 0x3c);
    signed.writeUInt32LE(0x0000_4550, 0x80);
    signed.writeUInt16LE(0x20b, 0x80 + 24);
    const security = 0x80 + 24 + 112 + 32;
    signed.writeUInt32LE(signed.length - 2048, security);
    signed.writeUInt32LE(2048, security + 4);
    writeFileSync(join(folder.dir, 'scanpin-scan-win-x64.exe'), signed);
    try {
      const res = await get(`/scan/${pin}/download/windows`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe('attachment; filename="scanpin-scan-win-x64.exe"');
      expect(res.rawPayload.equals(signed)).toBe(true);
      const page = (await get(`/scan/${pin}?platform=windows`)).body;
      expect(page).toContain(`When it asks for the PIN, type <code>${pin}</code>`);
      expect(page).toContain(sha256(signed));
      // The Linux build is stamped as before.
      const linux = await get(`/scan/${pin}/download/linux`);
      expect(linux.rawPayload.equals(folder.linux)).toBe(false);
    } finally {
      writeFileSync(join(folder.dir, 'scanpin-scan-win-x64.exe'), folder.windows);
    }
  });

  it('counts scan links against the scanner starts’ per-address budget, as the preview does', async () => {
    const limited = await startTestApp(sqlite, {
      SCANNER_DOWNLOADS_DIR: folder.dir,
      PUBLIC_URL: SERVER,
      SCANNER_START_PER_MINUTE: '3',
    });
    try {
      const statuses: number[] = [];
      for (const code of ['ZZZZZZZZ', 'ZZZZZZZ2', 'ZZZZZZZ3', 'ZZZZZZZ4'])
        statuses.push((await limited.app.inject({ method: 'GET', url: `/scan/${code}` })).statusCode);
      expect(statuses).toEqual([404, 404, 404, 429]);
    } finally {
      await limited.close();
    }
  });

  it('keeps the PIN out of the logs, and the scan page’s own routes as they are', () => {
    expect(loggedPath('/scan/A7K3M2P9')).toBe('/scan/A7******');
    expect(loggedPath('/scan/A7K3M2P9/download/linux')).toBe('/scan/A7******/download/linux');
    expect(loggedPath('/scan/download/scanpin-scan-linux-x64')).toBe('/scan/download/scanpin-scan-linux-x64');
    expect(loggedPath('/scan/discord/callback?code=1')).toBe('/scan/discord/callback');
    expect(loggedPath('/scan')).toBe('/scan');
  });
});
