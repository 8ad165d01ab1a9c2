import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BuildRefused,
  buildScanner,
  removeSignature,
  serverUrlToBake,
  signingRefusal,
  signWindowsBuild,
} from '../../packages/scanner/scripts/build-sea.js';
import { isAuthenticodeSigned } from '../../src/domain/scanner-stamp.js';
import { selfSignedCodeSigner } from '../support/code-signing.js';
import { requireTool } from './windows/authenticode-oracle.js';
import { markerProgram } from './windows/support/wine.js';

/** A PE32+ file: headers, some section bytes, and a certificate table of `table` bytes at the end. */
function pe(table: number): Buffer {
  const body = 4096;
  const file = Buffer.alloc(body + table, 0xab);
  file.write('MZ', 0, 'latin1');
  file.writeUInt32LE(0x80, 0x3c);
  file.writeUInt32LE(0x0000_4550, 0x80);
  const optional = 0x80 + 4 + 20;
  file.writeUInt16LE(0x20b, optional);
  const security = optional + 112 + 4 * 8;
  file.writeUInt32LE(table === 0 ? 0 : body, security);
  file.writeUInt32LE(table, security + 4);
  return file;
}

describe('the Windows build drops node.exe’s signature before the blob goes in (docs/scan-client.md, "Signing for release")', () => {
  it('removes the certificate table and its directory entry, and nothing else', () => {
    const dir = mkdtempSync(join(tmpdir(), 'scanpin-pe-'));
    try {
      const file = join(dir, 'node.exe');
      const signed = pe(10_448);
      writeFileSync(file, signed);
      removeSignature(file);
      const out = readFileSync(file);
      expect(out.length).toBe(4096);
      const security = 0x80 + 24 + 112 + 32;
      expect(out.readUInt32LE(security)).toBe(0);
      expect(out.readUInt32LE(security + 4)).toBe(0);
      const expected = Buffer.from(signed.subarray(0, 4096));
      expected.fill(0, security, security + 8);
      expect(out.equals(expected)).toBe(true);
      // An unsigned file is left as it is; a file that is not PE is refused.
      writeFileSync(file, pe(0));
      removeSignature(file);
      expect(readFileSync(file).equals(pe(0))).toBe(true);
      writeFileSync(file, Buffer.alloc(512));
      expect(() => removeSignature(file)).toThrow(/not a PE file/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('signing the Windows build with the operator’s certificate (docs/scan-client.md, "Signing for release")', () => {
  it('signs in place with osslsigncode, verifiable against the certificate, and the server sees it signed', () => {
    requireTool('openssl', 'openssl');
    requireTool('osslsigncode', 'osslsigncode');
    const dir = mkdtempSync(join(tmpdir(), 'scanpin-sign-'));
    try {
      const exe = markerProgram(dir, 'scanpin-scan-win-x64.exe');
      const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
      selfSignedCodeSigner(dir, 'Test Community');
      writeFileSync(join(dir, 'password'), 'correct horse');
      openssl(
        'pkcs12',
        '-export',
        '-inkey',
        'key.pem',
        '-in',
        'cert.pem',
        '-out',
        'signing.p12',
        '-passout',
        'file:password',
      );
      expect(isAuthenticodeSigned(readFileSync(exe).subarray(0, 4096))).toBe(false);
      signWindowsBuild(exe, { pkcs12: join(dir, 'signing.p12'), passwordFile: join(dir, 'password') });
      expect(isAuthenticodeSigned(readFileSync(exe).subarray(0, 4096))).toBe(true);
      const verify = spawnSync('osslsigncode', ['verify', '-CAfile', join(dir, 'cert.pem'), '-in', exe], {
        encoding: 'utf8',
      });
      expect(verify.status, `${verify.stdout}${verify.stderr}`).toBe(0);
      // A wrong password is a clear failure, and the file is left as it was.
      writeFileSync(join(dir, 'password'), 'wrong');
      const before = readFileSync(exe);
      expect(() =>
        signWindowsBuild(exe, { pkcs12: join(dir, 'signing.p12'), passwordFile: join(dir, 'password') }),
      ).toThrow(/osslsigncode could not sign/);
      expect(readFileSync(exe).equals(before)).toBe(true);
      // And what the build does to node.exe's signature undoes this one.
      removeSignature(exe);
      expect(isAuthenticodeSigned(readFileSync(exe).subarray(0, 4096))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});

describe('a signed Windows build carries its server address (docs/scan-client.md, "Signing for release")', () => {
  const script = resolve('packages/scanner/scripts/build-sea.ts');
  /** `npm run build:scanner -- …` as the operator runs it, with only the environment given. */
  const buildScannerCli = (args: string[], env: Record<string, string> = {}) => {
    const { PUBLIC_URL: _ignored, ...rest } = process.env;
    const run = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
      encoding: 'utf8',
      env: { ...rest, ...env },
      timeout: 60_000,
    });
    return { status: run.status, stderr: run.stderr };
  };

  it('refuses to sign without one, before building anything, unless --any-server', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scanpin-sign-server-'));
    try {
      const pkcs12 = join(dir, 'signing.p12');
      writeFileSync(pkcs12, 'not read before the build');
      const out = join(dir, 'out');
      const refused = buildScanner(['win-x64'], null, out, { pkcs12 });
      await expect(refused).rejects.toBeInstanceOf(BuildRefused);
      await expect(refused).rejects.toThrow(/--server-url.*--any-server/s);
      expect(existsSync(out)).toBe(false);
      // With a server, or --any-server, signing may go ahead; a Linux build is never signed.
      expect(signingRefusal(['win-x64'], 'https://scan.example.org', { pkcs12 })).toBeNull();
      expect(signingRefusal(['win-x64'], null, { pkcs12, anyServer: true })).toBeNull();
      expect(signingRefusal(['linux-x64'], null, { pkcs12 })).toBeNull();
      expect(signingRefusal(['linux-x64', 'win-x64'], null, { pkcs12 })).toMatch(/--server-url/);
      expect(signingRefusal(['win-x64'], 'https://scan.example.org', { pkcs12, anyServer: true })).toMatch(
        /contradict/,
      );
      // The certificate is looked for before the build, not after a minute of it.
      expect(
        signingRefusal(['win-x64'], 'https://scan.example.org', { pkcs12: join(dir, 'missing.p12') }),
      ).toMatch(/missing\.p12 cannot be read/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes PUBLIC_URL from the environment when signing and no --server-url is given', () => {
    const env = { PUBLIC_URL: 'https://scan.example.org' };
    expect(serverUrlToBake('https://other.example.org', true, false, env)).toEqual({
      url: 'https://other.example.org',
      from: '--server-url',
    });
    expect(serverUrlToBake(undefined, true, false, env)).toEqual({
      url: 'https://scan.example.org',
      from: 'PUBLIC_URL',
    });
    // Not for --any-server, which asks for none, nor for a build that is not signed, as before.
    expect(serverUrlToBake(undefined, true, true, env)).toEqual({ url: null, from: null });
    expect(serverUrlToBake(undefined, false, false, env)).toEqual({ url: null, from: null });
    expect(serverUrlToBake(undefined, true, false, {})).toEqual({ url: null, from: null });
  });

  it('says so on the command line: refused (exit 2) without a server, and what to add', () => {
    const missing = '/nonexistent/signing.p12';
    const bare = buildScannerCli(['--target', 'win-x64', '--sign-pkcs12', missing]);
    expect(bare.status, bare.stderr).toBe(2);
    expect(bare.stderr).toMatch(/refused: A signed Windows build needs the server address baked in/);
    expect(bare.stderr).toMatch(/--any-server/);
    // The default target includes Windows.
    expect(buildScannerCli(['--sign-pkcs12', missing]).stderr).toMatch(/needs the server address/);
    // PUBLIC_URL is taken (the refusal is then the missing certificate's, before any build).
    const fromEnv = buildScannerCli(['--target', 'win-x64', '--sign-pkcs12', missing], {
      PUBLIC_URL: 'https://scan.example.org',
    });
    expect(fromEnv.status).toBe(2);
    expect(fromEnv.stderr).toContain('https://scan.example.org is baked in, from PUBLIC_URL');
    expect(fromEnv.stderr).toContain(`${missing} cannot be read`);
    // --any-server accepts the risk; with --server-url it contradicts itself.
    const any = buildScannerCli(['--target', 'win-x64', '--sign-pkcs12', missing, '--any-server']);
    expect(any.stderr).not.toMatch(/needs the server address/);
    expect(any.stderr).toContain(`${missing} cannot be read`);
    const both = buildScannerCli([
      '--target',
      'win-x64',
      '--sign-pkcs12',
      missing,
      '--any-server',
      '--server-url',
      'https://scan.example.org',
    ]);
    expect(both.status).toBe(2);
    expect(both.stderr).toMatch(/contradict/);
    expect(
      buildScannerCli(['--target', 'win-x64', '--sign-pkcs12', missing], { PUBLIC_URL: 'ftp://x' }).stderr,
    ).toMatch(/PUBLIC_URL must be an http\(s\) address/);
  }, 120_000);
});
