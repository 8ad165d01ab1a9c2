import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findStamp, stampRegion } from '../../packages/scanner/src/stamp.js';
import { readAuthenticode } from '../../packages/scanner/src/windows/authenticode/read-authenticode.js';
import {
  carrierCertificate,
  MAX_CERTIFICATE_TABLE_BYTES,
  STAMP_EXTENSION_OID,
  signedBuildOf,
  TagRefused,
  tagCertificateTable,
  tagSignedFile,
} from '../../src/domain/certificate-tag.js';
import { fieldSum, peChecksum, wordSum } from '../../src/domain/pe-checksum.js';
import { element, oid, TAG } from '../../src/lib/der.js';
import {
  type AuthenticodeFixtures,
  buildAuthenticodeFixtures,
  type FixtureName,
} from '../scanner/windows/authenticode-fixtures.js';
import { osslsigncodeVerify } from '../scanner/windows/authenticode-oracle.js';

const STAMP = { serverUrl: 'https://scan.example.org', pin: 'A7K3M2P9' };
const key = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const region = () => stampRegion(STAMP);

/** The CheckSum as Windows' CheckSumMappedFile describes it: word by word, folding every carry. */
function referenceChecksum(file: Buffer, checksumOffset: number): number {
  let sum = 0;
  for (let i = 0; i < file.length; i += 2) {
    if (i === checksumOffset || i === checksumOffset + 2) continue;
    sum += (file[i] as number) | ((file[i + 1] ?? 0) << 8);
    sum = (sum & 0xffff) + (sum >>> 16);
  }
  return (((sum & 0xffff) + (sum >>> 16)) & 0xffff) + file.length;
}

describe('the PE CheckSum of a tagged build (src/domain/pe-checksum.ts)', () => {
  it('equals the word-by-word sum, however the file is cut into chunks', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 8, maxLength: 3000 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        (bytes, cuts) => {
          const file = Buffer.from(bytes);
          const checksumOffset = 4;
          // The total in chunks cut anywhere, odd offsets included, less the CheckSum field.
          const points = [...new Set(cuts.map((c) => c % file.length))].sort((a, b) => a - b);
          let total = 0;
          let from = 0;
          for (const to of [...points, file.length]) {
            total += wordSum(file.subarray(from, to), from);
            from = to;
          }
          total -= fieldSum(file.readUInt32LE(checksumOffset));
          expect(peChecksum(total, file.length)).toBe(referenceChecksum(file, checksumOffset));
        },
      ),
    );
    // Words that add up to a multiple of 0xffff read 0xffff, and only zeros read 0.
    expect(peChecksum(0xffff * 3, 0)).toBe(0xffff);
    expect(peChecksum(0, 10)).toBe(10);
  });
});

describe('tagging a signed build: the stamp in a certificate of its signature (docs/scanner.md, "Stamped downloads")', () => {
  let fixtures: AuthenticodeFixtures;
  beforeAll(async () => {
    fixtures = await buildAuthenticodeFixtures();
  }, 120_000);
  afterAll(() => rmSync(fixtures.dir, { recursive: true, force: true }));

  const KINDS: FixtureName[] = [
    'signed-sha256',
    'signed-sha1',
    'signed-pe32-sha512',
    'signed-with-ca-in-chain',
    'signed-self-signed',
    'signed-ecdsa',
    'signed-timestamped',
    'signed-countersigned',
  ];

  it('leaves every kind of signature valid for osslsigncode and for our reader, with the stamp readable', () => {
    for (const name of KINDS) {
      const original = readFileSync(fixtures.path[name]);
      const tagged = tagSignedFile(original, region(), key);
      const out = join(fixtures.dir, `${name}-tagged.exe`);
      writeFileSync(out, tagged);
      const trust = name === 'signed-self-signed' ? fixtures.selfSignedFile : fixtures.caFile;
      const before = osslsigncodeVerify(fixtures.path[name], trust, fixtures.tsaFile);
      const after = osslsigncodeVerify(out, trust, fixtures.tsaFile);
      expect(after.verificationOk, `${name}\n${after.output}`).toBe(true);
      expect(after.signedImageDigest).toBe(before.signedImageDigest);
      expect(after.computedImageDigest).toBe(before.computedImageDigest);
      expect(after.signerSubject).toBe(before.signerSubject);
      expect(after.timestampTime).toBe(before.timestampTime);
      // The CheckSum was written again: osslsigncode computes the same.
      expect(after.output, name).not.toMatch(/invalid PE checksum/);
      const ours = readAuthenticode(tagged);
      expect(ours.status, name).toBe(readAuthenticode(original).status);
      if (ours.status === 'signed-valid') {
        expect(ours.signature.signer).toEqual((readAuthenticode(original) as typeof ours).signature.signer);
        expect(ours.signature.anomalies).toEqual([]);
      }
      // Everything Authenticode hashes is as it was: only the CheckSum and the table's size changed.
      const build = signedBuildOf(original);
      const { checksumOffset, directoryOffset, tableOffset } = build.layout;
      const masked = (file: Buffer) => {
        const head = Buffer.from(file.subarray(0, tableOffset));
        head.fill(0, checksumOffset, checksumOffset + 4).fill(0, directoryOffset + 4, directoryOffset + 8);
        return head;
      };
      expect(masked(tagged).equals(masked(original)), name).toBe(true);
      expect(tagged.readUInt32LE(directoryOffset + 4)).toBe(tagged.length - tableOffset);
      expect((tagged.length - tableOffset) % 8).toBe(0);
      expect(findStamp(tagged.subarray(tableOffset))).toEqual(STAMP);
      expect(findStamp(original)).toBeNull();
    }
  }, 60_000);

  it('adds a whole, self-signed certificate with the region in our extension, and pads with zeros only', () => {
    const original = readFileSync(fixtures.path['signed-with-ca-in-chain']);
    const tagged = tagSignedFile(original, region(), key);
    const { tableOffset } = signedBuildOf(tagged).layout;
    const length = tagged.readUInt32LE(tableOffset);
    expect(length).toBe(tagged.length - tableOffset);
    const blob = tagged.subarray(tableOffset + 8);
    // The ContentInfo's own length, then nothing but zeros (fewer than 8) to the end.
    const contentLength = 4 + blob.readUInt16BE(2);
    expect(blob[1]).toBe(0x82);
    expect(blob.length - contentLength).toBeLessThan(8);
    expect(blob.subarray(contentLength).every((b) => b === 0)).toBe(true);
    const p7 = join(fixtures.dir, 'tagged.p7');
    writeFileSync(p7, blob.subarray(0, contentLength));
    const pems = execFileSync('openssl', ['pkcs7', '-inform', 'DER', '-in', p7, '-print_certs'], {
      encoding: 'utf8',
    });
    // The signer, the CA it carried, and the carrier.
    expect(pems.match(/-----BEGIN CERTIFICATE-----/g)).toHaveLength(3);
    expect(pems).toContain('subject=CN = scanpin download stamp');
    const carrier = join(fixtures.dir, 'carrier.pem');
    writeFileSync(carrier, pems.slice(pems.lastIndexOf('subject=CN = scanpin download stamp')));
    const text = execFileSync('openssl', ['x509', '-in', carrier, '-noout', '-text'], { encoding: 'utf8' });
    expect(text).toContain(`${STAMP_EXTENSION_OID}:`);
    expect(text).toContain('"pin":"A7K3M2P9"');
    // Its signature is its own, and verifies: a certificate any parser takes whole.
    expect(
      execFileSync('openssl', ['verify', '-check_ss_sig', '-CAfile', carrier, carrier], { encoding: 'utf8' }),
    ).toContain('OK');
  });

  it('replaces hidden bytes after the signature with zero padding', () => {
    const original = readFileSync(fixtures.path['payload-in-certificate-padding']);
    expect(readAuthenticode(original).status).toBe('signed-valid');
    expect(
      (readAuthenticode(original) as { signature: { anomalies: string[] } }).signature.anomalies,
    ).not.toEqual([]);
    const tagged = tagSignedFile(original, region(), key);
    const status = readAuthenticode(tagged);
    expect(status.status).toBe('signed-valid');
    expect((status as { signature: { anomalies: string[] } }).signature.anomalies).toEqual([]);
  });

  it('still fails verification when a signed byte changes after tagging', () => {
    const tagged = tagSignedFile(readFileSync(fixtures.path['signed-sha256']), region(), key);
    // A byte of the first section, well inside what the signature hashes.
    const flipped = Buffer.from(tagged);
    flipped[0x600] = (flipped[0x600] as number) ^ 0xff;
    const out = join(fixtures.dir, 'tagged-flipped.exe');
    writeFileSync(out, flipped);
    expect(osslsigncodeVerify(out, fixtures.caFile).verificationOk).toBe(false);
    expect(readAuthenticode(flipped)).toMatchObject({
      status: 'signed-invalid',
      reason: 'image-digest-mismatch',
    });
  });

  it('refuses a table it cannot read, rather than sending a broken signature', () => {
    const original = readFileSync(fixtures.path['signed-sha256']);
    const { table } = signedBuildOf(original);
    const carrier = carrierCertificate(region(), key);
    const refused = (bytes: Buffer) => expect(() => tagCertificateTable(bytes, carrier)).toThrow(TagRefused);
    // Two WIN_CERTIFICATE entries.
    refused(Buffer.concat([table, table]));
    // Not PKCS #7 signed data (type 1 is an X.509 certificate).
    const x509 = Buffer.from(table);
    x509.writeUInt16LE(1, 6);
    refused(x509);
    // A BER indefinite length on the ContentInfo.
    const ber = Buffer.from(table);
    ber[9] = 0x80;
    refused(ber);
    // A ContentInfo that is not SignedData.
    const data = element(
      TAG.sequence,
      oid('1.2.840.113549.1.7.1'),
      element(TAG.context(0), element(TAG.octetString, Buffer.from('x'))),
    );
    const notSigned = Buffer.alloc(Math.ceil((8 + data.length) / 8) * 8);
    notSigned.writeUInt32LE(notSigned.length, 0);
    notSigned.writeUInt16LE(0x0200, 4);
    notSigned.writeUInt16LE(2, 6);
    data.copy(notSigned, 8);
    refused(notSigned);
    // Lengths that run past the table, and a table too big to be a signature.
    const cut = Buffer.from(table.subarray(0, 64));
    cut.writeUInt32LE(64, 0);
    refused(cut);
    refused(Buffer.alloc(MAX_CERTIFICATE_TABLE_BYTES + 8));
    // A file whose table does not end it.
    expect(() => signedBuildOf(Buffer.concat([original, Buffer.alloc(8)]))).toThrow(TagRefused);
  });
});
