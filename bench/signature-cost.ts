/*
 * What the signed-call check costs (docs/benchmarks.md, "Signature cost"), two ways:
 * - whole scans (bench/whole-scans.ts) against one server in its own process, its scanner calls
 *   signed by the bench's registered official build and, in the same run, unsigned (SCANNER_ACCEPT=any
 *   takes both). The two alternate in rounds (unsigned first, then signed first, and so on) so that the
 *   store's growth and other work on the machine fall on both alike. Reported as time per scan signed
 *   over time per scan unsigned, less one, and the same for the server's CPU time per scan (from
 *   /proc), which other work on a shared machine hardly moves; the difference in CPU, spread over the
 *   7 signed calls of a scan, is the server's cost of one signed call, body hashing, replay memory and
 *   all;
 * - the check alone, in this process: the body and session digests, the HMAC and its constant-time
 *   comparison and the replay digest of one signed call, in CPU time, with no store and no HTTP.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  parseSignatureHeader,
  replayDigest,
  sessionPart,
  signatureMatches,
} from '../src/domain/scanner-signature.js';
import { CLEAN_REPORT, type ScannerCalls } from './api.js';
import type { PlayerProofs } from './player-proofs.js';
import type { Running } from './processes.js';
import { BENCH_BUILD, signedHeaders } from './scan-client.js';
import { measureWholeScans } from './whole-scans.js';

/** start, 5 progress and finish: the scanner calls of a whole scan (its PIN's creation is not one). */
export const SIGNED_CALLS_PER_SCAN = 7;

export interface ModeFigures {
  scans: number;
  failures: number;
  /** Wall time of the rounds in this mode, s. */
  seconds: number;
  /** The server's CPU time over those rounds, ms. */
  serverCpuMs: number;
  /** This process's (the load generator's) CPU time over them, ms. */
  loadCpuMs: number;
}

export interface SignatureCost {
  rounds: number;
  secondsPerRound: number;
  signed: ModeFigures;
  unsigned: ModeFigures;
}

/** One of the check's figures, derived: time per scan, and the ratios the targets judge. */
export const perScan = {
  wallMs: (m: ModeFigures) => (m.seconds * 1000) / m.scans,
  scansPerSecond: (m: ModeFigures) => m.scans / m.seconds,
  serverCpuMs: (m: ModeFigures) => m.serverCpuMs / m.scans,
  loadCpuMs: (m: ModeFigures) => m.loadCpuMs / m.scans,
};

/** Signed time per scan over unsigned, less one (0.03 is 3 % slower). */
export const wallRatio = (c: SignatureCost) => perScan.wallMs(c.signed) / perScan.wallMs(c.unsigned) - 1;
/** The same for the server's CPU time per scan. */
export const cpuRatio = (c: SignatureCost) =>
  perScan.serverCpuMs(c.signed) / perScan.serverCpuMs(c.unsigned) - 1;
/** The server's CPU time of one signed call beyond an unsigned one, µs. */
export const serverUsPerSignedCall = (c: SignatureCost) =>
  ((perScan.serverCpuMs(c.signed) - perScan.serverCpuMs(c.unsigned)) * 1000) / SIGNED_CALLS_PER_SCAN;

const cpuNowMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

export async function measureSignatureCost(
  server: Running,
  keys: readonly string[],
  seconds: number,
  proofs: PlayerProofs,
  rounds = 3,
): Promise<SignatureCost> {
  const empty = (): ModeFigures => ({ scans: 0, failures: 0, seconds: 0, serverCpuMs: 0, loadCpuMs: 0 });
  const figures: Record<ScannerCalls, ModeFigures> = { signed: empty(), unsigned: empty() };
  // Both paths warm (compiled, cached) before anything counts.
  for (const mode of ['unsigned', 'signed'] as const)
    await measureWholeScans(server.url, keys, 1, proofs, mode);
  for (let round = 0; round < rounds; round++) {
    const order: ScannerCalls[] = round % 2 === 0 ? ['unsigned', 'signed'] : ['signed', 'unsigned'];
    for (const mode of order) {
      const cpu0 = server.cpuMs();
      const load0 = cpuNowMs();
      const t0 = performance.now();
      const w = await measureWholeScans(server.url, keys, seconds, proofs, mode);
      const f = figures[mode];
      f.seconds += (performance.now() - t0) / 1000;
      f.serverCpuMs += server.cpuMs() - cpu0;
      f.loadCpuMs += cpuNowMs() - load0;
      f.scans += w.scans;
      f.failures += w.failures;
    }
  }
  return { rounds, secondsPerRound: seconds, ...figures };
}

export interface CheckAlone {
  calls: number;
  /** CPU time of one check, µs. */
  usPerCall: number;
}

/**
 * The check of one signed finish, as the server makes it once the body has arrived, `calls` times
 * in this process, timed in CPU time (a pause the scheduler gives other work does not count).
 */
export function measureCheckAlone(calls = 50_000): CheckAlone {
  const token = randomBytes(32).toString('base64url');
  const body = JSON.stringify({ ...CLEAN_REPORT, discord: [{ id: '312345678901234567', username: 'load' }] });
  const path = '/v1/scanner/finish';
  const headers = signedHeaders('POST', path, body, token);
  const key = Buffer.from(BENCH_BUILD.key, 'base64url');
  const bodyBytes = Buffer.from(body);
  const once = () => {
    const signature = parseSignatureHeader(headers['scanpin-signature']);
    if (signature === null) throw new Error('the bench signed a header the server cannot read');
    const parts = {
      method: 'POST',
      path,
      timestamp: headers['scanpin-timestamp'] as string,
      session: sessionPart(token),
      body: createHash('sha256').update(bodyBytes).digest('hex'),
    };
    if (!signatureMatches(key, parts, signature)) throw new Error('the bench signed what the server refuses');
    return replayDigest(BENCH_BUILD.clientId, signature);
  };
  for (let i = 0; i < 2_000; i++) once();
  const t0 = cpuNowMs();
  for (let i = 0; i < calls; i++) once();
  return { calls, usPerCall: ((cpuNowMs() - t0) * 1000) / calls };
}
