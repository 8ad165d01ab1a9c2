import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signatureStampAccepted, stampInSignature } from '../../packages/scanner/src/cli/signature-stamp.js';
import { emptyStampRegion, findStamp, stampRegion } from '../../packages/scanner/src/stamp.js';

const STAMP = { serverUrl: 'https://scan.example.org', pin: 'A7K3M2P9' };

/**
 * The scanner's side of a stamp carried in a signed build's certificate table (docs/scanner.md,
 * "Stamped downloads"); the whole path, a real signed build through the server's download, is in
 * test/http/scan-link-signed.test.ts and, for the Windows executable under Wine, wine.test.ts.
 */
describe('the stamp in a signed build’s certificate table, as the scanner reads it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'scanpin-signature-stamp-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('takes the first whole stamp, passing over empty and damaged regions', () => {
    const damaged = Buffer.from(stampRegion(STAMP));
    damaged[damaged.length - 1030] = 0xff;
    const bytes = Buffer.concat([
      Buffer.from('SSSS'),
      Buffer.from(emptyStampRegion()),
      damaged,
      Buffer.from(stampRegion(STAMP)),
      Buffer.from(stampRegion({ ...STAMP, pin: 'B8L4N3Q2' })),
    ]);
    expect(findStamp(bytes)).toEqual(STAMP);
    expect(findStamp(Buffer.from(emptyStampRegion()))).toBeNull();
    // A region cut off by the end of the table is no stamp.
    expect(findStamp(Buffer.from(stampRegion(STAMP)).subarray(0, 600))).toBeNull();
  });

  it('finds nothing in a file that is not a signed PE, or that is not there', () => {
    const elf = join(dir, 'linux');
    writeFileSync(elf, Buffer.concat([Buffer.from('\x7fELF'), Buffer.from(stampRegion(STAMP))]));
    expect(stampInSignature(elf)).toBeNull();
    expect(stampInSignature(join(dir, 'missing.exe'))).toBeNull();
    // A PE whose headers point past the file.
    const pe = Buffer.alloc(512);
    pe.write('MZ', 0, 'latin1');
    pe.writeUInt32LE(0x1000, 0x3c);
    writeFileSync(join(dir, 'short.exe'), pe);
    expect(stampInSignature(join(dir, 'short.exe'))).toBeNull();
  });

  it('follows a stamp for the server a build carries in its signed part, and no other', () => {
    expect(signatureStampAccepted(STAMP, null)).toBe(true);
    expect(signatureStampAccepted(STAMP, 'https://scan.example.org/')).toBe(true);
    expect(signatureStampAccepted(STAMP, 'https://SCAN.example.org')).toBe(true);
    // A copy re-stamped for another server keeps the operator's signature valid: not followed.
    expect(
      signatureStampAccepted({ ...STAMP, serverUrl: 'https://scan.example.net' }, 'https://scan.example.org'),
    ).toBe(false);
    expect(
      signatureStampAccepted({ ...STAMP, serverUrl: 'http://scan.example.org' }, 'https://scan.example.org'),
    ).toBe(false);
    expect(signatureStampAccepted({ ...STAMP, serverUrl: 'not a url' }, 'https://scan.example.org')).toBe(
      false,
    );
  });
});
