import { spawnSync } from 'node:child_process';

/**
 * `osslsigncode verify` (Debian package osslsigncode, an independent Authenticode implementation
 * built on OpenSSL) as the oracle for the Authenticode reader, with its output parsed into the
 * facts the reader also reports.
 */
export interface OracleReading {
  /** False when osslsigncode finds no signature ("No signature found"). */
  signatureFound: boolean;
  /** "Current message digest": the image digest the signature carries (lower-case hex). */
  signedImageDigest: string | undefined;
  /** "Calculated message digest": the digest osslsigncode computes from the file. */
  computedImageDigest: string | undefined;
  /** "Signature verification: ok", which covers the digest, the signature and the chain to -CAfile. */
  verificationOk: boolean;
  /** The first "Subject:" / "Issuer :" lines, i.e. the signer certificate, as "CN=a, O=b". */
  signerSubject: string | undefined;
  signerIssuer: string | undefined;
  /** "Signing time" (the signingTime attribute) and "Timestamp time" (an RFC 3161 token), ISO 8601. */
  signingTime: string | undefined;
  timestampTime: string | undefined;
  output: string;
}

export function requireTool(command: string, debianPackage: string): void {
  const found = spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
  if (!found) {
    throw new Error(
      `${command} (Debian package ${debianPackage}) is required for this test: apt-get install ${debianPackage}`,
    );
  }
}

export function osslsigncodeVerify(file: string, caFile: string, tsaCaFile?: string): OracleReading {
  const args = ['verify', '-CAfile', caFile, ...(tsaCaFile ? ['-TSA-CAfile', tsaCaFile] : []), '-in', file];
  const run = spawnSync('osslsigncode', args, { encoding: 'utf8' });
  if (run.error) throw run.error;
  const output = `${run.stdout}\n${run.stderr}`;
  const line = (pattern: RegExp): string | undefined => pattern.exec(output)?.[1]?.trim();
  const hexLine = (pattern: RegExp): string | undefined => line(pattern)?.toLowerCase();
  return {
    signatureFound: !output.includes('No signature found'),
    signedImageDigest: hexLine(/^Current message digest\s*:\s*([0-9A-F]+)/m),
    computedImageDigest: hexLine(/^Calculated message digest\s*:\s*([0-9A-F]+)/m),
    verificationOk: /^Signature verification: ok$/m.test(output),
    signerSubject: slashNameToCommaName(line(/^\s*Subject: (.*)$/m)),
    signerIssuer: slashNameToCommaName(line(/^\s*Issuer : (.*)$/m)),
    signingTime: opensslTimeToIso(line(/^\s*Signing time: (.*)$/m)),
    timestampTime: opensslTimeToIso(line(/^\s*Timestamp time: (.*)$/m)),
    output,
  };
}

/** "/CN=Scanpin Test CA/O=Scanpin Tests" (OpenSSL's one-line form) to "CN=Scanpin Test CA, O=Scanpin Tests". */
function slashNameToCommaName(name: string | undefined): string | undefined {
  return name?.split('/').filter(Boolean).join(', ');
}

/** "Nov 25 14:16:58 2026 GMT" to ISO 8601. */
function opensslTimeToIso(time: string | undefined): string | undefined {
  if (time === undefined) return undefined;
  const match = /^(\w{3}) +(\d+) (\d\d:\d\d:\d\d) (\d{4}) GMT$/.exec(time);
  if (!match) throw new Error(`osslsigncode printed a time in an unexpected form: ${time}`);
  const [, month, day, clock, year] = match;
  return new Date(`${month} ${day}, ${year} ${clock} UTC`).toISOString();
}
