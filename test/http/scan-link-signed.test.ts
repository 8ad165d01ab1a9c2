import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { emptyStampRegion } from '@scanpin/scanner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stampInSignature } from '../../packages/scanner/src/cli/signature-stamp.js';
import { readAuthenticode } from '../../packages/scanner/src/windows/authenticode/read-authenticode.js';
import { signedPeLayout } from '../../src/domain/certificate-tag.js';
import { isAuthenticodeSigned, markerOffsets } from '../../src/domain/scanner-stamp.js';
import { osslsigncodeVerify, requireTool } from '../scanner/windows/authenticode-oracle.js';
import {
  ROOMY_HEADERS,
  referencePeChecksum,
  withPeHeadersAt,
} from '../scanner/windows/support/moved-pe-headers.js';
import { backends } from '../support/backends.js';
import { codeSigningChain } from '../support/code-signing.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const SERVER = 'https://scan.example.org';
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * A signed Windows build, made here: a small program compiled with mingw-w64 that holds the empty
 * stamp region as `npm run build:scanner` reserves it, and signed with osslsigncode (SHA-256) by a
 * signer that a throwaway CA made with openssl issued, as an operator's certificate is.
 */
function signedBuild(dir: string): { exe: Buffer; caFile: string } {
  for (const [tool, pkg] of [
    ['x86_64-w64-mingw32-gcc', 'gcc-mingw-w64-x86-64'],
    ['openssl', 'openssl'],
    ['osslsigncode', 'osslsigncode'],
  ] as const)
    requireTool(tool, pkg);
  const run = (command: string, ...args: string[]) =>
    execFileSync(command, args, { cwd: dir, stdio: 'pipe' });
  const bytes = [...emptyStampRegion()].map((b) => `0x${b.toString(16)}`).join(',');
  // Indexed by a run-time value, so the whole region stays in the file.
  writeFileSync(
    join(dir, 'build.c'),
    `static const unsigned char region[] = {${bytes}};\nint main(int argc, char **argv) { return region[argc] == 0x53 ? 0 : 1; }\n`,
  );
  run('x86_64-w64-mingw32-gcc', '-O1', '-o', 'unsigned.exe', 'build.c');
  codeSigningChain(dir, 'Test Community');
  run(
    'osslsigncode',
    'sign',
    '-certs',
    'chain.pem',
    '-key',
    'signer.key',
    '-h',
    'sha256',
    '-n',
    'scanpin-scan',
    '-in',
    'unsigned.exe',
    '-out',
    'signed.exe',
  );
  return { exe: readFileSync(join(dir, 'signed.exe')), caFile: join(dir, 'ca.pem') };
}

/** The same build linked with room for its headers, moved to `at`, and signed by the same signer. */
function signedWithHeadersAt(dir: string, at: number): Buffer {
  const run = (command: string, ...args: string[]) =>
    execFileSync(command, args, { cwd: dir, stdio: 'pipe' });
  const unsigned = join(dir, `roomy-${at}.exe`);
  run('x86_64-w64-mingw32-gcc', '-O1', ...ROOMY_HEADERS, '-o', unsigned, 'build.c');
  writeFileSync(unsigned, withPeHeadersAt(readFileSync(unsigned), at));
  const signed = join(dir, `roomy-${at}-signed.exe`);
  run(
    'osslsigncode',
    'sign',
    '-certs',
    'chain.pem',
    '-key',
    'signer.key',
    '-h',
    'sha256',
    '-in',
    unsigned,
    '-out',
    signed,
  );
  return readFileSync(signed);
}

/**
 * A scan link to a signed Windows build: the stamp goes into the signature's certificate table,
 * which the signature does not cover, so the file still verifies and the scanner finds its PIN
 * (docs/scanner.md, "Stamped downloads").
 */
describe.each(backends())('/scan/<PIN> with an Authenticode-signed Windows build on $name', (backend) => {
  let t: TestApp;
  let dir: string;
  let downloads: string;
  let build: { exe: Buffer; caFile: string };
  let key: string;
  let pin: string;
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'scanpin-signed-link-'));
    build = signedBuild(dir);
    downloads = join(dir, 'downloads');
    execFileSync('mkdir', [downloads]);
    writeFileSync(join(downloads, 'scanpin-scan-win-x64.exe'), build.exe);
    writeFileSync(
      join(downloads, 'scanpin-scan-linux-x64'),
      Buffer.concat([randomBytes(5000), Buffer.from(emptyStampRegion()), randomBytes(5000)]),
    );
    t = await startTestApp(backend, {
      SCANNER_DOWNLOADS_DIR: downloads,
      PUBLIC_URL: SERVER,
      UNAUTHENTICATED_PER_MINUTE: '1000',
      SCANNER_START_PER_MINUTE: '1000',
    });
    ({ key } = await t.createOwner('Signed Builders'));
    pin = await t.createPin(key, { type: 'Java' });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends the build stamped in its certificate table, still signed, and the scanner reads the stamp', async () => {
    expect(osslsigncodeVerify(join(downloads, 'scanpin-scan-win-x64.exe'), build.caFile).verificationOk).toBe(
      true,
    );
    const res = await get(`/scan/${pin.toLowerCase()}/download/windows`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="scanpin-scan-${pin}.exe"`);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.rawPayload;
    expect(res.headers['content-length']).toBe(String(body.length));
    // Longer by the carrier certificate; the region in the signed part is left empty.
    expect(body.length).toBeGreaterThan(build.exe.length);
    const stamped = join(dir, 'downloaded.exe');
    writeFileSync(stamped, body);

    // The independent tool: the same signer, the same image digest, valid, and the CheckSum right.
    const before = osslsigncodeVerify(join(downloads, 'scanpin-scan-win-x64.exe'), build.caFile);
    const after = osslsigncodeVerify(stamped, build.caFile);
    expect(after.verificationOk, after.output).toBe(true);
    expect(after.signerSubject).toBe('CN=Test Community');
    expect(after.signedImageDigest).toBe(before.signedImageDigest);
    expect(after.computedImageDigest).toBe(before.computedImageDigest);
    expect(after.output).not.toMatch(/invalid PE checksum/);
    // The server's own check still sees a signed build; the scanner's Authenticode reader, a valid one.
    expect(isAuthenticodeSigned(body.subarray(0, 4096))).toBe(true);
    const verdict = readAuthenticode(body);
    expect(verdict.status).toBe('signed-valid');
    expect(verdict.status === 'signed-valid' && verdict.signature.signer?.subjectCommonName).toBe(
      'Test Community',
    );
    expect(verdict.status === 'signed-valid' && verdict.signature.anomalies).toEqual([]);

    // The scanner, reading its own file, finds this server and the PIN.
    expect(stampInSignature(stamped)).toEqual({ serverUrl: SERVER, pin });
    expect(stampInSignature(join(downloads, 'scanpin-scan-win-x64.exe'))).toBeNull();
    // The marker twice: the empty region in the signed part and the stamp in the certificate table.
    const layout = signedPeLayout(body.subarray(0, 4096));
    const offsets = markerOffsets(body);
    expect(offsets).toHaveLength(2);
    expect(offsets[0]).toBe(markerOffsets(build.exe)[0]);
    expect(offsets[1]).toBeGreaterThan(layout?.tableOffset ?? Number.POSITIVE_INFINITY);

    // Each download is the same file but for its stamp: another PIN, another tag, same signature.
    const other = await t.createPin(key, { type: 'Java' });
    const second = (await get(`/scan/${other}/download/windows`)).rawPayload;
    writeFileSync(join(dir, 'second.exe'), second);
    expect(stampInSignature(join(dir, 'second.exe'))).toEqual({ serverUrl: SERVER, pin: other });
    expect(osslsigncodeVerify(join(dir, 'second.exe'), build.caFile).verificationOk).toBe(true);

    // A byte of the signed part changed after stamping still breaks the signature.
    const flipped = Buffer.from(body);
    const at = offsets[0] as number;
    flipped[at + 100] = (flipped[at + 100] as number) ^ 0x01;
    writeFileSync(join(dir, 'flipped.exe'), flipped);
    expect(osslsigncodeVerify(join(dir, 'flipped.exe'), build.caFile).verificationOk).toBe(false);
    expect(readAuthenticode(flipped)).toMatchObject({
      status: 'signed-invalid',
      reason: 'image-digest-mismatch',
    });
  });

  it('tells the player there is nothing to type, and keeps the published build’s SHA-256 on the page', async () => {
    const page = (await get(`/scan/${pin}?platform=windows`)).body;
    expect(page).toContain(`href="/scan/${pin}/download/windows"`);
    expect(page).not.toContain('When it asks for the PIN');
    expect(page).toContain('nothing to type');
    expect(page).toContain(sha256(build.exe));
  });

  it('tags a signed build whose headers sit past the first 4 KiB, or at an odd offset, never writing into what is signed', async () => {
    const path = join(downloads, 'scanpin-scan-win-x64.exe');
    try {
      for (const at of [0x1800, 0x1801]) {
        const signed = signedWithHeadersAt(dir, at);
        expect(signed.readUInt32LE(0x3c)).toBe(at);
        writeFileSync(path, signed);
        const res = await get(`/scan/${pin}/download/windows`);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-disposition']).toBe(`attachment; filename="scanpin-scan-${pin}.exe"`);
        const body = res.rawPayload;
        const out = join(dir, `roomy-${at}-downloaded.exe`);
        writeFileSync(out, body);
        const before = osslsigncodeVerify(path, build.caFile);
        const after = osslsigncodeVerify(out, build.caFile);
        expect(after.verificationOk, `${at}\n${after.output}`).toBe(true);
        expect(after.signedImageDigest).toBe(before.signedImageDigest);
        expect(readAuthenticode(body).status).toBe('signed-valid');
        // The region in the signed part is as built; the stamp is in the table.
        const region = markerOffsets(signed)[0] as number;
        expect(
          body
            .subarray(region, region + emptyStampRegion().length)
            .equals(signed.subarray(region, region + emptyStampRegion().length)),
        ).toBe(true);
        expect(stampInSignature(out)).toEqual({ serverUrl: SERVER, pin });
        // The CheckSum of the file sent, its field counted as zero even at an odd offset.
        const checksumOffset = at + 24 + 64;
        expect(body.readUInt32LE(checksumOffset)).toBe(referencePeChecksum(body, checksumOffset));
        if (at % 2 === 0) expect(after.output).not.toMatch(/invalid PE checksum/);
      }
    } finally {
      writeFileSync(path, build.exe);
    }
  });

  it('sends a signed build from before stamps as it is, and the page says to type the PIN', async () => {
    const path = join(downloads, 'scanpin-scan-win-x64.exe');
    // The same signed file without the region: its scanner would read no tag.
    const old = Buffer.from(build.exe);
    old.fill(0x20, markerOffsets(old)[0] as number, (markerOffsets(old)[0] as number) + 8);
    writeFileSync(path, old);
    try {
      const res = await get(`/scan/${pin}/download/windows`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe('attachment; filename="scanpin-scan-win-x64.exe"');
      expect(res.rawPayload.equals(old)).toBe(true);
      expect((await get(`/scan/${pin}?platform=windows`)).body).toContain(
        `When it asks for the PIN, type <code>${pin}</code>`,
      );
    } finally {
      writeFileSync(path, build.exe);
    }
  });
});
