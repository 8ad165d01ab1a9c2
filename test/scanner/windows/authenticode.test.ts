import { readFileSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuthenticodeStatus,
  readAuthenticode,
} from '../../../packages/scanner/src/windows/authenticode/read-authenticode.js';
import {
  type AuthenticodeFixtures,
  buildAuthenticodeFixtures,
  FIXTURE_NAMES,
  type FixtureName,
} from './authenticode-fixtures.js';
import { type OracleReading, osslsigncodeVerify } from './authenticode-oracle.js';

/**
 * Every fixture with the verdict the reader must give. The oracle, `osslsigncode verify`, must
 * agree on each: signature found or not, the signed and the computed image digest, and valid
 * ("Signature verification: ok") or not. `trust` names the certificate given to -CAfile, so that
 * osslsigncode's chain check passes for the files that are meant to be valid.
 */
interface Expectation {
  status: AuthenticodeStatus['status'];
  reason?: string;
  trust: 'ca' | 'self';
  digest?: string;
  signer?: { subjectCommonName: string; issuerCommonName: string; selfSigned: boolean };
  chainLength?: number;
  chainEndsAtSelfSigned?: boolean;
  /**
   * osslsigncode ignores a certificate table that does not end exactly at the end of the file
   * (data appended, or the file cut short): it reports no signature, where this reader reports a
   * broken one. Both call the file not validly signed.
   */
  oracleFindsNoSignature?: boolean;
  anomaly?: RegExp;
}

const CA_SIGNER = {
  subjectCommonName: 'Scanpin Test Signer',
  issuerCommonName: 'Scanpin Test CA',
  selfSigned: false,
};
const EXPECTED: Record<FixtureName, Expectation> = {
  'unsigned-pe32plus': { status: 'unsigned', trust: 'ca' },
  'unsigned-pe32': { status: 'unsigned', trust: 'ca' },
  'signed-sha256': {
    status: 'signed-valid',
    trust: 'ca',
    digest: 'SHA-256',
    signer: CA_SIGNER,
    chainLength: 1,
    chainEndsAtSelfSigned: false,
  },
  'signed-sha1': { status: 'signed-valid', trust: 'ca', digest: 'SHA-1', signer: CA_SIGNER },
  'signed-pe32-sha512': { status: 'signed-valid', trust: 'ca', digest: 'SHA-512', signer: CA_SIGNER },
  'signed-md5': {
    status: 'signed-valid',
    trust: 'ca',
    digest: 'MD5',
    signer: CA_SIGNER,
    anomaly: /MD5, for which collisions/,
  },
  'signed-with-ca-in-chain': {
    status: 'signed-valid',
    trust: 'ca',
    digest: 'SHA-256',
    signer: CA_SIGNER,
    chainLength: 2,
    chainEndsAtSelfSigned: true,
  },
  'signed-self-signed': {
    status: 'signed-valid',
    trust: 'self',
    digest: 'SHA-256',
    signer: { subjectCommonName: 'Self Made Cheats', issuerCommonName: 'Self Made Cheats', selfSigned: true },
    chainLength: 1,
    chainEndsAtSelfSigned: true,
  },
  'signed-ecdsa': {
    status: 'signed-valid',
    trust: 'ca',
    digest: 'SHA-384',
    signer: {
      subjectCommonName: 'Scanpin ECDSA Signer',
      issuerCommonName: 'Scanpin Test CA',
      selfSigned: false,
    },
  },
  'signed-timestamped': { status: 'signed-valid', trust: 'ca', digest: 'SHA-256', signer: CA_SIGNER },
  'signed-countersigned': { status: 'signed-valid', trust: 'ca', digest: 'SHA-256', signer: CA_SIGNER },
  'tampered-text': {
    status: 'signed-invalid',
    reason: 'image-digest-mismatch',
    trust: 'ca',
    digest: 'SHA-256',
    signer: CA_SIGNER,
  },
  'signature-value-flipped': {
    status: 'signed-invalid',
    reason: 'signature-mismatch',
    trust: 'ca',
    digest: 'SHA-256',
    signer: CA_SIGNER,
  },
  'signature-length-damaged': { status: 'signed-invalid', reason: 'malformed-signature', trust: 'ca' },
  'unknown-digest-algorithm': {
    status: 'signed-unverifiable',
    trust: 'ca',
    digest: '2.16.840.1.101.3.4.2.99',
    signer: CA_SIGNER,
  },
  'truncated-in-signature': {
    status: 'signed-invalid',
    reason: 'malformed-signature',
    trust: 'ca',
    oracleFindsNoSignature: true,
  },
  'data-appended': {
    status: 'signed-invalid',
    reason: 'data-after-signature',
    trust: 'ca',
    digest: 'SHA-256',
    signer: CA_SIGNER,
    oracleFindsNoSignature: true,
  },
  'payload-in-certificate-padding': {
    status: 'signed-valid',
    trust: 'ca',
    digest: 'SHA-256',
    signer: CA_SIGNER,
    anomaly: /16 non-zero bytes follow the signature/,
  },
};

describe('Authenticode status of PE files, checked against osslsigncode verify', () => {
  let fixtures: AuthenticodeFixtures;
  const readings = new Map<FixtureName, { ours: AuthenticodeStatus; oracle: OracleReading }>();

  beforeAll(async () => {
    fixtures = await buildAuthenticodeFixtures();
    for (const name of FIXTURE_NAMES) {
      const file = fixtures.path[name];
      const trust = EXPECTED[name].trust === 'ca' ? fixtures.caFile : fixtures.selfSignedFile;
      readings.set(name, {
        ours: readAuthenticode(readFileSync(file)),
        oracle: osslsigncodeVerify(file, trust, fixtures.tsaFile),
      });
    }
  }, 120_000);
  afterAll(() => {
    if (fixtures) rmSync(fixtures.dir, { recursive: true, force: true });
  });

  it('lists every fixture with its verdict', () => {
    const verdicts = Object.fromEntries(
      FIXTURE_NAMES.map((name) => {
        const { ours } = readings.get(name) ?? {};
        return [name, ours && 'reason' in ours ? `${ours.status} (${ours.reason})` : ours?.status];
      }),
    );
    expect(verdicts).toEqual(
      Object.fromEntries(
        FIXTURE_NAMES.map((name) => {
          const { status, reason } = EXPECTED[name];
          return [name, reason ? `${status} (${reason})` : status];
        }),
      ),
    );
  });

  it.each(FIXTURE_NAMES)('%s: osslsigncode agrees on signature, digests and validity', (name) => {
    const { ours, oracle } = readings.get(name) ?? expect.unreachable();
    const expected = EXPECTED[name];
    const context = `${name}; osslsigncode said:\n${oracle.output}`;

    expect(oracle.signatureFound, context).toBe(
      ours.status !== 'unsigned' && !expected.oracleFindsNoSignature,
    );
    expect(oracle.verificationOk, context).toBe(ours.status === 'signed-valid');
    if (ours.status === 'unsigned' || ours.status === 'unreadable') return;

    const signature = ours.signature;
    if (expected.reason === 'malformed-signature') {
      expect(signature, context).toBeUndefined();
      expect(oracle.signedImageDigest, context).toBeUndefined();
      return;
    }
    expect(signature, context).toBeDefined();
    if (!signature) return;
    expect(signature.digestAlgorithm).toBe(expected.digest);
    if (ours.status === 'signed-unverifiable') {
      // Neither reader knows the algorithm: osslsigncode says so, and neither computes a digest.
      expect(oracle.output, context).toMatch(/Failed to calculate message digest/);
      expect(oracle.computedImageDigest, context).toBeUndefined();
      expect(signature.computedImageDigest).toBeUndefined();
      return;
    }
    if (!expected.oracleFindsNoSignature) {
      expect(signature.signedImageDigest, context).toBe(oracle.signedImageDigest);
      expect(signature.computedImageDigest, context).toBe(oracle.computedImageDigest);
      expect(signature.checks.imageDigestMatches).toBe(
        oracle.signedImageDigest === oracle.computedImageDigest,
      );
      // osslsigncode stops before the signer and its attributes when the image digest differs.
      if (signature.checks.imageDigestMatches) {
        expect(signature.signer?.subject, context).toBe(oracle.signerSubject);
        expect(signature.signer?.issuer, context).toBe(oracle.signerIssuer);
        expect(signature.signingTime?.time ?? null, context).toBe(
          oracle.timestampTime ?? oracle.signingTime ?? null,
        );
      }
    }
    expect(signature.signer).toMatchObject(expected.signer ?? {});
    expect(signature.selfSigned).toBe(expected.signer?.selfSigned);
    if (expected.chainLength !== undefined) expect(signature.chain).toHaveLength(expected.chainLength);
    if (expected.chainEndsAtSelfSigned !== undefined)
      expect(signature.chainEndsAtSelfSigned).toBe(expected.chainEndsAtSelfSigned);
    expect(signature.trust).toBe('not-checked');
    if (expected.anomaly) expect(signature.anomalies.join('\n')).toMatch(expected.anomaly);
    else expect(signature.anomalies).toEqual([]);
  });

  it.each([
    ['signed-timestamped', 'timestamp-token'],
    ['signed-countersigned', 'countersignature'],
  ] as const)(
    "%s: the signing time is the time-stamping authority's, not the signer-written one",
    (name, source) => {
      const { ours, oracle } = readings.get(name) ?? expect.unreachable();
      expect(oracle.signingTime, oracle.output).toBe(fixtures.timestampedSigningTime);
      expect(oracle.timestampTime, oracle.output).toBeDefined();
      expect(oracle.timestampTime).not.toBe(fixtures.timestampedSigningTime);
      expect(ours.status === 'signed-valid' && ours.signature.signingTime).toEqual({
        time: oracle.timestampTime,
        source,
      });
    },
  );

  it('reads the signer-written signingTime when there is no timestamp', () => {
    const plain = readings.get('signed-sha256')?.ours;
    expect(plain?.status === 'signed-valid' && plain.signature.signingTime?.source).toBe('signed-attribute');
  });

  it('reports the issuer and whether the signer issued its own certificate', () => {
    const self = readings.get('signed-self-signed')?.ours;
    const issued = readings.get('signed-with-ca-in-chain')?.ours;
    expect(self?.status === 'signed-valid' && self.signature.signer).toMatchObject({
      subject: 'CN=Self Made Cheats',
      issuer: 'CN=Self Made Cheats',
      selfSigned: true,
    });
    expect(
      issued?.status === 'signed-valid' &&
        issued.signature.chain.map((c) => [c.subjectCommonName, c.selfSigned]),
    ).toEqual([
      ['Scanpin Test Signer', false],
      ['Scanpin Test CA', true],
    ]);
  });

  it('says unreadable, with the reason, for files that are not PE or whose headers are damaged', () => {
    const signed = readFileSync(fixtures.path['signed-sha256']);
    const peOffset = signed.readUInt32LE(0x3c);
    const withByte = (offset: number, value: number): Buffer => {
      const copy = Buffer.from(signed);
      copy[offset] = value;
      return copy;
    };
    const farLfanew = Buffer.from(signed);
    farLfanew.writeUInt32LE(0xfffffff0, 0x3c);
    const cases: Array<[string, Uint8Array, string]> = [
      ['empty', new Uint8Array(0), 'truncated'],
      ['text', Buffer.from('#!/bin/sh\necho not a program\n'.repeat(4)), 'not-pe'],
      ['MS-DOS header only', signed.subarray(0, 0x40), 'truncated'],
      ['cut inside the optional header', signed.subarray(0, peOffset + 24 + 40), 'truncated'],
      ['e_lfanew past the end', farLfanew, 'truncated'],
      ['PE signature damaged', withByte(peOffset, 0x51), 'not-pe'],
      ['optional header magic damaged', withByte(peOffset + 24, 0x07), 'bad-optional-header'],
    ];
    for (const [what, bytes, code] of cases) {
      expect(readAuthenticode(bytes), what).toMatchObject({ status: 'unreadable', code });
    }
  });

  it('answers every truncation and every damaged byte of a signed file without throwing', () => {
    const signed = readFileSync(fixtures.path['signed-with-ca-in-chain']);
    const statuses = new Set<string>();
    for (let length = 0; length < signed.length; length += length < 0x400 ? 1 : 13) {
      const status = readAuthenticode(signed.subarray(0, length));
      statuses.add(status.status);
      expect(status.status, `cut at ${length}`).not.toBe('signed-valid');
    }
    // Deterministic pseudo-random damage (xorshift32) to the headers and the certificate table.
    let seed = 0x2545f491;
    const next = (below: number): number => {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      return (seed >>> 0) % below;
    };
    for (let round = 0; round < 250; round += 1) {
      const damaged = Buffer.from(signed);
      const inTable = round % 2 === 0;
      for (let flips = 1 + next(3); flips > 0; flips -= 1) {
        const offset = inTable ? signed.length - 1 - next(2500) : next(0x400);
        damaged[offset] = next(256);
      }
      const status = readAuthenticode(damaged);
      statuses.add(status.status);
      expect(['unsigned', 'signed-valid', 'signed-invalid', 'signed-unverifiable', 'unreadable']).toContain(
        status.status,
      );
    }
    expect([...statuses]).toEqual(expect.arrayContaining(['signed-invalid', 'unreadable']));
  });
});
