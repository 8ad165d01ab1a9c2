/*
 * Whole scans per second through the scanner API: each worker loops create → start → the player's
 * proof through the start's link → 5 progress → finish, as a community's bot, a scan client and its
 * player would, for `seconds`. The proof ties the scan to its player, so the finish does its full work
 * on the shared risk aggregates (docs/risk-score.md, "Whose scan it is"); without it the scan would
 * skip them. The scanner calls are signed by the bench's registered official build unless told
 * otherwise (bench/scan-client.ts), so the finish is the one an official scan takes. Every worker
 * creates under its own account, as real communities do, so no account piles up thousands of open PINs.
 */
import { randomInt } from 'node:crypto';
import { Api, CLEAN_REPORT, type ScannerCalls } from './api.js';
import type { PlayerProofs } from './player-proofs.js';

export interface WholeScans {
  scansPerSecond: number;
  /** Whole scans completed. */
  scans: number;
  /** Duration of one whole scan (create, the 7 scanner requests, and the player's proof: 3 more and Discord's stand-in), ms. */
  p50: number;
  p99: number;
  failures: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] as number;
}

async function wholeScan(api: Api, proofs: PlayerProofs): Promise<void> {
  const pin = await api.createPin();
  const id = `3${String(randomInt(2 ** 47)).padStart(17, '0')}`;
  const player = { id, username: `load${id.slice(-6)}` };
  const { bearer, proofUrl } = await api.startScan(pin, `LOAD-${randomInt(2 ** 47)}`);
  if (proofUrl === null) throw new Error('the start answered no proof link: is Discord configured?');
  await proofs.prove(proofUrl, player);
  for (let step = 1; step <= 5; step++) {
    await api.call(
      'POST',
      '/v1/scanner/progress',
      { progress: step * 15, statusMessage: `Step ${step} of 5` },
      bearer,
    );
  }
  await api.call('POST', '/v1/scanner/finish', { ...CLEAN_REPORT, discord: [player] }, bearer);
}

export async function measureWholeScans(
  base: string,
  keys: readonly string[],
  seconds: number,
  proofs: PlayerProofs,
  scannerCalls: ScannerCalls = 'signed',
): Promise<WholeScans> {
  const durations: number[] = [];
  let failures = 0;
  let firstError: unknown = null;
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    keys.map(async (key) => {
      const api = new Api(base, key, scannerCalls);
      while (performance.now() < until) {
        const t = performance.now();
        try {
          await wholeScan(api, proofs);
          durations.push(performance.now() - t);
        } catch (err) {
          failures++;
          firstError ??= err;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  if (firstError !== null) console.warn(`  whole scans: ${failures} failed, first: ${String(firstError)}`);
  durations.sort((a, b) => a - b);
  return {
    scansPerSecond: durations.length / elapsed,
    scans: durations.length,
    p50: percentile(durations, 50),
    p99: percentile(durations, 99),
    failures,
  };
}
