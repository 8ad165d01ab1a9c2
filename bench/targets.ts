/*
 * The targets of docs/benchmarks.md ("Targets"): ratios to the bare-Fastify baseline of the same run
 * at 50 connections, growth from the smallest size measured to 1 000 000 stored scans, whole scans per second, streams
 * held, memory, and the signed-call check's cost against unsigned whole scans of the same run. A
 * target whose figure was not measured in this run says so instead of passing.
 */
import type { EvidenceFigures } from './evidence.js';
import type { Figure } from './load.js';
import type { Options } from './options.js';
import type { EndpointName, SizeResult, StoreResult } from './results.js';
import {
  type CheckAlone,
  cpuRatio,
  perScan,
  SIGNED_CALLS_PER_SCAN,
  serverUsPerSignedCall,
  sideBySideRatio,
  wallRatio,
} from './signature-cost.js';

export interface TargetCheck {
  store: string;
  target: string;
  figure: string;
  /** null: not measured in this run (e.g. --quick has no 1 000 000 scans). */
  pass: boolean | null;
}

/** Per endpoint: the least ratio on SQLite, its p99 bound (ms) if any, and the least on PostgreSQL. */
const RATIO_TARGETS: Array<[EndpointName, number, number | null, number]> = [
  ['status, pending PIN', 0.5, 10, 0.35],
  ['status, scanning PIN', 0.5, 10, 0.35],
  ['status, finished PIN', 0.45, null, 0.3],
  ['results, finished PIN', 0.4, null, 0.3],
  ['risk score', 0.35, null, 0.25],
  ['lookup', 0.3, null, 0.2],
];
const STALL_FACTOR = 2;
const GROWTH_LIMIT = 1.5;
const WHOLE_SCANS = { sqlite: 500, postgres: 300 } as const;
const STREAMS = 10_000;
const MEMORY_MB = 300;
const MILLION = 1_000_000;
/** The signed-call check may cost a whole scan at most this much more than an unsigned scan. */
const SIGNATURE_SHARE = 0.05;

export const ratio = (s: SizeResult, name: EndpointName) => {
  const f = s.endpoints[name];
  return f === undefined ? Number.NaN : f.rps / s.baseline.rps;
};
const fmt = (n: number, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');
const scans = (n: number) => n.toLocaleString('en');

/** Judging one upload of 50 000 strings against 5 000 rules, on one core (the evaluation alone). */
const EVIDENCE_MS = 50;

const pct = (x: number) => (Number.isFinite(x) ? `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)} %` : 'n/a');

export function checkTargets(
  results: readonly StoreResult[],
  evidence: EvidenceFigures,
  checkAlone: CheckAlone,
  opts: Options,
): TargetCheck[] {
  const checks: TargetCheck[] = [];
  checks.push({
    store: 'in-process',
    target: `evidence: ${scans(evidence.strings)} strings against ${scans(evidence.rules)} rules ≤ ${EVIDENCE_MS} ms on one core (p99)`,
    figure: `p50 ${fmt(evidence.p50, 1)} ms, p99 ${fmt(evidence.p99, 1)} ms; compile ${fmt(evidence.compileMs, 1)} ms`,
    pass: evidence.p99 <= EVIDENCE_MS,
  });
  for (const r of results) {
    const add = (target: string, figure: string, pass: boolean | null) =>
      checks.push({ store: r.label, target, figure, pass });
    for (const s of r.sizes) {
      const at = `at ${scans(s.size)} scans`;
      for (const [name, min, p99Max, pgMin] of RATIO_TARGETS) {
        const f = s.endpoints[name];
        if (f === undefined) continue;
        const x = ratio(s, name);
        const clean = f.failures === 0;
        if (r.store === 'sqlite') {
          const p99ok = p99Max === null || f.p99 <= p99Max;
          add(
            `${name} ≥ ${min}${p99Max === null ? '' : ` (p99 ≤ ${p99Max} ms)`}, ${at}`,
            `${fmt(x)}${p99Max === null ? '' : `, p99 ${f.p99} ms`}${clean ? '' : `, ${f.failures} failed`}`,
            clean && x >= min && p99ok,
          );
        } else {
          // Both with statistics and without: no read may depend on the planner's luck.
          const states: Array<[string, Figure | undefined]> = [
            ['never analysed', s.neverAnalysed?.[name]],
            [s.neverAnalysed === undefined ? '' : 'analysed', f],
          ];
          for (const [state, g] of states) {
            if (g === undefined) continue;
            const y = g.rps / s.baseline.rps;
            const ok = g.failures === 0;
            add(
              `${name}${state === '' ? '' : ` (${state})`} ≥ ${pgMin}, ${at}`,
              `${fmt(y)}${ok ? '' : `, ${g.failures} failed`}`,
              ok && y >= pgMin,
            );
          }
        }
      }
      for (const [name, b] of Object.entries(s.analyzeEffect?.bursts ?? {})) {
        // Every pooled connection plans its prepared statements again after ANALYZE; that must not
        // show as a stall. Measured against the same burst just before, so the machine's noise cancels.
        add(
          `${name}: slowest of ${b.after.requests} at once right after ANALYZE ≤ ${STALL_FACTOR} × just before, ${at}`,
          `${fmt(b.after.maxMs, 0)} ms vs ${fmt(b.before.maxMs, 0)} ms`,
          b.after.maxMs <= STALL_FACTOR * b.before.maxMs,
        );
      }
      if (s.wholeScans !== undefined) {
        const min = WHOLE_SCANS[r.store];
        add(
          `whole scans ≥ ${min}/s, ${at}`,
          `${fmt(s.wholeScans.scansPerSecond, 0)}/s${s.wholeScans.failures ? `, ${s.wholeScans.failures} failed` : ''}`,
          s.wholeScans.failures === 0 && s.wholeScans.scansPerSecond >= min,
        );
      }
      const cost = s.signatureCost;
      if (cost !== undefined) {
        const clean = cost.signed.failures + cost.unsigned.failures === 0;
        const failed = clean ? '' : `, ${cost.signed.failures + cost.unsigned.failures} failed`;
        const share = `${SIGNATURE_SHARE * 100} %`;
        // Side by side: on a shared machine one round of either kind alone can catch a burst of other work.
        const side = cost.sideBySide;
        add(
          `signature check: a signed whole scan takes < ${share} longer than an unsigned one (the same server at the same time, half the workers each), ${at}`,
          `${pct(sideBySideRatio(cost))} (${scans(side.signed)} signed and ${scans(side.unsigned)} unsigned scans in ${fmt(side.seconds, 1)} s; in alternating rounds ${pct(wallRatio(cost))}, round by round ${cost.roundRatios.map(pct).join(', ')})${side.failures + cost.signed.failures + cost.unsigned.failures === 0 ? '' : ', some failed'}`,
          clean && side.failures === 0 && sideBySideRatio(cost) < SIGNATURE_SHARE,
        );
        add(
          `signature check: the server's CPU per signed whole scan < ${share} over unsigned, ${at}`,
          `${pct(cpuRatio(cost))} (${fmt(perScan.serverCpuMs(cost.signed))} vs ${fmt(perScan.serverCpuMs(cost.unsigned))} ms; ${fmt(serverUsPerSignedCall(cost), 0)} µs per signed call)${failed}`,
          clean && cpuRatio(cost) < SIGNATURE_SHARE,
        );
        // The check alone in CPU time: against the store (replay memory included) when it was
        // measured there, else its cryptography only (which the target then flatters).
        const onStore = s.checkOnStore;
        const us = onStore?.cpuUsPerCall ?? checkAlone.usPerCall;
        const alone = (us * SIGNED_CALLS_PER_SCAN) / (perScan.serverCpuMs(cost.unsigned) * 1000);
        add(
          `signature check alone (in-process, ${onStore === undefined ? 'cryptography only' : 'on the store'}; ${SIGNED_CALLS_PER_SCAN} calls) < ${share} of the server's CPU per unsigned whole scan, ${at}`,
          `${fmt(alone * 100, 1)} % (${SIGNED_CALLS_PER_SCAN} × ${fmt(us, 0)} µs of ${fmt(perScan.serverCpuMs(cost.unsigned))} ms)`,
          alone < SIGNATURE_SHARE,
        );
      }
      if (s.streams !== undefined) {
        add(
          `≥ ${scans(STREAMS)} concurrent event streams, ${at}`,
          `${scans(s.streams.held)} held of ${scans(s.streams.target)} tried`,
          s.streams.target >= STREAMS ? s.streams.held >= STREAMS : null,
        );
      }
    }
    const first = r.sizes[0];
    const million = r.sizes.find((s) => s.size === MILLION);
    for (const name of ['risk score', 'lookup'] as const) {
      const a = first?.endpoints[name];
      const b = million?.endpoints[name];
      add(
        `${name} p50 at 1,000,000 scans ≤ ${GROWTH_LIMIT} × at ${scans(first?.size ?? 0)}`,
        a && b
          ? `${b.p50} ms vs ${a.p50} ms (${fmt(b.p50 / a.p50)}×)`
          : 'not measured (needs a smaller size and 1000000)',
        a && b && first !== million ? b.p50 <= GROWTH_LIMIT * a.p50 : null,
      );
    }
    add(
      `server memory < ${MEMORY_MB} MB resident with 1,000,000 scans`,
      million
        ? `${fmt(million.rssMb, 0)} MB after the reads (peak ${fmt(million.peakRssMb, 0)} MB)`
        : 'not measured',
      million ? million.rssMb < MEMORY_MB : null,
    );
  }
  if (opts.quick) {
    for (const c of checks) c.target = c.target.replace(/, at 1,000 scans$/, ', at 1,000 scans (--quick)');
  }
  return checks;
}
