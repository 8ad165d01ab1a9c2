/*
 * The bench's scan client, an official build (docs/scanner.md, "Signed calls"). Its manifest is written
 * into every bench store's SCANNER_DOWNLOADS_DIR before anything opens the store, as `npm run
 * build:scanner` writes one beside the executables, so the server registers the build at start-up as it
 * registers a release; every scanner call the bench makes is then signed as that build signs it, and
 * a finish goes through the path a real official scan takes. Written from the protocol's text, not
 * from the server's code, so a bench that still runs is one more check that the two agree.
 */
import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** One build per bench process: a new id and key every run, like a new release. */
export const BENCH_BUILD = {
  clientId: `spc_${Array.from({ length: 24 }, () => BASE62[randomInt(BASE62.length)]).join('')}`,
  name: 'scanpin-scan bench linux-x64',
  version: '0.0.0-bench',
  platform: 'linux-x64',
  key: randomBytes(32).toString('base64url'),
} as const;

const KEY = Buffer.from(BENCH_BUILD.key, 'base64url');
const sha256 = (data: string) => createHash('sha256').update(data).digest('hex');

/** Writes the build manifest into `dir` (created if need be); the server reads it when it starts. */
export function writeBuildManifest(dir: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'scanner-clients.json'),
    JSON.stringify({ clients: [{ ...BENCH_BUILD, builtAt: new Date().toISOString() }] }),
    { mode: 0o600 },
  );
}

/**
 * The headers that identify and sign one scanner call: the HMAC-SHA256, under the build's key, of
 * `scanpin-signature-v1`, the method, the path, the timestamp, the session token's SHA-256 (`-` for
 * /start) and the body's SHA-256, one per line. The server remembers every signature it accepts, so
 * two calls must never be byte for byte the same within a second; the bench's never are (each start
 * names its own PIN, each progress its own step).
 */
export function signedHeaders(
  method: string,
  path: string,
  body: string,
  sessionToken: string | null,
): Record<string, string> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const canonical = [
    'scanpin-signature-v1',
    method.toUpperCase(),
    path.split('?', 1)[0],
    timestamp,
    sessionToken === null ? '-' : sha256(sessionToken),
    sha256(body),
  ].join('\n');
  return {
    'scanpin-client': BENCH_BUILD.clientId,
    'scanpin-timestamp': timestamp,
    'scanpin-signature': `v1=${createHmac('sha256', KEY).update(canonical).digest('base64url')}`,
  };
}
