import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { requireTool } from './authenticode-oracle.js';

/**
 * PE files for the Authenticode tests, made here: a tiny C program compiled with Debian's
 * mingw-w64 (PE32+ and PE32), certificates made with openssl, signatures made with osslsigncode,
 * and damaged variants made by changing bytes at offsets that binutils' objdump reports.
 */
export const FIXTURE_NAMES = [
  'unsigned-pe32plus',
  'unsigned-pe32',
  'signed-sha256',
  'signed-sha1',
  'signed-pe32-sha512',
  'signed-md5',
  'signed-with-ca-in-chain',
  'signed-self-signed',
  'signed-ecdsa',
  'signed-timestamped',
  'signed-countersigned',
  'tampered-text',
  'signature-value-flipped',
  'signature-length-damaged',
  'unknown-digest-algorithm',
  'truncated-in-signature',
  'data-appended',
  'payload-in-certificate-padding',
] as const;
export type FixtureName = (typeof FIXTURE_NAMES)[number];

export interface AuthenticodeFixtures {
  dir: string;
  path: Record<FixtureName, string>;
  /** Certificates to give `osslsigncode verify -CAfile`: the test CA, the self-signed signer, the TSA. */
  caFile: string;
  selfSignedFile: string;
  tsaFile: string;
  /** The signingTime osslsigncode was told to write in the timestamped files (`-time`). */
  timestampedSigningTime: string;
}

const PROGRAM = `
static const char marker[] = "scanpin authenticode fixture";
int main(void) { return marker[0] == 's' ? 0 : 1; }
`;

const run = (command: string, args: string[], cwd: string): string =>
  execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
const runAsync = promisify(execFile);

export function requireFixtureTools(): void {
  requireTool('x86_64-w64-mingw32-gcc', 'gcc-mingw-w64-x86-64');
  requireTool('i686-w64-mingw32-gcc', 'gcc-mingw-w64-i686');
  requireTool('x86_64-w64-mingw32-objdump', 'binutils-mingw-w64-x86-64');
  requireTool('openssl', 'openssl');
  requireTool('osslsigncode', 'osslsigncode');
}

export async function buildAuthenticodeFixtures(): Promise<AuthenticodeFixtures> {
  requireFixtureTools();
  const dir = mkdtempSync(join(tmpdir(), 'scanpin-authenticode-'));
  const at = (name: string): string => join(dir, name);
  const path = Object.fromEntries(FIXTURE_NAMES.map((name) => [name, at(`${name}.exe`)])) as Record<
    FixtureName,
    string
  >;

  writeFileSync(at('program.c'), PROGRAM);
  run('x86_64-w64-mingw32-gcc', ['-O1', '-s', '-o', path['unsigned-pe32plus'], 'program.c'], dir);
  run('i686-w64-mingw32-gcc', ['-O1', '-s', '-o', path['unsigned-pe32'], 'program.c'], dir);
  makeCertificates(dir);

  const sign = (input: string, output: string, ...options: string[]): string =>
    run('osslsigncode', ['sign', ...options, '-in', input, '-out', output], dir);
  const caSigner = ['-certs', 'signer.pem', '-key', 'signer.key'];
  sign(path['unsigned-pe32plus'], path['signed-sha256'], ...caSigner, '-h', 'sha256');
  sign(path['unsigned-pe32plus'], path['signed-sha1'], ...caSigner, '-h', 'sha1');
  sign(path['unsigned-pe32'], path['signed-pe32-sha512'], ...caSigner, '-h', 'sha512');
  sign(path['unsigned-pe32plus'], path['signed-md5'], ...caSigner, '-h', 'md5');
  sign(
    path['unsigned-pe32plus'],
    path['signed-with-ca-in-chain'],
    ...caSigner,
    '-ac',
    'ca.pem',
    '-h',
    'sha256',
  );
  sign(
    path['unsigned-pe32plus'],
    path['signed-self-signed'],
    '-certs',
    'self.pem',
    '-key',
    'self.key',
    '-h',
    'sha256',
  );
  sign(
    path['unsigned-pe32plus'],
    path['signed-ecdsa'],
    '-certs',
    'ecdsa.pem',
    '-key',
    'ecdsa.key',
    '-h',
    'sha384',
  );
  const timestampedSigningTime = '2023-11-14T22:13:20.000Z';
  await signWithTimestamp(dir, 'rfc3161', path['unsigned-pe32plus'], path['signed-timestamped'], [
    ...caSigner,
    '-h',
    'sha256',
    '-time',
    String(Date.parse(timestampedSigningTime) / 1000),
  ]);
  await signWithTimestamp(dir, 'authenticode', path['unsigned-pe32plus'], path['signed-countersigned'], [
    ...caSigner,
    '-h',
    'sha256',
    '-time',
    String(Date.parse(timestampedSigningTime) / 1000),
  ]);

  const signed = readFileSync(path['signed-sha256']);
  const table = securityDirectory(path['signed-sha256']);
  const blob = table.offset + 8; // after WIN_CERTIFICATE's dwLength, wRevision, wCertificateType
  if (signed[blob] !== 0x30 || signed[blob + 1] !== 0x82)
    throw new Error('the signature does not start with a two-byte-length SEQUENCE');
  const contentInfoEnd = blob + 4 + signed.readUInt16BE(blob + 2);

  writeFileSync(path['tampered-text'], changed(signed, textSectionOffset(path['signed-sha256']) + 16));
  // The SignerInfo's encryptedDigest is the last field of the ContentInfo (no unsigned attributes).
  writeFileSync(path['signature-value-flipped'], changed(signed, contentInfoEnd - 10));
  // The ContentInfo claims 0xFFFF bytes of contents: more than the certificate table holds.
  writeFileSync(path['signature-length-damaged'], changed(signed, blob + 2, 0xff, 0xff));
  writeFileSync(path['unknown-digest-algorithm'], withUnknownImageDigestAlgorithm(signed, blob));
  writeFileSync(
    path['truncated-in-signature'],
    signed.subarray(0, table.offset + Math.floor(table.size / 2)),
  );
  writeFileSync(
    path['data-appended'],
    Buffer.concat([signed, Buffer.from('payload appended after signing')]),
  );
  writeFileSync(path['payload-in-certificate-padding'], withPayloadInCertificatePadding(signed, table));

  return {
    dir,
    path,
    caFile: at('ca.pem'),
    selfSignedFile: at('self.pem'),
    tsaFile: at('tsa.pem'),
    timestampedSigningTime,
  };
}

function makeCertificates(dir: string): void {
  const openssl = (...args: string[]): string => run('openssl', args, dir);
  const days = ['-days', '3650'];
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    ...days,
    '-subj',
    '/CN=Scanpin Test CA/O=Scanpin Tests',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  );
  writeFileSync(
    join(dir, 'code-signing.cnf'),
    'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=codeSigning\n',
  );
  const issue = (name: string, keyAlgorithm: string[], subject: string, serial: string): void => {
    openssl(
      'req',
      '-new',
      '-newkey',
      ...keyAlgorithm,
      '-nodes',
      '-keyout',
      `${name}.key`,
      '-out',
      `${name}.csr`,
      '-subj',
      subject,
    );
    openssl(
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-set_serial',
      serial,
      '-extfile',
      'code-signing.cnf',
      '-out',
      `${name}.pem`,
      ...days,
    );
  };
  issue('signer', ['rsa:2048'], '/CN=Scanpin Test Signer/O=Scanpin Tests', '0x5ca9f1e0');
  issue(
    'ecdsa',
    ['ec', '-pkeyopt', 'ec_paramgen_curve:P-256'],
    '/CN=Scanpin ECDSA Signer/O=Scanpin Tests',
    '0x00ec0001',
  );
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'self.key',
    '-out',
    'self.pem',
    ...days,
    '-subj',
    '/CN=Self Made Cheats',
    '-addext',
    'extendedKeyUsage=codeSigning',
  );
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'tsa.key',
    '-out',
    'tsa.pem',
    ...days,
    '-subj',
    '/CN=Scanpin Test TSA',
    '-addext',
    'extendedKeyUsage=critical,timeStamping',
  );
  writeFileSync(
    join(dir, 'tsa.cnf'),
    [
      '[ tsa ]',
      'default_tsa = tsa_config',
      '[ tsa_config ]',
      'serial = tsa-serial',
      'signer_digest = sha256',
      'default_policy = 1.2.3.4.1',
      'digests = sha1, sha256, sha384, sha512',
      'ess_cert_id_alg = sha256',
      '',
    ].join('\n'),
  );
  writeFileSync(join(dir, 'tsa-serial'), '01\n');
}

/**
 * Signs with a timestamp from a time-stamping authority served here over HTTP. `rfc3161`:
 * osslsigncode asks with `-ts URL` and `openssl ts -reply` answers (RFC 3161). `authenticode`: the
 * older Authenticode protocol (`-t URL`; the Authenticode document, section "Authenticode
 * Timestamp"): the request is a base64 TimeStampRequest whose last element is the signature value
 * to be countersigned (256 bytes for the 2048-bit RSA signer), and the answer a base64 PKCS #7
 * SignedData over those bytes, made with `openssl cms -sign`, whose SignerInfo osslsigncode adds as
 * a countersignature. osslsigncode runs asynchronously so that this process can answer it.
 */
async function signWithTimestamp(
  dir: string,
  protocol: 'rfc3161' | 'authenticode',
  input: string,
  output: string,
  options: string[],
): Promise<void> {
  const answer = (body: Buffer): { type: string; body: Buffer | string } => {
    if (protocol === 'rfc3161') {
      writeFileSync(join(dir, 'request.tsq'), body);
      run(
        'openssl',
        [
          'ts',
          '-reply',
          '-config',
          'tsa.cnf',
          '-queryfile',
          'request.tsq',
          '-signer',
          'tsa.pem',
          '-inkey',
          'tsa.key',
          '-out',
          'reply.tsr',
        ],
        dir,
      );
      return { type: 'application/timestamp-reply', body: readFileSync(join(dir, 'reply.tsr')) };
    }
    const request = Buffer.from(body.toString('latin1').replace(/\s+/g, ''), 'base64');
    writeFileSync(join(dir, 'countersigned.bin'), request.subarray(request.length - 256));
    run(
      'openssl',
      [
        'cms',
        '-sign',
        '-binary',
        '-nodetach',
        '-nosmimecap',
        '-md',
        'sha256',
        '-outform',
        'DER',
        '-in',
        'countersigned.bin',
        '-signer',
        'tsa.pem',
        '-inkey',
        'tsa.key',
        '-out',
        'countersignature.der',
      ],
      dir,
    );
    return {
      type: 'application/octet-stream',
      body: readFileSync(join(dir, 'countersignature.der')).toString('base64'),
    };
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        const reply = answer(Buffer.concat(chunks));
        response.writeHead(200, { 'content-type': reply.type });
        response.end(reply.body);
      } catch (error) {
        response.writeHead(500).end(String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const flag = protocol === 'rfc3161' ? '-ts' : '-t';
  try {
    await runAsync(
      'osslsigncode',
      ['sign', ...options, flag, `http://127.0.0.1:${port}/`, '-in', input, '-out', output],
      {
        cwd: dir,
      },
    );
  } finally {
    server.close();
  }
}

/** The Security (certificate table) directory entry as objdump prints it: file offset and size. */
export function securityDirectory(file: string): { offset: number; size: number } {
  const headers = run('x86_64-w64-mingw32-objdump', ['-p', file], '/');
  const match = /^Entry 4 ([0-9a-f]+) ([0-9a-f]+) Security Directory$/m.exec(headers);
  if (!match?.[1] || !match[2]) throw new Error(`objdump shows no Security Directory for ${file}`);
  return { offset: Number.parseInt(match[1], 16), size: Number.parseInt(match[2], 16) };
}

function textSectionOffset(file: string): number {
  const sections = run('x86_64-w64-mingw32-objdump', ['-h', file], '/');
  const match = /^\s*\d+ \.text\s+[0-9a-f]+\s+[0-9a-f]+\s+[0-9a-f]+\s+([0-9a-f]+)/m.exec(sections);
  if (!match?.[1]) throw new Error(`objdump shows no .text section for ${file}`);
  return Number.parseInt(match[1], 16);
}

function changed(bytes: Buffer, offset: number, ...values: number[]): Buffer {
  const copy = Buffer.from(bytes);
  if (values.length === 0) copy[offset] = (copy[offset] ?? 0) ^ 0xff;
  values.forEach((value, index) => {
    copy[offset + index] = value;
  });
  return copy;
}

/**
 * The trick of Microsoft security bulletin MS13-098: bytes added inside the WIN_CERTIFICATE after
 * the PKCS #7 blob, with dwLength and the directory size grown to match. The image hash does not
 * cover the certificate table, so the signature still verifies.
 */
function withPayloadInCertificatePadding(signed: Buffer, table: { offset: number; size: number }): Buffer {
  const payload = Buffer.from('hidden payload!!', 'ascii'); // 16 bytes keep the 8-byte alignment
  const grown = Buffer.concat([signed, payload]);
  grown.writeUInt32LE(grown.readUInt32LE(table.offset) + payload.length, table.offset);
  // The directory entry is found again by its old contents: offset and size, side by side.
  const entry = Buffer.alloc(8);
  entry.writeUInt32LE(table.offset, 0);
  entry.writeUInt32LE(table.size, 4);
  const entryAt = grown.indexOf(entry);
  if (entryAt < 0 || entryAt > 0x400)
    throw new Error('the certificate table directory entry was not found in the headers');
  grown.writeUInt32LE(table.size + payload.length, entryAt + 4);
  return grown;
}

/**
 * The SpcIndirectDataContent's digest algorithm changed from SHA-256 (2.16.840.1.101.3.4.2.1) to
 * 2.16.840.1.101.3.4.2.99, which no algorithm has. The SHA-256 identifier appears three times, in this order:
 * SignedData.digestAlgorithms, the SpcIndirectDataContent's DigestInfo, SignerInfo.digestAlgorithm.
 */
function withUnknownImageDigestAlgorithm(signed: Buffer, blob: number): Buffer {
  const sha256 = Buffer.from('0609608648016503040201', 'hex');
  const first = signed.indexOf(sha256, blob);
  const second = signed.indexOf(sha256, first + 1);
  if (first < 0 || second < 0) throw new Error('the SHA-256 identifiers were not found in the signature');
  return changed(signed, second + sha256.length - 1, 0x63);
}
