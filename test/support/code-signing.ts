import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/*
 * Code-signing certificates made with Debian's openssl for the tests that sign a Windows build with
 * osslsigncode as an operator would (docs/scan-client.md, "Signing for release"). Each lives two
 * days, in the folder given.
 */

const openssl = (dir: string, ...args: string[]): void => {
  execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
};

const CODE_SIGNING = 'extendedKeyUsage=codeSigning';

/** A new RSA key in `files.key` and a certificate for it, signed by itself, in `files.cert`. */
function selfSigned(
  dir: string,
  files: { key: string; cert: string },
  subject: string,
  extensions: string[],
): void {
  const added = extensions.flatMap((extension) => ['-addext', extension]);
  openssl(
    dir,
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    files.key,
    '-out',
    files.cert,
    '-days',
    '2',
    '-subj',
    subject,
    ...added,
  );
}

/** A self-signed code-signing certificate: `key.pem` and `cert.pem` (its own CA file to verify). */
export function selfSignedCodeSigner(dir: string, commonName: string): { key: string; cert: string } {
  selfSigned(dir, { key: 'key.pem', cert: 'cert.pem' }, `/CN=${commonName}`, [CODE_SIGNING]);
  return { key: join(dir, 'key.pem'), cert: join(dir, 'cert.pem') };
}

/**
 * A CA (`ca.pem`, `ca.key`) and a signer it issued (`signer.key`, `signer.pem`), with `chain.pem`
 * holding the signer then the CA, as osslsigncode's `-certs` takes them.
 */
export function codeSigningChain(
  dir: string,
  commonName: string,
): { chain: string; key: string; caFile: string } {
  selfSigned(dir, { key: 'ca.key', cert: 'ca.pem' }, `/CN=${commonName} CA`, [
    'basicConstraints=critical,CA:TRUE',
    'keyUsage=critical,keyCertSign',
  ]);
  openssl(
    dir,
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'signer.key',
    '-out',
    'signer.csr',
    '-subj',
    `/CN=${commonName}`,
  );
  writeFileSync(join(dir, 'signer.ext'), `${CODE_SIGNING}\nkeyUsage=critical,digitalSignature\n`);
  openssl(
    dir,
    'x509',
    '-req',
    '-in',
    'signer.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'signer.pem',
    '-days',
    '2',
    '-extfile',
    'signer.ext',
  );
  writeFileSync(
    join(dir, 'chain.pem'),
    Buffer.concat([readFileSync(join(dir, 'signer.pem')), readFileSync(join(dir, 'ca.pem'))]),
  );
  return { chain: join(dir, 'chain.pem'), key: join(dir, 'signer.key'), caFile: join(dir, 'ca.pem') };
}
