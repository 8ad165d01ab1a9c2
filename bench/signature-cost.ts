/*
 * What the signed-call check costs (docs/benchmarks.md, "Signature cost"), two ways:
 * - whole scans (bench/whole-scans.ts) against one server in its own process, its scanner calls
 *   signed by the bench's registered official build and, in the same run, unsigned (SCANNER_ACCEPT=any
 *   takes both). The two alternate in rounds (unsigned first, then signed first, and so on) so that the
 *   store's growth falls on both alike, reported as time per scan signed over time per scan unsigned,
 *   less one, and the same for the server's CPU time per scan (from /proc), which other work on a
 *   shared machine hardly moves; the difference in CPU, spread over the 7 signed calls of a scan, is
 *   the server's cost of one signed call, body hashing, replay memory and all. Time per scan moves with
 *   every burst of other work on a shared machine, so it is also measured side by side: half the
 *   workers signed, half unsigned, at the same time;
 * - the check alone, in this process, no HTTP: the application's identification and check of signed
 *   finishes against the bench store (the client's row, its opened key, the timestamp, the body and
 *   session digests, the HMAC and its constant-time comparison, the replay memory's write and its
 *   commit), 50 at a time as under load, in CPU and wall time; and the same without the store
 *   (digests, HMAC, comparison and replay digest), so the share of each is seen.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  identifyStart,
  type PendingSignature,
  verifySignedCall,
} from '../src/application/scanner-clients/identify-caller.js';
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
import { withContext } from './seed.js';
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
  /** Over all rounds. */
  signed: ModeFigures;
  unsigned: ModeFigures;
  /** Each round's own signed time per scan over unsigned, less one: the spread the machine's noise gives. */
  roundRatios: number[];
  /**
   * Side by side: half the workers signed and half unsigned at the same time, twice (the halves
   * swapped), so both see the same machine. Whole scans each way and the wall time they shared, s.
   */
  sideBySide: { signed: number; unsigned: number; seconds: number; failures: number };
}

/** One of the check's figures, derived: time per scan, and the ratios the targets judge. */
export const perScan = {
  wallMs: (m: ModeFigures) => (m.seconds * 1000) / m.scans,
  scansPerSecond: (m: ModeFigures) => m.scans / m.seconds,
  serverCpuMs: (m: ModeFigures) => m.serverCpuMs / m.scans,
  loadCpuMs: (m: ModeFigures) => m.loadCpuMs / m.scans,
};

/** Signed time per scan over unsigned, less one (0.03 is 3 % slower), over all rounds. */
export const wallRatio = (c: SignatureCost) => perScan.wallMs(c.signed) / perScan.wallMs(c.unsigned) - 1;
/**
 * Side by side, signed time per scan over unsigned, less one: each half's workers loop for the same
 * wall time, so the ratio of the scans they finished is the inverse ratio of their time per scan.
 * Other work on the machine falls on both halves alike; the signed half's extra CPU slows the unsigned
 * half too, so this is the wait the check adds more than its CPU (which cpuRatio gives).
 */
export const sideBySideRatio = (c: SignatureCost) => c.sideBySide.unsigned / c.sideBySide.signed - 1;
/** The server's CPU time per scan, signed over unsigned, less one (the alternating rounds). */
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
  rounds = 4,
): Promise<SignatureCost> {
  const empty = (): ModeFigures => ({ scans: 0, failures: 0, seconds: 0, serverCpuMs: 0, loadCpuMs: 0 });
  const figures: Record<ScannerCalls, ModeFigures> = { signed: empty(), unsigned: empty() };
  // Both paths warm (compiled, cached) before anything counts.
  for (const mode of ['unsigned', 'signed'] as const)
    await measureWholeScans(server.url, keys, 1, proofs, mode);
  const roundRatios: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const order: ScannerCalls[] = round % 2 === 0 ? ['unsigned', 'signed'] : ['signed', 'unsigned'];
    const msPerScan: Partial<Record<ScannerCalls, number>> = {};
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
      msPerScan[mode] = (performance.now() - t0) / w.scans;
    }
    roundRatios.push((msPerScan.signed as number) / (msPerScan.unsigned as number) - 1);
  }
  const sideBySide = { signed: 0, unsigned: 0, seconds: 0, failures: 0 };
  const half = Math.floor(keys.length / 2);
  for (const [signedKeys, unsignedKeys] of [
    [keys.slice(0, half), keys.slice(half, 2 * half)],
    [keys.slice(half, 2 * half), keys.slice(0, half)],
  ] as const) {
    const t0 = performance.now();
    const [signed, unsigned] = await Promise.all([
      measureWholeScans(server.url, signedKeys, seconds, proofs, 'signed'),
      measureWholeScans(server.url, unsignedKeys, seconds, proofs, 'unsigned'),
    ]);
    sideBySide.seconds += (performance.now() - t0) / 1000;
    sideBySide.signed += signed.scans;
    sideBySide.unsigned += unsigned.scans;
    sideBySide.failures += signed.failures + unsigned.failures;
  }
  return { rounds, secondsPerRound: seconds, ...figures, roundRatios, sideBySide };
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

export interface CheckOnStore {
  calls: number;
  /** CPU time of one identification and check, replay memory included, µs. */
  cpuUsPerCall: number;
  /** Wall time over the calls, µs per call (50 at a time: commits shared as under load). */
  wallUsPerCall: number;
}

const AT_ONCE = 50;
/** Calls before the measured ones: the first thousands run far slower, before the JIT has them. */
const WARM_UP = 3_000;

/**
 * `calls` signed calls identified by their client id (as a start is) and checked with a finish's body
 * and session by the application against the store of `env`, as the server does before a handler
 * runs, 50 at a time; each has its own body, so none is a replay. Run while no server has the store
 * open (SQLite has one writer at a time).
 */
export function measureCheckOnStore(env: NodeJS.ProcessEnv, calls = 5_000): Promise<CheckOnStore> {
  return withContext(env, async (ctx) => {
    const path = '/v1/scanner/finish';
    const token = randomBytes(32).toString('base64url');
    // Signed beforehand: the client's work is not the server's.
    const prepared = Array.from({ length: calls + WARM_UP }, (_, i) => {
      const body = JSON.stringify({ ...CLEAN_REPORT, scantime: `${i} seconds` });
      return {
        headers: signedHeaders('POST', path, body, token),
        digest: createHash('sha256').update(body).digest('hex'),
      };
    });
    const once = async ({ headers, digest }: (typeof prepared)[number]) => {
      const { pending } = await identifyStart(ctx, {
        client: headers['scanpin-client'],
        timestamp: headers['scanpin-timestamp'],
        signature: headers['scanpin-signature'],
      });
      await verifySignedCall(ctx, pending as PendingSignature, {
        method: 'POST',
        path,
        sessionToken: token,
        bodyDigest: digest,
      });
    };
    for (const call of prepared.slice(calls)) await once(call);
    const cpu0 = cpuNowMs();
    const t0 = performance.now();
    // As many at once as the whole scans' workers, so the replay memory's writes share commits as
    // they do on a loaded server.
    let next = 0;
    await Promise.all(
      Array.from({ length: AT_ONCE }, async () => {
        while (next < calls) await once(prepared[next++] as (typeof prepared)[number]);
      }),
    );
    return {
      calls,
      cpuUsPerCall: ((cpuNowMs() - cpu0) * 1000) / calls,
      wallUsPerCall: ((performance.now() - t0) * 1000) / calls,
    };
  });
}
