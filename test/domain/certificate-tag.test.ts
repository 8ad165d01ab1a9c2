import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stampInSignature } from '../../packages/scanner/src/cli/signature-stamp.js';
import { findStamp, stampRegion } from '../../packages/scanner/src/stamp.js';
import { readAuthenticode } from '../../packages/scanner/src/windows/authenticode/read-authenticode.js';
import {
  carrierCertificate,
  MAX_CERTIFICATE_TABLE_BYTES,
  STAMP_EXTENSION_OID,
  signedBuildOf,
  signedPeLayout,
  TagRefused,
  tagCertificateTable,
  tagSignedFile,
} from '../../src/domain/certificate-tag.js';
import { fieldSum, peChecksum, wordSum } from '../../src/domain/pe-checksum.js';
import { childrenOf, DerError, element, header, oid, readElement, TAG } from '../../src/lib/der.js';
import {
  type AuthenticodeFixtures,
  buildAuthenticodeFixtures,
  type FixtureName,
} from '../scanner/windows/authenticode-fixtures.js';
import { osslsigncodeVerify } from '../scanner/windows/authenticode-oracle.js';
import {
  ROOMY_HEADERS,
  referencePeChecksum,
  withPeHeadersAt,
} from '../scanner/windows/support/moved-pe-headers.js';

const STAMP = { serverUrl: 'https://scan.example.org', pin: 'A7K3M2P9' };
const key = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const region = () => stampRegion(STAMP);

describe('the PE CheckSum of a tagged build (src/domain/pe-checksum.ts)', () => {
  it('equals the word-by-word sum, however the file is cut into chunks, with the field at any offset', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 8, maxLength: 3000 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        fc.nat(),
        (bytes, cuts, at) => {
          const file = Buffer.from(bytes);
          // Odd offsets too: an odd e_lfanew puts the CheckSum there.
          const checksumOffset = at % (file.length - 3);
          // The total in chunks cut anywhere, odd offsets included, less the CheckSum field.
          const points = [...new Set(cuts.map((c) => c % file.length))].sort((a, b) => a - b);
          let total = 0;
          let from = 0;
          for (const to of [...points, file.length]) {
            total += wordSum(file.subarray(from, to), from);
            from = to;
          }
          total -= fieldSum(file.readUInt32LE(checksumOffset), checksumOffset);
          expect(peChecksum(total, file.length)).toBe(referencePeChecksum(file, checksumOffset));
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

  /** The same small program linked with room for its headers, moved to `at`, then signed. */
  function signedWithHeadersAt(at: number): string {
    const run = (command: string, ...args: string[]) =>
      execFileSync(command, args, { cwd: fixtures.dir, stdio: 'pipe' });
    const unsigned = join(fixtures.dir, `roomy-${at}.exe`);
    const signed = join(fixtures.dir, `roomy-${at}-signed.exe`);
    run('x86_64-w64-mingw32-gcc', '-O1', '-s', ...ROOMY_HEADERS, '-o', unsigned, 'program.c');
    writeFileSync(unsigned, withPeHeadersAt(readFileSync(unsigned), at));
    run(
      'osslsigncode',
      'sign',
      '-certs',
      'signer.pem',
      '-key',
      'signer.key',
      '-h',
      'sha256',
      '-in',
      unsigned,
      '-out',
      signed,
    );
    return signed;
  }

  it('tags a build whose headers sit past the first 4 KiB, or at an odd offset, and writes its CheckSum', () => {
    for (const at of [0x1800, 0x1801]) {
      const path = signedWithHeadersAt(at);
      const original = readFileSync(path);
      expect(original.readUInt32LE(0x3c)).toBe(at);
      const build = signedBuildOf(original);
      expect(build.layout.checksumOffset).toBe(at + 24 + 64);
      const tagged = tagSignedFile(original, region(), key);
      const out = join(fixtures.dir, `roomy-${at}-tagged.exe`);
      writeFileSync(out, tagged);
      const before = osslsigncodeVerify(path, fixtures.caFile);
      const after = osslsigncodeVerify(out, fixtures.caFile);
      expect(after.verificationOk, `${at}\n${after.output}`).toBe(true);
      expect(after.signedImageDigest).toBe(before.signedImageDigest);
      expect(after.computedImageDigest).toBe(before.computedImageDigest);
      expect(readAuthenticode(tagged).status).toBe('signed-valid');
      // The CheckSum of the file as sent, the field counted as zero wherever it falls.
      const { checksumOffset } = build.layout;
      expect(tagged.readUInt32LE(checksumOffset), `${at}`).toBe(referencePeChecksum(tagged, checksumOffset));
      // osslsigncode agrees where the field is word-aligned (at an odd one it counts the field in).
      if (at % 2 === 0) expect(after.output).not.toMatch(/invalid PE checksum/);
      // The scanner finds its stamp there too, reading the headers where they are.
      expect(stampInSignature(out)).toEqual(STAMP);
    }
  }, 60_000);

  /** A PE file made of parts, the headers wherever the case puts them, for the properties below. */
  interface PeCase {
    lfanew: number;
    magic: number;
    optionalSize: number;
    directories: number;
    checksum: number;
    /** Bytes of the file before its certificate table. */
    body: number;
    table: 'real' | 'mutated' | 'random';
    tableOffsetShift: number;
    tableSizeShift: number;
    /** Bytes cut off the end. */
    cut: number;
    seed: number;
  }
  const seed = fc.integer();
  const checksum = fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 0xffff_ffff }));
  /** Anything at all in the fields tagging reads. */
  const wild: fc.Arbitrary<PeCase> = fc.record({
    lfanew: fc.oneof(fc.integer({ min: 0, max: 0x3000 }), fc.constant(0xffff_ffff)),
    magic: fc.oneof(fc.constantFrom(0x10b, 0x20b), fc.integer({ min: 0, max: 0xffff })),
    optionalSize: fc.oneof(fc.constantFrom(224, 240), fc.integer({ min: 0, max: 0xffff })),
    directories: fc.oneof(fc.constant(16), fc.integer({ min: 0, max: 20 }), fc.constant(0xffff_ffff)),
    checksum,
    body: fc.integer({ min: 0x40, max: 0x3400 }),
    table: fc.constantFrom('real', 'mutated', 'random'),
    tableOffsetShift: fc.oneof(fc.constant(0), fc.integer({ min: -16, max: 16 })),
    tableSizeShift: fc.oneof(fc.constant(0), fc.integer({ min: -16, max: 16 })),
    cut: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 64 })),
    seed,
  });
  /** A signed PE file as a linker could lay it out, the headers anywhere, odd offsets and past 4 KiB too. */
  const plausible: fc.Arbitrary<PeCase> = fc
    .record({
      lfanew: fc.oneof(
        fc.integer({ min: 0x40, max: 0x200 }),
        fc.constantFrom(0x1001, 0x1800, 0x1801),
        fc.integer({ min: 0x40, max: 0x3000 }),
      ),
      magic: fc.constantFrom(0x10b, 0x20b),
      optionalSize: fc.constantFrom(224, 240),
      directories: fc.constant(16),
      checksum,
      body: fc.integer({ min: 0, max: 0x400 }),
      table: fc.constant('real' as const),
      tableOffsetShift: fc.constant(0),
      tableSizeShift: fc.constant(0),
      cut: fc.constant(0),
      seed,
    })
    .map((c) => ({ ...c, body: c.lfanew + 24 + c.optionalSize + c.body }));
  const peCase = fc.oneof({ arbitrary: plausible, weight: 2 }, { arbitrary: wild, weight: 1 });

  function peOf(c: PeCase, table: Buffer): Buffer {
    const random = bytesFrom(c.seed);
    let tableBytes = c.table === 'random' ? random(table.length) : Buffer.from(table);
    if (c.table === 'mutated')
      for (const [i, value] of random(8).entries())
        tableBytes[(value * 131 + i * 977) % table.length] = value;
    if (c.table === 'real') tableBytes = table;
    const file = Buffer.concat([random(c.body), tableBytes]);
    file.write('MZ', 0, 'latin1');
    file.writeUInt32LE(c.lfanew, 0x3c);
    const optional = c.lfanew + 24;
    const count = optional + (c.magic === 0x20b ? 108 : 92);
    const directory = count + 4 + 32;
    if (directory + 8 <= c.body) {
      file.writeUInt32LE(0x0000_4550, c.lfanew);
      file.writeUInt16LE(c.optionalSize, c.lfanew + 20);
      file.writeUInt16LE(c.magic, optional);
      file.writeUInt32LE(c.checksum, optional + 64);
      file.writeUInt32LE(c.directories, count);
      file.writeUInt32LE(Math.max(0, c.body + c.tableOffsetShift), directory);
      file.writeUInt32LE(Math.max(0, tableBytes.length + c.tableSizeShift), directory + 4);
    }
    return file.subarray(0, file.length - c.cut);
  }

  it('takes any PE head and any table: tagged, or TagRefused, never another error, and what it tags is right', () => {
    const table = signedBuildOf(readFileSync(fixtures.path['signed-sha256'])).table;
    const dir = join(fixtures.dir, 'property');
    execFileSync('mkdir', ['-p', dir]);
    let tagged = 0;
    fc.assert(
      fc.property(peCase, (c) => {
        const file = peOf(c, table);
        const started = performance.now();
        const layout = signedPeLayout(file);
        let out: Buffer;
        try {
          out = tagSignedFile(file, region(), key);
        } catch (error) {
          expect(error).toBeInstanceOf(TagRefused);
          return;
        } finally {
          expect(performance.now() - started).toBeLessThan(2000);
        }
        tagged++;
        if (layout === null) throw new Error('tagged a file with no signed layout');
        const { checksumOffset, directoryOffset, tableOffset } = layout;
        // Everything before the table as it was but the CheckSum and the table's size.
        const masked = (bytes: Buffer) =>
          Buffer.from(bytes.subarray(0, tableOffset))
            .fill(0, checksumOffset, checksumOffset + 4)
            .fill(0, directoryOffset + 4, directoryOffset + 8);
        expect(masked(out).equals(masked(file))).toBe(true);
        expect(out.readUInt32LE(directoryOffset + 4)).toBe(out.length - tableOffset);
        expect(out.readUInt32LE(checksumOffset)).toBe(
          c.checksum === 0 ? 0 : referencePeChecksum(out, checksumOffset),
        );
        expect(findStamp(out.subarray(tableOffset))).toEqual(STAMP);
        // The scanner reads it back from the file, wherever the headers are; it reads no file whose
        // optional header runs past its end, which no loader runs either.
        const path = join(dir, 'case.exe');
        writeFileSync(path, out);
        const whole = c.lfanew + 24 + c.optionalSize <= tableOffset;
        expect(stampInSignature(path)).toEqual(whole ? STAMP : null);
      }),
      { numRuns: 300 },
    );
    // Not a property that holds only because nothing was ever tagged.
    expect(tagged).toBeGreaterThan(100);
  }, 60_000);

  it('takes any damage to a real table: TagRefused or a table it can read again, never another error', () => {
    const tables = (['signed-sha256', 'signed-with-ca-in-chain', 'signed-timestamped'] as const).map(
      (name) => signedBuildOf(readFileSync(fixtures.path[name])).table,
    );
    const carrier = carrierCertificate(region(), key);
    let tagged = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...tables),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 6 }),
        fc.option(fc.nat(), { nil: undefined }),
        fc.boolean(),
        (table, changes, cutAt, keepLength) => {
          let bytes = Buffer.from(table);
          for (const [at, value] of changes) bytes[at % bytes.length] = value;
          if (cutAt !== undefined) bytes = bytes.subarray(0, cutAt % (bytes.length + 1));
          // Mostly a WIN_CERTIFICATE whose dwLength fits, so the damage reaches the DER.
          if (!keepLength && bytes.length >= 8) {
            const whole = Buffer.alloc(Math.ceil(bytes.length / 8) * 8);
            bytes.copy(whole);
            whole.writeUInt32LE(bytes.length, 0);
            bytes = whole;
          }
          const started = performance.now();
          let out: Buffer;
          try {
            out = tagCertificateTable(bytes, carrier);
          } catch (error) {
            expect(error).toBeInstanceOf(TagRefused);
            return;
          } finally {
            expect(performance.now() - started).toBeLessThan(2000);
          }
          tagged++;
          expect(out.readUInt32LE(0)).toBe(out.length);
          expect(out.length % 8).toBe(0);
          expect(findStamp(out)).toEqual(STAMP);
          // What it writes, it reads again.
          expect(
            tagCertificateTable(out, carrierCertificate(stampRegion({ ...STAMP, pin: 'B8L4N3Q2' }), key))
              .length,
          ).toBeGreaterThan(out.length);
        },
      ),
      { numRuns: 500 },
    );
    expect(tagged).toBeGreaterThan(10);
  });

  it('keeps the signature valid when the certificate pushes the SignedData past 0xFFFF bytes (length 0x82 to 0x83)', () => {
    // Each tag adds one certificate; tagged again and again, the signature grows as a long chain
    // would, and the lengths around the certificates cross from two length octets to three.
    const lengthForms = (file: Buffer) => {
      const blob = signedBuildOf(file).table.subarray(8);
      const contentInfo = readElement(blob, 0);
      const [, explicit] = childrenOf(blob, contentInfo);
      const [signedData] = childrenOf(blob, explicit as typeof contentInfo);
      const certificates = childrenOf(blob, signedData as typeof contentInfo)[3] as typeof contentInfo;
      return [contentInfo, explicit, signedData, certificates].map(
        (e) => blob[(e as typeof contentInfo).start + 1],
      );
    };
    const trust = fixtures.caFile;
    let file: Buffer = readFileSync(fixtures.path['signed-with-ca-in-chain']);
    const digest = osslsigncodeVerify(fixtures.path['signed-with-ca-in-chain'], trust).signedImageDigest;
    let forms = lengthForms(file);
    expect(forms[2]).toBe(0x82);
    let checked = 0;
    for (let i = 0; forms[2] !== 0x83; i++) {
      expect(i).toBeLessThan(100);
      file = tagSignedFile(file, stampRegion({ ...STAMP, pin: `A7K3M${String(i).padStart(3, '0')}` }), key);
      const next = lengthForms(file);
      if (next.some((form, k) => form !== forms[k])) {
        // A length changed form: the file as Windows would get it still verifies.
        const out = join(fixtures.dir, `crossing-${i}.exe`);
        writeFileSync(out, file);
        const after = osslsigncodeVerify(out, trust);
        expect(after.verificationOk, after.output).toBe(true);
        expect(after.signedImageDigest).toBe(digest);
        expect(after.output).not.toMatch(/invalid PE checksum/);
        const ours = readAuthenticode(file);
        expect(ours.status).toBe('signed-valid');
        expect(ours.status === 'signed-valid' && ours.signature.anomalies).toEqual([]);
        checked++;
      }
      forms = next;
    }
    expect(forms[2]).toBe(0x83);
    expect(checked).toBeGreaterThan(0);
  }, 60_000);
});

describe('DER lengths (src/lib/der.ts)', () => {
  it('writes each length in its shortest form, and reads it back the same', () => {
    for (const length of [0, 127, 128, 255, 256, 65535, 65536, 2 ** 24 - 1, 2 ** 24, 2 ** 24 + 1]) {
      const contents = Buffer.alloc(length, 0x5a);
      const whole = element(TAG.octetString, contents);
      const head = header(TAG.octetString, length);
      expect(whole.subarray(0, head.length).equals(head)).toBe(true);
      // Short form below 128, then 0x81..0x84 and as many octets.
      const octets = length < 0x80 ? 0 : Math.ceil(Math.log2(length + 1) / 8);
      expect(head.length, `${length}`).toBe(2 + octets);
      expect(head[1]).toBe(octets === 0 ? length : 0x80 | octets);
      expect(readElement(whole, 0)).toEqual({
        tag: TAG.octetString,
        start: 0,
        contentStart: head.length,
        end: whole.length,
      });
      // One byte short of its contents is refused, not read past.
      expect(() => readElement(whole.subarray(0, whole.length - 1), 0)).toThrow(DerError);
    }
  });

  it('reads back any length up to 2^32 - 1 from the header it writes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 0xffff_ffff }),
        fc.constantFrom(0x04, 0x30, 0x31, 0xa0),
        (length, tag) => {
          const head = header(tag, length);
          // The contents are not there: the limit says where they would end.
          const read = readElement(head, 0, head.length + length);
          expect(read).toEqual({ tag, start: 0, contentStart: head.length, end: head.length + length });
          expect(head.length).toBeLessThanOrEqual(6);
        },
      ),
    );
  });
});

/** Bytes from a seed (mulberry32), so a case's filler is as small to shrink as its seed. */
function bytesFrom(seed: number): (length: number) => Buffer {
  let state = seed >>> 0;
  return (length) => {
    const out = Buffer.alloc(length);
    for (let i = 0; i < length; i++) {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      out[i] = (t ^ (t >>> 14)) & 0xff;
    }
    return out;
  };
}
